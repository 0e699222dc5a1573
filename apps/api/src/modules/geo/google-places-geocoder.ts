import type { GeoPoint } from '@riderdesk/domain/money';
import { z } from 'zod';
import {
  type Geocoder,
  type GeocoderOptions,
  GeocoderUnavailableError,
  type GeoPlace,
  type SearchQuery,
  type Suggestion,
} from './geocoder.ts';

export interface GooglePlacesOptions {
  /** https://places.googleapis.com, or a fake of it in tests. */
  url: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

// The suggestions are biased to a circle around the caller, as Nominatim's view box is.
const BIAS_RADIUS_M = 30_000;
// Places API (New) bills details by the fields asked for: only what GeoPlace holds.
export const DETAILS_FIELD_MASK = 'id,formattedAddress,location,addressComponents';
export const AUTOCOMPLETE_FIELD_MASK = 'suggestions.placePrediction.placeId,suggestions.placePrediction.text.text';
const ID_PREFIX = 'google:';
const PLACE_ID = /^[A-Za-z0-9_-]{1,512}$/;

const AutocompleteSchema = z.object({
  suggestions: z
    .array(
      z.object({
        placePrediction: z.object({ placeId: z.string(), text: z.object({ text: z.string() }) }).optional(),
      }),
    )
    .optional(),
});

const PlaceSchema = z.object({
  id: z.string(),
  formattedAddress: z.string(),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  addressComponents: z
    .array(z.object({ longText: z.string(), shortText: z.string().optional(), types: z.array(z.string()) }))
    .optional(),
});

/** spec §7 language codes use '_' (zh_HK); Google takes BCP 47 tags. */
const languageCode = (language: string) => language.replace('_', '-');

function toPlace(place: z.infer<typeof PlaceSchema>): GeoPlace {
  const component = (type: string) => place.addressComponents?.find((c) => c.types.includes(type));
  const route = component('route')?.longText ?? null;
  const number = component('street_number')?.longText ?? null;
  return {
    id: `${ID_PREFIX}${place.id}`,
    formatted_address: place.formattedAddress,
    latitude: place.location.latitude,
    longitude: place.location.longitude,
    street: route && number ? `${number} ${route}` : route,
    city: (component('locality') ?? component('administrative_area_level_2'))?.longText ?? null,
    postal_code: component('postal_code')?.longText ?? null,
    country_code: component('country')?.shortText?.toUpperCase() ?? null,
  };
}

/**
 * The GoogleAutocomplete flag's geocoder: Places API (New) autocomplete and place details. It has no reverse
 * geocoding of its own; a dropped pin keeps the deployment's geocoder (geo/flag-geocoder.ts).
 */
export function googlePlacesGeocoder(
  options: GooglePlacesOptions,
): Geocoder & { suggest: NonNullable<Geocoder['suggest']> } {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;

  async function call(what: string, url: string, init: { method: string; fieldMask: string; body?: unknown }) {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: init.method,
        headers: {
          'x-goog-api-key': options.apiKey,
          'x-goog-fieldmask': init.fieldMask,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new GeocoderUnavailableError(`google places ${what} failed: ${String(error)}`);
    }
    if (response.status === 404 && what === 'details') return null;
    if (!response.ok) throw new GeocoderUnavailableError(`google places ${what} answered ${response.status}`);
    try {
      return (await response.json()) as unknown;
    } catch {
      throw new GeocoderUnavailableError(`google places ${what} answered no JSON`);
    }
  }

  async function suggest(query: SearchQuery): Promise<Suggestion[]> {
    const body: Record<string, unknown> = {
      input: query.text,
      includedRegionCodes: [query.countryCode.toLowerCase()],
      languageCode: languageCode(query.language),
    };
    if (query.near) {
      body.locationBias = {
        circle: { center: { latitude: query.near.lat, longitude: query.near.lng }, radius: BIAS_RADIUS_M },
      };
    }
    const answer = await call('autocomplete', `${base}/v1/places:autocomplete`, {
      method: 'POST',
      fieldMask: AUTOCOMPLETE_FIELD_MASK,
      body,
    });
    const parsed = AutocompleteSchema.safeParse(answer);
    if (!parsed.success) throw new GeocoderUnavailableError('google places autocomplete answered an unexpected shape');
    return (parsed.data.suggestions ?? [])
      .flatMap((s) => (s.placePrediction ? [s.placePrediction] : []))
      .slice(0, query.limit)
      .map((p) => ({ id: `${ID_PREFIX}${p.placeId}`, formatted_address: p.text.text }));
  }

  async function lookup(id: string, opts: GeocoderOptions): Promise<GeoPlace | null> {
    const placeId = id.startsWith(ID_PREFIX) ? id.slice(ID_PREFIX.length) : '';
    if (!PLACE_ID.test(placeId)) return null;
    const url = new URL(`${base}/v1/places/${placeId}`);
    url.searchParams.set('languageCode', languageCode(opts.language));
    url.searchParams.set('regionCode', opts.countryCode.toLowerCase());
    const answer = await call('details', url.toString(), { method: 'GET', fieldMask: DETAILS_FIELD_MASK });
    if (answer === null) return null;
    const parsed = PlaceSchema.safeParse(answer);
    if (!parsed.success) throw new GeocoderUnavailableError('google places details answered an unexpected shape');
    return toPlace(parsed.data);
  }

  return {
    name: 'google-places',
    suggest,
    lookup,
    /** A whole place (a bulk row's address): the first suggestion's details. */
    async search(query: SearchQuery): Promise<GeoPlace[]> {
      const places: GeoPlace[] = [];
      for (const suggestion of await suggest(query)) {
        const place = await lookup(suggestion.id, query);
        if (place) places.push(place);
      }
      return places;
    },
    async reverse(_point: GeoPoint): Promise<GeoPlace | null> {
      return null;
    },
  };
}

export const isGooglePlaceId = (id: string) => id.startsWith(ID_PREFIX);
