import { type PublicTracking, PublicTrackingAnswerSchema } from '@riderdesk/domain/contracts/public-tracking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { isFinalStatus, isPossibleToken, PUBLIC_POLL_MS } from './public-order-query.ts';

/** GET /public/tracking/{token}: no login, the token is the order's tracking_token. */
export async function getPublicTracking(token: string, signal?: AbortSignal): Promise<PublicTracking> {
  return (
    await api.get(`${API_BASE}/public/tracking/${encodeURIComponent(token)}`, {
      schema: PublicTrackingAnswerSchema,
      signal,
      skipRefresh: true,
    })
  ).result;
}

export const publicTrackingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['public-tracking', token],
    queryFn: ({ signal }) => getPublicTracking(token, signal),
    // An answer asked for with the page's code is not asked for again as the page mounts; the poll follows.
    staleTime: PUBLIC_POLL_MS,
  });

export function usePublicTracking(token: string) {
  return useQuery({
    ...publicTrackingQueryOptions(token),
    enabled: isPossibleToken(token),
    refetchInterval: (query) => (query.state.data && isFinalStatus(query.state.data.status) ? false : PUBLIC_POLL_MS),
  });
}
