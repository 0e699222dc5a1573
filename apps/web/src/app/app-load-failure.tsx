import { Alert, Center } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { reportClientError } from '../shared/monitoring/report-client-error.ts';

// spec §8: shown when the configuration, the translations or a page's code cannot be loaded; closing
// reloads. English here, because the translations may be what failed.
export const APP_LOAD_FAILURE = 'Could not load the application. Please check your internet connection and try again';

/** `message` carries the translated text once the translations are there. */
export function AppLoadFailure({ message = APP_LOAD_FAILURE }: { message?: string }) {
  // spec §9: the browser reports the banner it shows.
  useEffect(() => reportClientError('app-load', message), [message]);
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
        {message}
      </Alert>
    </Center>
  );
}
