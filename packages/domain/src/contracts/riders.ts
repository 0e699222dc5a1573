import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants.ts';
import { ORDER_STATUSES } from '../order-status.ts';
import { HANDOVER_PIN_PATTERN } from '../orders/handover-pin.ts';
import { resultOf, textSchema } from './common.ts';
import { LatitudeSchema, LongitudeSchema } from './geo.ts';
import { OrderIdSchema } from './orders.ts';

const Instant = z.iso.datetime({ offset: true });

export const RIDER_STATES = ['AVAILABLE', 'ASSIGNED', 'OFFLINE'] as const;
export type RiderState = (typeof RIDER_STATES)[number];

export const RiderIdSchema = z.uuid();
export const RiderParamsSchema = z.object({ id: RiderIdSchema });

/** GET /riders/{id} (spec §7, polled every 2 s): only for a rider on one of the caller's orders. */
export const RiderLocationSchema = z.object({
  id: RiderIdSchema,
  name: z.string(),
  phone: z.string(),
  vehicle: z.string(),
  latitude: LatitudeSchema.nullable(),
  longitude: LongitudeSchema.nullable(),
  /** Degrees clockwise from north. */
  heading: z.number().min(0).lt(360).nullable(),
  updated_at: Instant,
});
export type RiderLocation = z.infer<typeof RiderLocationSchema>;
export const RiderLocationAnswerSchema = resultOf(RiderLocationSchema);

// --- The rider API (/rider/*), authorised by `Authorization: Rider {token}`.

export const RiderPositionBodySchema = z.object({
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  heading: z.number().min(0).lt(360).nullable().optional(),
});
export type RiderPositionBody = z.infer<typeof RiderPositionBodySchema>;

export const RiderAvailabilityBodySchema = z.object({ available: z.boolean() });
export type RiderAvailabilityBody = z.infer<typeof RiderAvailabilityBodySchema>;

export const PROOF_MAX_BYTES = 2 * 1024 * 1024;
export const PROOF_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
export type ProofContentType = (typeof PROOF_CONTENT_TYPES)[number];

/** A proof photo as JSON; the same photo may instead be sent as the raw body with its image content type. */
export const ProofBodySchema = z.object({
  proof: z.object({
    content_type: textSchema(128),
    /**
     * Base64 of the image bytes (at most 2 MB once decoded), possibly in lines. The size is judged once
     * decoded (413); this bound lies above the route's body limit, so it never answers in its place.
     */
    data: textSchema(4 * PROOF_MAX_BYTES, { min: 1, multiline: true }),
  }),
  /**
   * On delivery: the rider checked the recipient's age. An order with age_validation_required is not delivered
   * without it.
   */
  age_checked: z.boolean().optional(),
  /** On delivery: the PIN the customer gave at the door, for an order that has one (decision 175). */
  handover_pin: z.string().regex(HANDOVER_PIN_PATTERN, 'error.rider.handover-pin-format').optional(),
});
export type ProofBody = z.infer<typeof ProofBodySchema>;

export const RiderOrderParamsSchema = z.object({ orderId: OrderIdSchema });

const Place = z.object({
  name: z.string(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
});

/** What a rider needs for the job: where to collect, where to drop, what to collect in cash. */
export const RiderOrderSchema = z.object({
  order_id: OrderIdSchema,
  status: z.enum(ORDER_STATUSES),
  pickup: Place.extend({ phone: z.string().nullable() }),
  dropoff: Place.extend({ phone: z.string() }),
  payment_method: z.enum(PAYMENT_METHODS),
  /** Major units the rider collects at the door (0 unless paid on delivery). */
  collect_amount: z.number().min(0),
  /** Major units the rider collects from the merchant at the pickup (0 unless paid at pickup). */
  collect_at_pickup_amount: z.number().min(0),
  description: z.string(),
  /** The rider checks the recipient's age (ID) at the door and confirms it with the delivery (age_checked). */
  age_validation_required: z.boolean(),
  /** The customer has a PIN to give at the door, sent with `delivered` (handover_pin); never the PIN itself. */
  handover_pin_required: z.boolean(),
  /** Wrong PINs the rider may still give; 0 once locked. Null without a PIN. */
  handover_pin_tries_left: z.number().int().min(0).nullable(),
  offer_expires_at: Instant.nullable(),
  pickup_eta_minutes: z.number().int().min(0).nullable(),
  delivery_eta_minutes: z.number().int().min(0).nullable(),
});
export type RiderOrder = z.infer<typeof RiderOrderSchema>;
export const RiderOrderAnswerSchema = resultOf(RiderOrderSchema);

export const RiderMeAnswerSchema = resultOf(
  z.object({
    id: RiderIdSchema,
    name: z.string(),
    vehicle: z.string(),
    state: z.enum(RIDER_STATES),
    latitude: LatitudeSchema.nullable(),
    longitude: LongitudeSchema.nullable(),
    heading: z.number().nullable(),
    /** The offered or current job. */
    order: RiderOrderSchema.nullable(),
  }),
);
export type RiderMeAnswer = z.infer<typeof RiderMeAnswerSchema>;
