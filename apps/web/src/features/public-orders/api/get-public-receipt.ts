import { type PublicReceipt, PublicReceiptAnswerSchema } from '@riderdesk/domain/contracts/public-tracking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { isPossibleToken, PUBLIC_POLL_MS } from './public-order-query.ts';

/** GET /public/delivery-receipt/{token}, no login. */
export async function getPublicReceipt(token: string, signal?: AbortSignal): Promise<PublicReceipt> {
  return (
    await api.get(`${API_BASE}/public/delivery-receipt/${encodeURIComponent(token)}`, {
      schema: PublicReceiptAnswerSchema,
      signal,
      skipRefresh: true,
    })
  ).result;
}

export const publicReceiptQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['public-receipt', token],
    queryFn: ({ signal }) => getPublicReceipt(token, signal),
    // An answer asked for with the page's code is not asked for again as the page mounts.
    staleTime: PUBLIC_POLL_MS,
  });

export function usePublicReceipt(token: string) {
  return useQuery({ ...publicReceiptQueryOptions(token), enabled: isPossibleToken(token) });
}
