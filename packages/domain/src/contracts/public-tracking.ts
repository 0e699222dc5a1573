import { z } from 'zod';
import { ORDER_STATUSES, PUBLIC_TRACKING_STAGES } from '../order-status.ts';
import { CUSTOMER_CONFIRMATION_STATES } from '../orders/cash-confirmation.ts';
import { FEE_PAYERS } from '../orders/charges.ts';
import { resultOf } from './common.ts';

const Instant = z.iso.datetime({ offset: true });
const Point = z.object({ latitude: z.number(), longitude: z.number() });

/** The public pages' token: the order's random tracking_token (256 bits, base64url), never the order id. */
export const TrackingTokenParamsSchema = z.object({ token: z.string().regex(/^[\w-]{22,128}$/) });

export const PublicRiderSchema = Point.extend({
  /** First name only. */
  first_name: z.string(),
  heading: z.number().nullable(),
  updated_at: Instant,
});

const Common = {
  status: z.enum(ORDER_STATUSES),
  /** spec §4 public tracking stage; null before payment or once cancelled. */
  stage: z.enum(PUBLIC_TRACKING_STAGES).nullable(),
  is_cancelled: z.boolean(),
  is_delayed: z.boolean(),
  latest_arrival_at: Instant.nullable(),
  rider: PublicRiderSchema.nullable(),
  pickup_eta_minutes: z.number().int().nullable(),
  delivery_eta_minutes: z.number().int().nullable(),
  created_at: Instant,
  updated_at: Instant,
  preordered_for: Instant.nullable(),
  picked_up_at: Instant.nullable(),
  delivered_at: Instant.nullable(),
  /** The rider checks the recipient's age (ID) at the door (spec §3 age_validation_required). */
  age_validation_required: z.boolean(),
  /** The public stages reached, oldest first. */
  timeline: z.array(z.object({ stage: z.enum(PUBLIC_TRACKING_STAGES), at: Instant })),
};

/** GET /public/tracking/{token}: what the recipient needs, nothing more. */
export const PublicTrackingSchema = z.object({
  ...Common,
  /** The shop; a private sender's pickup (no saved outlet) shows only its district and a rounded position. */
  outlet: Point.extend({ name: z.string(), address: z.string().nullable() }),
  destination: Point.extend({
    /** The district part of the address, not the flat or house. */
    area: z.string(),
  }),
  /** Masked, e.g. +92******4567. */
  recipient_phone: z.string(),
  /** The PIN the recipient gives the rider at the door (decision 175), until the order is finished; else null. */
  handover_pin: z.string().nullable().optional(),
  /**
   * A cash order waiting for the recipient to confirm it (decision 175): `POST /public/tracking/{token}/confirm`
   * confirms it until `confirm_by`. Null when none was asked.
   */
  customer_confirmation: z
    .object({ state: z.enum(CUSTOMER_CONFIRMATION_STATES), confirm_by: Instant })
    .nullable()
    .optional(),
});
export type PublicTracking = z.infer<typeof PublicTrackingSchema>;
export const PublicTrackingAnswerSchema = resultOf(PublicTrackingSchema);

/** GET /public/tracking-c2c/{token}: a person sends to a person, so neither side's details are shown in full. */
export const PublicC2cTrackingSchema = z.object({
  ...Common,
  /**
   * `name` and `address` are what the page shows: a shop's (or business's) whole name and pickup address, as
   * /tracking shows them; a private sender's first name and district. `first_name` and `area` stay for older
   * pages.
   */
  sender: z.object({ first_name: z.string(), area: z.string(), name: z.string(), address: z.string() }).merge(Point),
  recipient: z.object({ first_name: z.string(), area: z.string() }).merge(Point),
});
export type PublicC2cTracking = z.infer<typeof PublicC2cTrackingSchema>;
export const PublicC2cTrackingAnswerSchema = resultOf(PublicC2cTrackingSchema);

/** GET /public/delivery-receipt/{token}. */
export const PublicReceiptSchema = z.object({
  order_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  outlet_name: z.string(),
  currency: z.string(),
  delivery_fee: z.number(),
  discount: z.number(),
  amount: z.number(),
  total_amount: z.number(),
  /** What the customer hands the rider at the door; zero when it was paid beforehand. */
  collect_amount: z.number(),
  fee_paid_by: z.enum(FEE_PAYERS),
  payment_method: z.string(),
  description: z.string(),
  destination_area: z.string(),
  rider_first_name: z.string().nullable(),
  created_at: Instant,
  picked_up_at: Instant.nullable(),
  delivered_at: Instant.nullable(),
  /** The order was cancelled (any cancelled-type status); the receipt then says so instead of a pending one. */
  is_cancelled: z.boolean(),
  /** When it was cancelled; null unless is_cancelled. */
  cancelled_at: Instant.nullable(),
  has_delivery_proof: z.boolean(),
});
export type PublicReceipt = z.infer<typeof PublicReceiptSchema>;
export const PublicReceiptAnswerSchema = resultOf(PublicReceiptSchema);
