import type { GeoPoint } from '@riderdesk/domain/money';
import type { Geocoder, GeocoderOptions, GeoPlace, SearchQuery, Suggestion } from './geocoder.ts';
import { isGooglePlaceId } from './google-places-geocoder.ts';

/**
 * The GoogleAutocomplete flag (spec §6) chooses, call by call, where address suggestions and their details come
 * from: the Google Places adapter when on, the deployment's geocoder otherwise. A suggestion already given keeps
 * its source for its details, and a dropped pin is always reverse-geocoded by the deployment's geocoder.
 */
export function flagSelectedGeocoder(
  deployment: Geocoder,
  google: Geocoder & { suggest: NonNullable<Geocoder['suggest']> },
  isGoogleOn: () => Promise<boolean>,
): Geocoder {
  const pick = async () => ((await isGoogleOn()) ? google : deployment);
  return {
    name: `${deployment.name}+${google.name}`,
    async search(query: SearchQuery): Promise<GeoPlace[]> {
      return (await pick()).search(query);
    },
    async suggest(query: SearchQuery): Promise<Suggestion[]> {
      const geocoder = await pick();
      return geocoder.suggest ? geocoder.suggest(query) : geocoder.search(query);
    },
    reverse(point: GeoPoint, options: GeocoderOptions): Promise<GeoPlace | null> {
      return deployment.reverse(point, options);
    },
    lookup(id: string, options: GeocoderOptions): Promise<GeoPlace | null> {
      return (isGooglePlaceId(id) ? google : deployment).lookup(id, options);
    },
  };
}
