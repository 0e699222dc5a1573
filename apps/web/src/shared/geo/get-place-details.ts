import { type PlaceDetails, PlaceDetailsAnswerSchema } from '@riderdesk/domain/contracts/geo';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, api } from '../api/client.ts';
import { geoKeys } from '../api/query-keys.ts';

/** GET /geolocator/details (spec §7): the first result is used. */
export async function getPlaceDetails(placeId: string): Promise<PlaceDetails | null> {
  const answer = await api.get(`${API_BASE}/geolocator/details?${new URLSearchParams({ query_id: placeId })}`, {
    schema: PlaceDetailsAnswerSchema,
  });
  return answer.data[0] ?? null;
}

export const placeDetailsQueryOptions = (placeId: string) =>
  queryOptions({
    queryKey: geoKeys.placeDetails(placeId),
    queryFn: () => getPlaceDetails(placeId),
    staleTime: 5 * 60_000,
  });
