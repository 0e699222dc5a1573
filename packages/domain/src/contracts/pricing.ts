import { z } from 'zod';
import { COUNTRY_ETA_MINIMUM } from '../constants.ts';
import { resultOf, VendorIdSchema } from './common.ts';
import { LatitudeSchema, LongitudeSchema } from './geo.ts';

/** POST /delivery/area/validate (spec §7). The key names differ per object, as on the wire. */
export const DeliveryAreaBodySchema = z.object({
  location: z.object({ lat: LatitudeSchema, lng: LongitudeSchema }),
  vendor_location: z.object({ latitude: LatitudeSchema, longitude: LongitudeSchema }),
  vendor_id: VendorIdSchema,
});
export type DeliveryAreaBody = z.infer<typeof DeliveryAreaBodySchema>;

export const DELIVERY_AREA_RESULTS = ['DELIVERABLE', 'UNDELIVERABLE'] as const;
export type DeliveryAreaResult = (typeof DELIVERY_AREA_RESULTS)[number];
export const DeliveryAreaAnswerSchema = resultOf(z.enum(DELIVERY_AREA_RESULTS));
export type DeliveryAreaAnswer = z.infer<typeof DeliveryAreaAnswerSchema>;

/** POST /estimations: spec §7 gives it the area-validation body. */
export const EstimationsBodySchema = DeliveryAreaBodySchema;
export type EstimationsBody = z.infer<typeof EstimationsBodySchema>;

// spec §9 "Country ETA minimum 8": the service never promises less.
const EtaMinutes = z.number().int().min(COUNTRY_ETA_MINIMUM);
export const EstimationsSchema = z.object({ pickup_minutes: EtaMinutes, delivery_minutes: EtaMinutes });
export type Estimations = z.infer<typeof EstimationsSchema>;
export const EstimationsAnswerSchema = resultOf(EstimationsSchema);
export type EstimationsAnswer = z.infer<typeof EstimationsAnswerSchema>;

export const DELIVERY_TYPES = ['food'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** POST /delivery/fee (spec §7); note `lon`, not `lng`. */
export const DeliveryFeeBodySchema = z.object({
  source: z.object({ lat: LatitudeSchema, lon: LongitudeSchema }),
  destination: z.object({ lat: LatitudeSchema, lon: LongitudeSchema }),
  vendor_id: VendorIdSchema,
  delivery_type: z.literal('food'),
});
export type DeliveryFeeBody = z.infer<typeof DeliveryFeeBodySchema>;

/**
 * The signed fee quote. `fee` is in major units as shown to the user (115 for PKR 115); the order
 * must echo fee and signature, and an expired signature is answered with SignatureExpired (spec §4).
 */
export const DeliveryFeeSchema = z.object({
  fee: z.number().min(0),
  signature: z.string().min(1),
  expires_at: z.iso.datetime({ offset: true }),
  distance_km: z.number().min(0),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type DeliveryFee = z.infer<typeof DeliveryFeeSchema>;
export const DeliveryFeeAnswerSchema = resultOf(DeliveryFeeSchema);
export type DeliveryFeeAnswer = z.infer<typeof DeliveryFeeAnswerSchema>;
