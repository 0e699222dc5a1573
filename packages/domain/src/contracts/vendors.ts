import { z } from 'zod';
import { resultOf, VendorIdSchema } from './common.ts';

export const VendorLocationSchema = z.object({
  address_text: z.string().nullable(),
  building: z.string().nullable(),
  city: z.string().nullable(),
  country_code: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  postal_code: z.string().nullable(),
  street: z.string().nullable(),
  street_number: z.string().nullable(),
  unit: z.string().nullable(),
  rider_instructions: z.string().nullable(),
});
export type VendorLocation = z.infer<typeof VendorLocationSchema>;

/** A radius around the outlet, or a polygon of [longitude, latitude] pairs (domain delivery-area.ts). */
export const DeliveryAreaSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('radius'), radius_km: z.number() }),
  z.object({ type: z.literal('polygon'), coordinates: z.array(z.tuple([z.number(), z.number()])) }),
]);

/** spec §3 Vendor. */
export const VendorSchema = z.object({
  vendor_id: z.string(),
  parent_vendor_id: z.string().nullable(),
  client_vendor_id: z.string().nullable(),
  name: z.string(),
  is_parent: z.boolean(),
  is_active: z.boolean(),
  is_registered: z.boolean(),
  /** A new collection point waiting to be geocoded and given its delivery area (spec §7 "a few minutes"). */
  is_pending: z.boolean(),
  vendor_information: z.object({
    name: z.string(),
    currency: z.string(),
    owners: z.array(z.string()),
    contact: z.object({ phone: z.string().nullable() }),
    location: VendorLocationSchema,
  }),
  flags: z.object({ payment_methods: z.record(z.string(), z.boolean()) }),
  estimation_pick_up_time: z.number().int().nullable(),
  login_pickup_estimation: z.number().int().nullable(),
  /** Where the outlet delivers, for the branch map (spec §9 polygon fill); null means the default radius. */
  delivery_area: DeliveryAreaSchema.nullable(),
});
export type Vendor = z.infer<typeof VendorSchema>;

export const VendorsAnswerSchema = resultOf(z.object({ vendors: z.array(VendorSchema) }));
export type VendorsAnswer = z.infer<typeof VendorsAnswerSchema>;
export const VendorAnswerSchema = resultOf(VendorSchema);
export type VendorAnswer = z.infer<typeof VendorAnswerSchema>;
export const VendorParamsSchema = z.object({ id: VendorIdSchema });

/** spec §7 GET /get-country-parameter/{name}. Every value travels as a string. */
export const COUNTRY_PARAMETER_NAMES = [
  'serviceHours',
  'onlinePaymentActivated',
  'orderItemValueExceedLimit',
  'paymentMethods',
  'allOutletOrders',
] as const;
export type CountryParameterName = (typeof COUNTRY_PARAMETER_NAMES)[number];
export const CountryParameterParamsSchema = z.object({ name: z.enum(COUNTRY_PARAMETER_NAMES) });
export const CountryParameterAnswerSchema = resultOf(z.string());
export type CountryParameterAnswer = z.infer<typeof CountryParameterAnswerSchema>;
