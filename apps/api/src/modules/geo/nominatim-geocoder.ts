import type { GeoPoint } from '@riderdesk/domain/money';
import { z } from 'zod';
import {
  type Geocoder,
  type GeocoderOptions,
  GeocoderUnavailableError,
  type GeoPlace,
  type SearchQuery,
} from './geocoder.ts';

export interface NominatimOptions {
  /** Base URL of a Nominatim-compatible server, e.g. https://nominatim.example.pk */
  url: string;
  /** Nominatim's usage policy requires an identifying User-Agent. */
  userAgent: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

// Half the side of the search box used to prefer results near the caller (about 33 km at Karachi).
const VIEWBOX_HALF_DEGREES = 0.3;

const NominatimPlaceSchema = z.object({
  osm_type: z.string().optional(),
  osm_id: z.union([z.number(), z.string()]).optional(),
  lat: z.coerce.number(),
  lon: z.coerce.number(),
  display_name: z.string(),
  address: z.record(z.string(), z.string()).optional(),
});
type NominatimPlace = z.infer<typeof NominatimPlaceSchema>;
const NominatimListSchema = z.array(NominatimPlaceSchema);

const OSM_TYPE_LETTER: Record<string, string> = { node: 'N', way: 'W', relation: 'R', N: 'N', W: 'W', R: 'R' };
const ID_PATTERN = /^osm:([NWR])(\d{1,20})$/;

/** spec §7 language codes use '_' (zh_HK); HTTP Accept-Language uses '-'. */
const acceptLanguage = (language: string) => language.replace('_', '-');

function toPlace(place: NominatimPlace): GeoPlace | null {
  const letter = place.osm_type ? OSM_TYPE_LETTER[place.osm_type] : undefined;
  if (!letter || place.osm_id === undefined) return null;
  if (!Number.isFinite(place.lat) || !Number.isFinite(place.lon)) return null;
  const address = place.address ?? {};
  const road = address.road ?? address.pedestrian ?? null;
  return {
    id: `osm:${letter}${place.osm_id}`,
    formatted_address: place.display_name,
    latitude: place.lat,
    longitude: place.lon,
    street: road && address.house_number ? `${address.house_number} ${road}` : road,
    city: address.city ?? address.town ?? address.village ?? address.county ?? null,
    postal_code: address.postcode ?? null,
    country_code: address.country_code ? address.country_code.toUpperCase() : null,
  };
}

/** Production adapter for the search, reverse and lookup endpoints of a Nominatim-compatible server. */
export function nominatimGeocoder(options: NominatimOptions): Geocoder {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;

  async function get(endpoint: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`${base}/${endpoint}`);
    for (const [name, value] of Object.entries({ ...params, format: 'jsonv2', addressdetails: '1' })) {
      url.searchParams.set(name, value);
    }
    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { 'user-agent': options.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new GeocoderUnavailableError(`geocoder ${endpoint} failed: ${String(error)}`);
    }
    if (!response.ok) throw new GeocoderUnavailableError(`geocoder ${endpoint} answered ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new GeocoderUnavailableError(`geocoder ${endpoint} answered no JSON`);
    }
  }

  const common = (opts: GeocoderOptions) => ({
    'accept-language': acceptLanguage(opts.language),
  });

  return {
    name: 'nominatim',

    async search(query: SearchQuery): Promise<GeoPlace[]> {
      const params: Record<string, string> = {
        ...common(query),
        q: query.text,
        countrycodes: query.countryCode.toLowerCase(),
        limit: String(query.limit),
      };
      if (query.near) {
        const { lat, lng } = query.near;
        // viewbox=left,top,right,bottom without bounded=1 prefers, but does not restrict to, the box.
        params.viewbox = [
          lng - VIEWBOX_HALF_DEGREES,
          lat + VIEWBOX_HALF_DEGREES,
          lng + VIEWBOX_HALF_DEGREES,
          lat - VIEWBOX_HALF_DEGREES,
        ].join(',');
      }
      const parsed = NominatimListSchema.safeParse(await get('search', params));
      if (!parsed.success) throw new GeocoderUnavailableError('geocoder search answered an unexpected shape');
      return parsed.data.map(toPlace).filter((place): place is GeoPlace => place !== null);
    },

    async reverse(point: GeoPoint, opts: GeocoderOptions): Promise<GeoPlace | null> {
      const body = await get('reverse', { ...common(opts), lat: String(point.lat), lon: String(point.lng) });
      // Nominatim answers 200 {"error":"Unable to geocode"} when nothing is near.
      const parsed = NominatimPlaceSchema.safeParse(body);
      return parsed.success ? toPlace(parsed.data) : null;
    },

    async lookup(id: string, opts: GeocoderOptions): Promise<GeoPlace | null> {
      const match = ID_PATTERN.exec(id);
      if (!match) return null;
      const parsed = NominatimListSchema.safeParse(
        await get('lookup', { ...common(opts), osm_ids: `${match[1]}${match[2]}` }),
      );
      if (!parsed.success) throw new GeocoderUnavailableError('geocoder lookup answered an unexpected shape');
      const [first] = parsed.data;
      return first ? toPlace(first) : null;
    },
  };
}
