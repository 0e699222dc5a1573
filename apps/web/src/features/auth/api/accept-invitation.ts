import {
  type AcceptInvitationAnswer,
  AcceptInvitationAnswerSchema,
  type InvitationAnswer,
  InvitationAnswerSchema,
} from '@riderdesk/domain/contracts/outlets';
import { useMutation, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { setSession } from '../../../shared/session/session-store.ts';
import { STORAGE_KEYS, writeStorage } from '../../../shared/storage.ts';

/** What an outlet invitation link opens (the token travels in a body, never in a URL the server logs). */
export async function lookupInvitation(token: string): Promise<InvitationAnswer['result']> {
  return (
    await api.post(`${API_BASE}/outlet/invitation`, { token }, { schema: InvitationAnswerSchema, skipRefresh: true })
  ).result;
}

export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => lookupInvitation(token as string),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export async function acceptInvitation(token: string, password: string): Promise<AcceptInvitationAnswer['result']> {
  return (
    await api.post(
      `${API_BASE}/outlet/invitation/accept`,
      { token, password },
      { schema: AcceptInvitationAnswerSchema, skipRefresh: true },
    )
  ).result;
}

/** Sets the invited owner's password and signs them in, as a login does. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async ({ token, password, email }: { token: string; password: string; email: string }) => {
      const { vendor_id: vendorId, ...meta } = await acceptInvitation(token, password);
      writeStorage(STORAGE_KEYS.guestOrders, null);
      writeStorage(STORAGE_KEYS.guestToken, null);
      setSession({ user: { id: null, email }, meta });
      return vendorId;
    },
  });
}
