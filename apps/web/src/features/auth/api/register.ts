import { RegisterAnswerSchema, type RegisterBody } from '@riderdesk/domain/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { guestTokenToHandOver } from '../../../shared/session/guest-session.ts';
import { endGuestSession } from '../../../shared/session/session-store.ts';

export async function register(body: RegisterBody) {
  // spec §4: a guest who registers hands its orders to the new account (docs/decisions/080-guest-sessions.md).
  const guestToken = guestTokenToHandOver();
  const payload = guestToken ? { ...body, guest_token: guestToken } : body;
  const answer = await api.post(`${API_BASE}/register`, payload, { schema: RegisterAnswerSchema, skipRefresh: true });
  // The server no longer honours the guest token once the account took the orders over.
  if (guestToken) endGuestSession();
  return answer.result;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
