import { MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router';
import { MaintenanceNotice } from '../features/maintenance/components/maintenance-page.tsx';
import { applyDocumentLanguage } from '../shared/i18n/i18n.ts';
import { getSession, isSessionValid } from '../shared/session/session-store.ts';
import { nextTask } from '../shared/tasks/next-task.ts';
import { AppLoadFailure } from './app-load-failure.tsx';
import { type LoadedApplication, loadApplication, readInlineConfig } from './bootstrap.ts';
import { type MaintenanceWithoutApi, maintenanceWithoutApi } from './maintenance-without-api.ts';
import { OutdatedBuildCheck } from './outdated-build-check.tsx';
import { capturePartnerHandOff } from './partner-hand-off.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter, preloadPage } from './router.tsx';
import { createAppTheme } from './theme.ts';

export type AppStart =
  | { status: 'SUCCESS'; app: LoadedApplication; router: ReturnType<typeof createAppRouter> }
  | { status: 'MAINTENANCE'; maintenance: MaintenanceWithoutApi }
  | { status: 'FAILURE' };

/**
 * Loads what the first screen needs before React renders anything, the page's own code and data included:
 * until then the page shows index.html's own loading indicator, so the first render is the page itself, not
 * a loader that is at once replaced. (A page whose chunk came after the first render showed "Loading the
 * page…" first, and React keeps a fallback on screen for at least 300 ms once shown: the public tracking page
 * drew its order 300 ms after its code had arrived.) A page chunk whose first attempt fails does not hold the
 * start: the shell renders with the page loader while its retries go on (spec §8).
 *
 * The start is cut into tasks: the modules' evaluation, reading the deployment and asking for what the page
 * needs, fetching the page's code, building the router while those answers travel. One task for all of it
 * kept a phone's main thread busy for a second at a time (bench/LOG.md, lighthouse).
 */
export async function startApp(): Promise<AppStart> {
  // Before the router reads the URL: a partner's token leaves the address bar first (decision 081).
  capturePartnerHandOff();
  await nextTask();
  let pageLoaded: Promise<void> = Promise.resolve();
  const loading = loadApplication({
    onConfig: (config, queryClient) => {
      // A guest deployment lets visitors without a session into the portal's pages (GuestSessionGate).
      const hasSession = config.mode === 'GUEST' || isSessionValid(getSession(), config.mode);
      pageLoaded = preloadPage(window.location.pathname, hasSession, queryClient);
    },
  });
  // Settled here too, so a failure while the router is built is not reported as unhandled; it is handled below.
  loading.catch(() => undefined);
  await nextTask();
  const router = createAppRouter();
  try {
    const app = await loading;
    await pageLoaded;
    return { status: 'SUCCESS', app, router };
  } catch {
    router.dispose();
    // spec §7: the maintenance flags hold while the API is down, read from the remote flag sources.
    const maintenance = await maintenanceWithoutApi(readInlineConfig()?.flagProviders).catch(() => null);
    if (!maintenance) return { status: 'FAILURE' };
    applyDocumentLanguage(maintenance.language);
    return { status: 'MAINTENANCE', maintenance };
  }
}

export function App({ start }: { start: AppStart }) {
  if (start.status === 'MAINTENANCE') {
    return (
      <MantineProvider theme={createAppTheme(start.maintenance.primaryColor ?? 'pink')}>
        <MaintenanceNotice {...start.maintenance.texts} />
      </MantineProvider>
    );
  }
  if (start.status === 'FAILURE') {
    return (
      <MantineProvider>
        <AppLoadFailure />
      </MantineProvider>
    );
  }
  const { config, i18n, queryClient } = start.app;
  return (
    <AppProviders config={config} i18n={i18n} queryClient={queryClient}>
      <OutdatedBuildCheck />
      <RouterProvider router={start.router} />
    </AppProviders>
  );
}
