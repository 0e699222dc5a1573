import { RIDER_POLL_MS } from '@riderdesk/domain/constants';
import { type RiderLocation, RiderLocationAnswerSchema } from '@riderdesk/domain/contracts/riders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';

/** GET /riders/{id} (spec §7): the rider's position. */
export async function getRider(riderId: string, signal?: AbortSignal): Promise<RiderLocation> {
  return (
    await api.get(`${API_BASE}/riders/${encodeURIComponent(riderId)}`, {
      schema: RiderLocationAnswerSchema,
      signal,
      // A missed poll is replaced by the next one 2 s later; retrying would only pile requests up.
      retries: 0,
    })
  ).result;
}

export const riderQueryOptions = (riderId: string) =>
  queryOptions({ queryKey: ['rider', riderId], queryFn: ({ signal }) => getRider(riderId, signal) });

/** spec §9: polled every 2 s while the order's status calls for it (`shouldPollRider`). */
export function useRiderLocation(riderId: string | null, isPolling: boolean) {
  return useQuery({
    ...riderQueryOptions(riderId ?? ''),
    enabled: isPolling && Boolean(riderId),
    refetchInterval: isPolling ? RIDER_POLL_MS : false,
  });
}
