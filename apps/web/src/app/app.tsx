import { Alert, Center, Loader, MantineProvider } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { type LoadedApplication, loadApplication } from './bootstrap.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

// spec §8: shown when the configuration or the translations cannot be loaded; closing reloads.
export const APP_LOAD_FAILURE = 'Could not load the application. Please check your internet connection and try again';

export function AppLoadFailure() {
  return (
    <Center mih="100vh" p="md">
      <Alert
        color="red"
        variant="light"
        radius="md"
        maw={520}
        icon={<IconWifiOff size={20} />}
        withCloseButton
        closeButtonLabel="Reload"
        onClose={() => window.location.reload()}
        role="alert"
      >
        {APP_LOAD_FAILURE}
      </Alert>
    </Center>
  );
}

export function App() {
  const [state, setState] = useState<
    { status: 'LOADING' } | { status: 'SUCCESS'; app: LoadedApplication } | { status: 'FAILURE' }
  >({ status: 'LOADING' });
  const [router] = useState(() => createAppRouter());

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
      <RouterProvider router={router} />
    </AppProviders>
  );
}
