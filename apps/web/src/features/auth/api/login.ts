import { LoginAnswerSchema, type LoginBody, type TokenSet } from '@riderdesk/domain/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/notify.ts';
import { setSession } from '../../../shared/session/session-store.ts';
import { STORAGE_KEYS, writeStorage } from '../../../shared/storage.ts';
import { getMe } from './get-me.ts';

export async function login(body: LoginBody): Promise<TokenSet> {
  // spec §4: a guest who logs in hands its orders to the account: the guest token goes as the Authorization
  // header, as on every call of the guest (spec §7; docs/decisions/080-guest-sessions.md).
  const answer = await api.post(`${API_BASE}/login`, body, {
    schema: LoginAnswerSchema,
    skipRefresh: true,
  });
  return answer.result;
}

export function useLogin() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const meta = await login(body);
      // spec §4: a successful login clears guest orders.
      writeStorage(STORAGE_KEYS.guestOrders, null);
      writeStorage(STORAGE_KEYS.guestToken, null);
      setSession({ user: { id: null, email: body.email_address.trim().toLowerCase() }, meta });
      try {
        const me = await getMe();
        setSession({ user: { id: me.id, email: me.email }, meta });
      } catch {
        // The e-mail typed at login is enough to work, but what the account holds is unknown (spec §8).
        notify({ id: 'user-information', message: t('error.user-information'), tone: 'error' });
      }
      return meta;
    },
  });
}
