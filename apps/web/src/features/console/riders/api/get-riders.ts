import { ConsoleRiderDetailSchema, ConsoleRiderListSchema } from '@riderdesk/domain/contracts/console-riders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';
import { riderKeys } from './rider-keys.ts';

// Positions and states move with the fleet: the list is read again this often while it is open.
const RIDERS_REFRESH_MS = 15_000;

/** GET /console/riders */
export async function getRiders(signal?: AbortSignal) {
  return (await consoleApi.get(`${CONSOLE_API}/riders`, { schema: ConsoleRiderListSchema, signal })).riders;
}

export const ridersQueryOptions = () =>
  queryOptions({
    queryKey: riderKeys.list(),
    queryFn: ({ signal }) => getRiders(signal),
    refetchInterval: RIDERS_REFRESH_MS,
  });

export const useRiders = () => useQuery(ridersQueryOptions());

/** GET /console/riders/{id}: the rider, their current order and their recent ones. */
export function getRider(riderId: string, signal?: AbortSignal) {
  return consoleApi.get(`${CONSOLE_API}/riders/${encodeURIComponent(riderId)}`, {
    schema: ConsoleRiderDetailSchema,
    signal,
  });
}

export const useRider = (riderId: string) =>
  useQuery({ queryKey: riderKeys.detail(riderId), queryFn: ({ signal }) => getRider(riderId, signal) });
