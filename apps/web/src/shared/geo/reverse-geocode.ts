import { type GeocodedPlace, ReverseAnswerSchema } from '@riderdesk/domain/contracts/geo';
import type { LatLng } from '@riderdesk/domain/validation/address';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, api } from '../api/client.ts';
import { geoKeys } from '../api/query-keys.ts';

/** GET /geolocator/reverse (spec §7): the first result, or null when nothing is there. */
export async function reverseGeocode(point: LatLng): Promise<GeocodedPlace | null> {
  const params = new URLSearchParams({ lat: String(point.lat), lng: String(point.lng) });
  const answer = await api.get(`${API_BASE}/geolocator/reverse?${params}`, { schema: ReverseAnswerSchema });
  return answer.data[0] ?? null;
}

export const reverseGeocodeQueryOptions = (point: LatLng) =>
  queryOptions({
    queryKey: geoKeys.reverse(point.lat, point.lng),
    queryFn: () => reverseGeocode(point),
    staleTime: 5 * 60_000,
  });
