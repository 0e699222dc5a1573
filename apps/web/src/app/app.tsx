import { Center, Loader, MantineProvider } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { getSession, isSessionValid } from '../shared/session/session-store.ts';
import { AppLoadFailure } from './app-load-failure.tsx';
import { type LoadedApplication, loadApplication } from './bootstrap.ts';
import { OutdatedBuildCheck } from './outdated-build-check.tsx';
import { capturePartnerHandOff } from './partner-hand-off.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter, preloadPage } from './router.tsx';

export function App() {
  const [state, setState] = useState<
    { status: 'LOADING' } | { status: 'SUCCESS'; app: LoadedApplication } | { status: 'FAILURE' }
  >({ status: 'LOADING' });
  const [router] = useState(() => {
    // Before the router reads the URL: a partner's token leaves the address bar first (decision 081).
    capturePartnerHandOff();
    return createAppRouter();
  });

  useEffect(() => {
    loadApplication({
      onConfig: (config) =>
        // A guest deployment lets visitors without a session into the portal's pages (GuestSessionGate).
        preloadPage(window.location.pathname, config.mode === 'GUEST' || isSessionValid(getSession(), config.mode)),
    }).then(
      // The first full render (providers, router, the page whose chunk is already here) is a transition:
      // React renders it in slices and keeps the main thread free for input meanwhile.
      (app) => startTransition(() => setState({ status: 'SUCCESS', app })),
      () => setState({ status: 'FAILURE' }),
    );
  }, []);

  if (state.status !== 'SUCCESS') {
    return (
      <MantineProvider>
        {state.status === 'LOADING' ? (
          <Center mih="100vh" role="status" aria-label="Loading">
            <Loader type="dots" />
          </Center>
        ) : (
          <AppLoadFailure />
        )}
      </MantineProvider>
    );
  }
  const { config, i18n, queryClient } = state.app;
  return (
    <AppProviders config={config} i18n={i18n} queryClient={queryClient}>
      <OutdatedBuildCheck />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
