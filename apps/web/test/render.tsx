import type { PublicConfig } from '@riderdesk/domain/contracts/deployment';
import { FLAG_DEFAULTS, type Flags } from '@riderdesk/domain/contracts/flags';
import en from '@riderdesk/domain/locales/en.json';
import urAlt from '@riderdesk/domain/locales/ur_alt.json';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { createQueryClient } from '../src/app/bootstrap.ts';
import { AppProviders } from '../src/app/providers.tsx';
import { flagKeys } from '../src/shared/api/query-keys.ts';
import { createI18n } from '../src/shared/i18n/i18n.ts';
import { testConfig } from './fixtures.ts';

export interface RenderOptions {
  config?: Partial<PublicConfig>;
  flags?: Partial<Flags>;
  language?: string;
  /** Runs on the query client before the first render, as the app's start does for the page's data. */
  prepare?: (queryClient: QueryClient) => Promise<void>;
}

async function setup(options: RenderOptions) {
  const config = { ...testConfig, ...options.config };
  const i18n = await createI18n({
    language: options.language ?? 'en',
    fallbackLanguage: 'en',
    resources: { en, ur_alt: urAlt },
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(flagKeys.all, { flags: { ...FLAG_DEFAULTS, ...options.flags }, source: 'test' });
  await options.prepare?.(queryClient);
  return { config, i18n, queryClient };
}

/** Renders routes in memory with the application's real providers. */
export async function renderRoutes(routes: RouteObject[], initialPath: string, options: RenderOptions = {}) {
  const { config, i18n, queryClient } = await setup(options);
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const view = render(
    <AppProviders config={config} i18n={i18n} queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, i18n };
}

export async function renderWithProviders(ui: ReactNode, options: RenderOptions = {}) {
  return renderRoutes([{ path: '*', element: ui }], '/', options);
}
