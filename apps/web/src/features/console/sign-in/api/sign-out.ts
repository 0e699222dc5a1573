import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';
import { endConsoleSession } from '../../shared/console-session.ts';

/** POST /console/sign-out: the session ends on the server; here too, whatever the answer. */
export async function signOut() {
  try {
    await consoleApi.post(`${CONSOLE_API}/sign-out`, {}, { retries: 0 });
  } finally {
    endConsoleSession('signed-out');
  }
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signOut, onSettled: () => queryClient.clear() });
}
