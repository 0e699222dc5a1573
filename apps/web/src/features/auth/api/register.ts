import { RegisterAnswerSchema, type RegisterBody } from '@riderdesk/domain/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { guestTokenToHandOver } from '../../../shared/session/guest-session.ts';
import { endGuestSession } from '../../../shared/session/session-store.ts';

export async function register(body: RegisterBody) {
  // spec §4: a guest who registers keeps its orders: its own guest token goes as the Authorization header (spec
  // §7), and the server reserves the orders for the account until its first login once the e-mail is confirmed
  // (docs/decisions/080-guest-sessions.md).
  const isGuest = guestTokenToHandOver() !== undefined;
  const answer = await api.post(`${API_BASE}/register`, body, { schema: RegisterAnswerSchema, skipRefresh: true });
  // The orders wait for the account now; this browser is done being a guest.
  if (isGuest) endGuestSession();
  return answer.result;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
