import type {
  AddressBookEntry,
  AutocompleteQuery,
  AutocompleteSuggestion,
  GeocodedPlace,
  PlaceDetails,
} from '@riderdesk/domain/contracts/geo';
import type { GeoPoint } from '@riderdesk/domain/money';
import { phoneSearchDigits } from '@riderdesk/domain/phone';
import { parseLatLngQuery } from '@riderdesk/domain/validation/address';
import type { AppConfig } from '../../config.ts';
import { keyedError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { OrderRecords } from '../orders/records.ts';
import type { VendorService } from '../vendors/service.ts';
import { type Geocoder, type GeocoderOptions, GeocoderUnavailableError, type GeoPlace } from './geocoder.ts';

export type GeoService = ReturnType<typeof geoService>;

const AUTOCOMPLETE_LIMIT = 8;
const ADDRESS_BOOK_LIMIT = 20;
// Ids of typed or dropped coordinates: 'latlng:24.81380,67.03000'.
const LATLNG_ID = /^latlng:(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)$/;

const latLngId = (point: GeoPoint) => `latlng:${point.lat.toFixed(5)},${point.lng.toFixed(5)}`;

function parseLatLngId(id: string): GeoPoint | null {
  const match = LATLNG_ID.exec(id);
  if (!match) return null;
  const point = { lat: Number(match[1]), lng: Number(match[2]) };
  return Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180 ? point : null;
}

export interface GeoDeps {
  orders: OrderRecords;
  config: AppConfig;
  vendors: VendorService;
  geocoder: Geocoder;
}

export function geoService({ orders, config, vendors, geocoder }: GeoDeps) {
  const { country } = config.deployment;

  async function upstream<T>(key: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof GeocoderUnavailableError) throw keyedError(502, 'GeocoderUnavailable', key);
      throw error;
    }
  }

  /** A point with the address of the nearest known place; the point itself stays where the user put it. */
  async function pointPlace(point: GeoPoint, options: GeocoderOptions): Promise<GeoPlace> {
    const nearest = await geocoder.reverse(point, options);
    return {
      id: latLngId(point),
      formatted_address: nearest?.formatted_address ?? `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`,
      latitude: point.lat,
      longitude: point.lng,
      street: nearest?.street ?? null,
      city: nearest?.city ?? null,
      postal_code: nearest?.postal_code ?? null,
      country_code: nearest?.country_code ?? options.countryCode.toUpperCase(),
    };
  }

  const optionsOf = (language?: string, countryCode?: string): GeocoderOptions => ({
    countryCode: (countryCode ?? country.code).toUpperCase(),
    language: language ?? country.geolocatorLanguage,
  });

  return {
    /**
     * The point of a written address (a bulk row), as the request page would find it: coordinates typed as
     * 'lat, lng' are taken as they are, otherwise the geocoder's best match near `near`. Null when nothing
     * matches.
     */
    async geocodeAddress(text: string, near: GeoPoint | null): Promise<GeoPoint | null> {
      const point = parseLatLngQuery(text);
      if (point) return point;
      return upstream('geolocator.error.autocomplete', async () => {
        const [best] = await geocoder.search({ ...optionsOf(), text, near, limit: 1 });
        return best ? { lat: best.latitude, lng: best.longitude } : null;
      });
    },

    async autocomplete(query: AutocompleteQuery): Promise<AutocompleteSuggestion[]> {
      const options = optionsOf(query.language, query.country);
      return upstream('geolocator.error.autocomplete', async () => {
        // spec §5: a query that looks like 'lat, lng' is treated as coordinates.
        const point = parseLatLngQuery(query.query);
        if (point) {
          const place = await pointPlace(point, options);
          return [{ address: { id: place.id, formatted_address: place.formatted_address } }];
        }
        const near = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
        const search = { ...options, text: query.query, near, limit: AUTOCOMPLETE_LIMIT };
        const places = geocoder.suggest ? await geocoder.suggest(search) : await geocoder.search(search);
        return places.map((place) => ({ address: { id: place.id, formatted_address: place.formatted_address } }));
      });
    },

    async reverse(point: GeoPoint): Promise<GeocodedPlace[]> {
      const options = optionsOf();
      return upstream('geolocator.error.reverse', async () => {
        const nearest = await geocoder.reverse(point, options);
        // An empty answer makes the browser fall back to autocomplete (spec §7).
        if (!nearest) return [];
        return [
          {
            address: {
              id: latLngId(point),
              formatted_address: nearest.formatted_address,
              latitude: point.lat,
              longitude: point.lng,
            },
          },
        ];
      });
    },

    async details(queryId: string): Promise<PlaceDetails[]> {
      const options = optionsOf();
      return upstream('geolocator.error.fetch-place-details', async () => {
        const point = parseLatLngId(queryId);
        const place = point ? await pointPlace(point, options) : await geocoder.lookup(queryId, options);
        if (!place) throw keyedError(404, 'NotFound', 'geolocator.error.fetch-place-details', 'query_id');
        const [streetNumber, ...streetWords] = (place.street ?? '').split(' ');
        const hasNumber = streetNumber !== undefined && /^\d+[A-Za-z]?$/.test(streetNumber) && streetWords.length > 0;
        return [
          {
            address: {
              id: place.id,
              formatted_address: place.formatted_address,
              latitude: place.latitude,
              longitude: place.longitude,
              city: place.city,
              street: hasNumber ? streetWords.join(' ') : place.street,
              street_number: hasNumber ? streetNumber : null,
              postal_code: place.postal_code,
              country_code: place.country_code ?? options.countryCode,
            },
          },
        ];
      });
    },

    /** What the geocoder knows of a point (city, street, postal code, country), as place details answer it. */
    async describePoint(point: GeoPoint): Promise<PlaceDetails['address'] | null> {
      const [place] = await this.details(latLngId(point));
      return place?.address ?? null;
    },

    /** spec §7 address book: the vendor's past customers, one per phone number, with their latest address. */
    async searchCustomers(caller: Caller, vendorId: string, query: string): Promise<AddressBookEntry[]> {
      await vendors.vendorOfCaller(caller, vendorId);
      const phoneDigits = phoneSearchDigits(query, country.phonePrefix);
      const rows = await orders.customersOfVendor(vendorId, { text: query, phoneDigits }, ADDRESS_BOOK_LIMIT);
      return rows.map((row) => ({
        id: row.customer_phone,
        name: row.customer_name,
        phone_number: row.customer_phone,
        latitude: row.customer_latitude,
        longitude: row.customer_longitude,
        address: row.customer_address,
        notes: row.customer_notes,
      }));
    },
  };
}
