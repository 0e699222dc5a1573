import type { GeoPoint } from '@riderdesk/domain/money';

/** One place as every geocoder answers it; routes map it to the contract's shapes. */
export interface GeoPlace {
  id: string;
  formatted_address: string;
  latitude: number;
  longitude: number;
  street: string | null;
  city: string | null;
  postal_code: string | null;
  country_code: string | null;
}

export interface GeocoderOptions {
  /** ISO 3166 alpha-2, as the spec's `country` query. */
  countryCode: string;
  /** The spec §7 geolocator language ('en', 'zh_HK', 'th_TH'). */
  language: string;
}

export interface SearchQuery extends GeocoderOptions {
  text: string;
  /** Results nearer this point rank higher. */
  near: GeoPoint | null;
  limit: number;
}

/** A suggestion of an address, without coordinates until its details are asked for. */
export interface Suggestion {
  id: string;
  formatted_address: string;
}

/**
 * ARCHITECTURE.md "External services": the embedded default answers from the bundled gazetteer,
 * a Nominatim-compatible HTTP geocoder replaces it when GEOCODER_URL is set.
 */
export interface Geocoder {
  readonly name: string;
  search(query: SearchQuery): Promise<GeoPlace[]>;
  reverse(point: GeoPoint, options: GeocoderOptions): Promise<GeoPlace | null>;
  lookup(id: string, options: GeocoderOptions): Promise<GeoPlace | null>;
  /** Suggestions alone, where the geocoder answers them more cheaply than whole places (Google Places). */
  suggest?(query: SearchQuery): Promise<Suggestion[]>;
}

/** The upstream geocoder failed (network, time-out, non-2xx); answered as 502 with the spec §8 key. */
export class GeocoderUnavailableError extends Error {}
