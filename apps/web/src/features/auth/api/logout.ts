import { LogoutAnswerSchema } from '@riderdesk/domain/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { flagKeys } from '../../../shared/api/query-keys.ts';
import { notify } from '../../../shared/notify.ts';
import { beginLogout, clearCredentials } from '../../../shared/session/session-store.ts';

export async function logout(): Promise<boolean> {
  return (await api.post(`${API_BASE}/logout`, {}, { schema: LogoutAnswerSchema, retries: 0 })).result;
}

/** spec §4: logout clears the tokens and guest orders, resets the stores and says so. */
export function useLogout() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async () => {
      beginLogout();
      try {
        await logout();
      } catch {
        // The server may already consider the session over; the browser forgets it regardless.
      }
    },
    onSettled: () => {
      clearCredentials();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== flagKeys.all[0] });
      notify({ message: t('auth.disconnected'), tone: 'info' });
    },
  });
}
