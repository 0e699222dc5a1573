import { z } from 'zod';
import { ADDRESS_BOOK_MIN_QUERY_LENGTH, NOTES_MAX_BYTES, STREET_MAX_BYTES } from '../constants.ts';
import { ADDRESS_TOO_LONG_MESSAGE, NOTES_TOO_LONG_MESSAGE, utf8ByteLength } from '../validation/address.ts';
import { keyedParams, queryNumberSchema, resultOf, type TextOptions, textSchema, VendorIdSchema } from './common.ts';
import { VendorSchema } from './vendors.ts';

export const latitudeSchema = (error?: string) => z.number(keyedParams(error)).min(-90).max(90);
export const longitudeSchema = (error?: string) => z.number(keyedParams(error)).min(-180).max(180);
export const LatitudeSchema = latitudeSchema();
export const LongitudeSchema = longitudeSchema();
const QueryLatitude = queryNumberSchema(LatitudeSchema);
const QueryLongitude = queryNumberSchema(LongitudeSchema);

// spec §9: these limits are in bytes, not characters. No text has more UTF-16 units than UTF-8 bytes, so
// the same number as a length bound refuses nothing the byte limit allows, and is checked first.
const bytesSchema = (maxBytes: number, options: TextOptions & { tooLong: string }) =>
  textSchema(maxBytes, options).refine((text) => utf8ByteLength(text) <= maxBytes, options.tooLong);

/** An address or street of at most STREET_MAX_BYTES bytes; `min: 0` where a blank is answered by a form rule. */
export const addressTextSchema = ({ min = 1 }: { min?: number } = {}) =>
  bytesSchema(STREET_MAX_BYTES, { min, trim: true, tooLong: ADDRESS_TOO_LONG_MESSAGE });
export const AddressTextSchema = addressTextSchema();

/** Notes for the rider of at most NOTES_MAX_BYTES bytes; trimmed where the form trims them. */
export const notesSchema = ({ trim = false }: { trim?: boolean } = {}) =>
  bytesSchema(NOTES_MAX_BYTES, { trim, multiline: true, tooLong: NOTES_TOO_LONG_MESSAGE });
export const NotesSchema = notesSchema();

const CountryCodeSchema = z.string().regex(/^[A-Za-z]{2}$/);
const PlaceIdSchema = textSchema(512, { min: 1 });

/** GET /geolocator/autocomplete (spec §7); lat and lng bias the suggestions towards the outlet. */
export const AutocompleteQuerySchema = z.object({
  query: textSchema(200, { min: 1, trim: true }),
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
export const AddressBookQuerySchema = z.object({
  query: textSchema(100, { min: ADDRESS_BOOK_MIN_QUERY_LENGTH, trim: true }),
});
export type AddressBookQuery = z.infer<typeof AddressBookQuerySchema>;
/** spec §7: the list is read from data.body. */
export const AddressBookAnswerSchema = z.object({ data: z.object({ body: z.array(AddressBookEntrySchema) }) });
export type AddressBookAnswer = z.infer<typeof AddressBookAnswerSchema>;

/** spec §3 origin address: the pickup point a vendor without coordinates must set first (spec §4). */
export const OriginAddressSchema = z.object({
  address_text: AddressTextSchema,
  unit: textSchema(64, { trim: true }).nullable(),
  notes: NotesSchema.nullable(),
  building: textSchema(128, { trim: true }).nullable(),
  city: textSchema(128, { trim: true }).nullable(),
  country_code: CountryCodeSchema,
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  postal_code: textSchema(16, { trim: true }).nullable(),
  street_address: textSchema(STREET_MAX_BYTES, { trim: true }).nullable(),
});
export type OriginAddress = z.infer<typeof OriginAddressSchema>;

/** PUT /vendor/{id}/address (spec §7): answers the vendor with its new location. */
export const VendorAddressParamsSchema = z.object({ id: VendorIdSchema });
export const VendorAddressBodySchema = OriginAddressSchema;
export type VendorAddressBody = z.infer<typeof VendorAddressBodySchema>;
export const VendorAddressAnswerSchema = resultOf(VendorSchema);
export type VendorAddressAnswer = z.infer<typeof VendorAddressAnswerSchema>;
