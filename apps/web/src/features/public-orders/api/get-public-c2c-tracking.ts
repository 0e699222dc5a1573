import { type PublicC2cTracking, PublicC2cTrackingAnswerSchema } from '@riderdesk/domain/contracts/public-tracking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { isFinalStatus, isPossibleToken, PUBLIC_POLL_MS } from './public-order-query.ts';

/** GET /public/tracking-c2c/{token}: customer-to-customer tracking, no login. */
export async function getPublicC2cTracking(token: string, signal?: AbortSignal): Promise<PublicC2cTracking> {
  return (
    await api.get(`${API_BASE}/public/tracking-c2c/${encodeURIComponent(token)}`, {
      schema: PublicC2cTrackingAnswerSchema,
      signal,
      skipRefresh: true,
    })
  ).result;
}

export const publicC2cTrackingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['public-tracking-c2c', token],
    queryFn: ({ signal }) => getPublicC2cTracking(token, signal),
    // An answer asked for with the page's code is not asked for again as the page mounts; the poll follows.
    staleTime: PUBLIC_POLL_MS,
  });

export function usePublicC2cTracking(token: string) {
  return useQuery({
    ...publicC2cTrackingQueryOptions(token),
    enabled: isPossibleToken(token),
    refetchInterval: (query) => (query.state.data && isFinalStatus(query.state.data.status) ? false : PUBLIC_POLL_MS),
  });
}
