import { DirectionProvider, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { pickLanguage } from '@riderdesk/domain/config';
import { type PublicConfig, PublicConfigAnswerSchema } from '@riderdesk/domain/contracts/deployment';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { consoleApi } from '../../features/console/shared/console-api.ts';
import { followConsoleSessionAcrossTabs } from '../../features/console/shared/console-session.ts';
import { getConsoleTranslations } from '../../features/console/shared/get-console-translations.ts';
import { API_BASE } from '../../shared/api/client.ts';
import { ConfigProvider } from '../../shared/config/config-context.tsx';
import { createI18n, directionOf, type Translations } from '../../shared/i18n/i18n.ts';
import { readStorage, STORAGE_KEYS } from '../../shared/storage.ts';
import { AppLoadFailure } from '../app-load-failure.tsx';
import { createQueryClient, readInlineConfig } from '../bootstrap.ts';
import { NotificationsOutlet } from '../providers.tsx';
import { createAppTheme, cssVariablesResolver } from '../theme.ts';
import { createConsoleRouter } from './console-router.tsx';

export type ConsoleStart =
  | { status: 'SUCCESS'; config: PublicConfig; i18n: I18n; queryClient: QueryClient }
  | { status: 'FAILURE' };

/** The deployment (inline in the page, as the merchants' index.html has it) and the texts of the language. */
export async function startConsole(): Promise<ConsoleStart> {
  try {
    const config =
      readInlineConfig() ?? (await consoleApi.get(`${API_BASE}/config`, { schema: PublicConfigAnswerSchema })).result;
    const language = pickLanguage(readStorage(STORAGE_KEYS.language), config);
    const locales = [...new Set([language, config.defaultLanguage])];
    const bundles = await Promise.all(locales.map(getConsoleTranslations));
    const resources: Record<string, Translations> = {};
    locales.forEach((locale, index) => {
      resources[locale] = bundles[index] ?? {};
    });
    const i18n = await createI18n({ language, fallbackLanguage: config.defaultLanguage, resources });
    return { status: 'SUCCESS', config, i18n, queryClient: createQueryClient() };
  } catch {
    return { status: 'FAILURE' };
  }
}

function SessionAcrossTabs() {
  useEffect(() => followConsoleSessionAcrossTabs(), []);
  return null;
}

/**
 * The merchants' theme, its close buttons named in the page's language; a notification's too (the console's
 * notifications must pass axe with one on screen).
 */
function ConsoleMantine({
  primaryColor,
  env,
  children,
}: {
  primaryColor: string;
  env?: 'default' | 'test';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const closeLabel = t('action.close-dialog');
  const theme = useMemo(
    () =>
      mergeThemeOverrides(createAppTheme(primaryColor, closeLabel), {
        components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } } },
      }),
    [primaryColor, closeLabel],
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      {children}
    </MantineProvider>
  );
}

/** The console's providers: the merchants' theme and notifications, the console's router. */
export function ConsoleProviders({
  config,
  i18n,
  queryClient,
  env,
  children,
}: {
  config: PublicConfig;
  i18n: I18n;
  queryClient: QueryClient;
  env?: 'default' | 'test';
  children: ReactNode;
}) {
  return (
    <ConfigProvider config={config}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection={false}>
            <ConsoleMantine primaryColor={config.brand.primaryColor} env={env}>
              <NotificationsOutlet />
              <SessionAcrossTabs />
              {children}
            </ConsoleMantine>
          </DirectionProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </ConfigProvider>
  );
}

export function ConsoleApp({ start }: { start: ConsoleStart }) {
  const [router] = useState(createConsoleRouter);
  if (start.status === 'FAILURE') {
    return (
      <MantineProvider>
        <AppLoadFailure />
      </MantineProvider>
    );
  }
  return (
    <ConsoleProviders config={start.config} i18n={start.i18n} queryClient={start.queryClient}>
      <RouterProvider router={router} />
    </ConsoleProviders>
  );
}
