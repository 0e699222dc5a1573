import type { ProofKind } from '@riderdesk/domain/orders/proofs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toApiRequestError } from '../../../shared/api/api-error.ts';
import { API_BASE, authorizationHeader } from '../../../shared/api/client.ts';
import { getSession } from '../../../shared/session/session-store.ts';
import { readStorage } from '../../../shared/storage.ts';

/**
 * GET /order/{orderId}/proofs/{kind}: the photo is authorised, so an <img src> cannot load it;
 * it is fetched with the Authorization header and shown from a blob. null when there is none.
 */
export async function getOrderProof(orderId: string, kind: ProofKind, signal?: AbortSignal): Promise<Blob | null> {
  const headers: Record<string, string> = {};
  const authorization = authorizationHeader(readStorage, getSession());
  if (authorization) headers.Authorization = authorization;
  const response = await fetch(`${API_BASE}/order/${encodeURIComponent(orderId)}/proofs/${kind}`, { headers, signal });
  if (response.status === 404) return null;
  if (!response.ok) throw await toApiRequestError(response);
  return response.blob();
}

export const orderProofQueryOptions = (orderId: string, kind: ProofKind) =>
  queryOptions({
    queryKey: ['order-proof', orderId, kind],
    queryFn: ({ signal }) => getOrderProof(orderId, kind, signal),
    // A proof never changes once taken.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useOrderProof(orderId: string, kind: ProofKind, isEnabled: boolean) {
  return useQuery({ ...orderProofQueryOptions(orderId, kind), enabled: isEnabled });
}
