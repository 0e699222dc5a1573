import { Center, Loader, MantineProvider } from '@mantine/core';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppLoadFailure } from './app-load-failure.tsx';
import { type LoadedApplication, loadApplication } from './bootstrap.ts';
import { OutdatedBuildCheck } from './outdated-build-check.tsx';
import { capturePartnerHandOff } from './partner-hand-off.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

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
    loadApplication().then(
      (app) => setState({ status: 'SUCCESS', app }),
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
