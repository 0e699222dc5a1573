import { type GazetteerEntry, PK_GAZETTEER } from '@riderdesk/domain/geo/gazetteer';
import { reverseGazetteer, searchGazetteer } from '@riderdesk/domain/geo/gazetteer-search';
import type { GeoPoint } from '@riderdesk/domain/money';
import type { Geocoder, GeocoderOptions, GeoPlace, SearchQuery } from './geocoder.ts';

// A reverse lookup further than this from every gazetteer entry has no address to offer.
const REVERSE_MAX_KM = 10;

const GAZETTEERS: Readonly<Record<string, readonly GazetteerEntry[]>> = { PK: PK_GAZETTEER };

function toPlace(entry: GazetteerEntry): GeoPlace {
  return {
    id: entry.id,
    formatted_address: entry.formatted_address,
    latitude: entry.latitude,
    longitude: entry.longitude,
    street: entry.kind === 'road' ? entry.name : null,
    city: entry.city,
    postal_code: entry.postal_code,
    country_code: 'PK',
  };
}

/** The embedded default: the bundled gazetteer of the deployment's cities, ranked by text and distance. */
export function gazetteerGeocoder(): Geocoder {
  const entriesOf = (countryCode: string) => GAZETTEERS[countryCode.toUpperCase()] ?? [];
  return {
    name: 'gazetteer',

    async search(query: SearchQuery): Promise<GeoPlace[]> {
      return searchGazetteer(entriesOf(query.countryCode), {
        query: query.text,
        near: query.near,
        limit: query.limit,
      }).map((match) => toPlace(match.entry));
    },

    async reverse(point: GeoPoint, options: GeocoderOptions): Promise<GeoPlace | null> {
      const match = reverseGazetteer(entriesOf(options.countryCode), point, { maxKm: REVERSE_MAX_KM });
      return match ? toPlace(match.entry) : null;
    },

    async lookup(id: string, options: GeocoderOptions): Promise<GeoPlace | null> {
      const entry = entriesOf(options.countryCode).find((candidate) => candidate.id === id);
      return entry ? toPlace(entry) : null;
    },
  };
}
