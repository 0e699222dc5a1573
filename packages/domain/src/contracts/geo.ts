import { z } from 'zod';
import { NOTES_MAX_BYTES, STREET_MAX_BYTES } from '../constants.ts';
import { utf8ByteLength } from '../validation/address.ts';
import { resultOf, VendorIdSchema } from './common.ts';
import { VendorSchema } from './vendors.ts';

export const LatitudeSchema = z.number().min(-90).max(90);
export const LongitudeSchema = z.number().min(-180).max(180);
const QueryLatitude = z.coerce.number().min(-90).max(90);
const QueryLongitude = z.coerce.number().min(-180).max(180);

// spec §9: these limits are in bytes, not characters.
export const AddressTextSchema = z
  .string()
  .trim()
  .min(1)
  .refine((text) => utf8ByteLength(text) <= STREET_MAX_BYTES, 'Address is too long');
export const NotesSchema = z.string().refine((text) => utf8ByteLength(text) <= NOTES_MAX_BYTES, 'Notes are too long');

const CountryCodeSchema = z.string().regex(/^[A-Za-z]{2}$/);
const PlaceIdSchema = z.string().min(1).max(512);

/** GET /geolocator/autocomplete (spec §7); lat and lng bias the suggestions towards the outlet. */
export const AutocompleteQuerySchema = z.object({
  query: z.string().trim().min(1).max(200),
  country: CountryCodeSchema,
  lat: QueryLatitude.optional(),
  lng: QueryLongitude.optional(),
  // spec §7 "Geolocator language by country", e.g. en, zh_HK, th_TH.
  language: z
    .string()
    .regex(/^[a-z]{2}(_[A-Za-z]{2})?$/)
    .optional(),
});
export type AutocompleteQuery = z.infer<typeof AutocompleteQuerySchema>;

export const AutocompleteSuggestionSchema = z.object({
  address: z.object({ id: PlaceIdSchema, formatted_address: z.string() }),
});
export type AutocompleteSuggestion = z.infer<typeof AutocompleteSuggestionSchema>;
/** spec §7: the list is read from data.data. */
export const AutocompleteAnswerSchema = z.object({
  data: z.object({ data: z.array(AutocompleteSuggestionSchema) }),
});
export type AutocompleteAnswer = z.infer<typeof AutocompleteAnswerSchema>;

/** GET /geolocator/reverse (spec §7). */
export const ReverseQuerySchema = z.object({ lat: QueryLatitude, lng: QueryLongitude });
export type ReverseQuery = z.infer<typeof ReverseQuerySchema>;

export const GeocodedPlaceSchema = z.object({
  address: z.object({
    id: PlaceIdSchema,
    formatted_address: z.string(),
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
  }),
});
export type GeocodedPlace = z.infer<typeof GeocodedPlaceSchema>;
/** spec §7: the browser uses the first result; an empty list sends it to autocomplete instead. */
export const ReverseAnswerSchema = z.object({ data: z.array(GeocodedPlaceSchema) });
export type ReverseAnswer = z.infer<typeof ReverseAnswerSchema>;

/** GET /geolocator/details (spec §7); query_id is an autocomplete suggestion's address.id. */
export const PlaceDetailsQuerySchema = z.object({ query_id: PlaceIdSchema });
export type PlaceDetailsQuery = z.infer<typeof PlaceDetailsQuerySchema>;

export const PlaceDetailsSchema = z.object({
  address: z.object({
    id: PlaceIdSchema,
    formatted_address: z.string(),
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
    city: z.string().nullable(),
    street: z.string().nullable(),
    street_number: z.string().nullable(),
    postal_code: z.string().nullable(),
    country_code: CountryCodeSchema,
  }),
});
export type PlaceDetails = z.infer<typeof PlaceDetailsSchema>;
export const PlaceDetailsAnswerSchema = z.object({ data: z.array(PlaceDetailsSchema) });
export type PlaceDetailsAnswer = z.infer<typeof PlaceDetailsAnswerSchema>;

/** spec §3 address-book entry; address is unit, building and the rest, comma-separated. */
export const AddressBookEntrySchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  phone_number: z.string(),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  address: z.string(),
  notes: z.string().nullable(),
});
export type AddressBookEntry = z.infer<typeof AddressBookEntrySchema>;

/** GET /addressbook/search-customers/{vendorId} (spec §7). */
export const AddressBookParamsSchema = z.object({ vendorId: VendorIdSchema });
export type AddressBookParams = z.infer<typeof AddressBookParamsSchema>;
// spec §5: the address book is searched only from 2 characters.
export const AddressBookQuerySchema = z.object({ query: z.string().trim().min(2).max(100) });
export type AddressBookQuery = z.infer<typeof AddressBookQuerySchema>;
/** spec §7: the list is read from data.body. */
export const AddressBookAnswerSchema = z.object({ data: z.object({ body: z.array(AddressBookEntrySchema) }) });
export type AddressBookAnswer = z.infer<typeof AddressBookAnswerSchema>;

/** spec §3 origin address: the pickup point a vendor without coordinates must set first (spec §4). */
export const OriginAddressSchema = z.object({
  address_text: AddressTextSchema,
  unit: z.string().trim().max(64).nullable(),
  notes: NotesSchema.nullable(),
  building: z.string().trim().max(128).nullable(),
  city: z.string().trim().max(128).nullable(),
  country_code: CountryCodeSchema,
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  postal_code: z.string().trim().max(16).nullable(),
  street_address: z.string().trim().max(255).nullable(),
});
export type OriginAddress = z.infer<typeof OriginAddressSchema>;

/** PUT /vendor/{id}/address (spec §7): answers the vendor with its new location. */
export const VendorAddressParamsSchema = z.object({ id: VendorIdSchema });
export const VendorAddressBodySchema = OriginAddressSchema;
export type VendorAddressBody = z.infer<typeof VendorAddressBodySchema>;
export const VendorAddressAnswerSchema = resultOf(VendorSchema);
export type VendorAddressAnswer = z.infer<typeof VendorAddressAnswerSchema>;
