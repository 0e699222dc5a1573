import { z } from 'zod';
import { DESCRIPTION_MAX_LENGTH, LOGIN_PICKUP_ESTIMATION_MAX, PAYMENT_METHODS } from '../constants.ts';
import { CANCEL_REASONS, ORDER_STATUSES } from '../order-status.ts';
import { FEE_PAYERS } from '../orders/charges.ts';
import {
  IdSchema,
  MoneyInputSchema,
  OrderAmountInputSchema,
  resultOf,
  textSchema,
  tokenSchema,
  UnixSecondsSchema,
  VatNumberSchema,
  VendorIdSchema,
} from './common.ts';
import { AddressTextSchema, LatitudeSchema, LongitudeSchema, NotesSchema } from './geo.ts';
import { OrderPaymentSchema } from './order-payment.ts';
import { VoucherSchema } from './vouchers.ts';

export const OrderIdSchema = IdSchema;
const Instant = z.iso.datetime({ offset: true });
/** Unix seconds. That it lies within the 2-day pre-order window (spec §9) is checked by the service. */
const UnixSeconds = z.number().int().min(0);
const Money = z.number().min(0);
const PersonName = textSchema(100, { min: 1, trim: true });
const Description = textSchema(DESCRIPTION_MAX_LENGTH, { multiline: true, tooLong: 'validation.fill-description' });
// Possible-number checks need the country (spec §5, validation/order-payload.ts); the contract only
// keeps out what no phone number contains.
const CustomerPhone = textSchema(32, { trim: true }).regex(/^\+?[\d\s()-]{4,32}$/);
// spec §3: the sender's phone holds digits and plus only.
const DigitsPhone = z.string().regex(/^\+?\d{4,20}$/);
/** A fee signature (docs/decisions/020-signed-fee-quotes.md): `v1.<expiry>.<base64url MAC>`. */
const Signature = tokenSchema(256);

export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);

const LocationSchema = z.object({
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  address: AddressTextSchema,
  notes: NotesSchema,
});

/** spec §3 "Order create body", sent as POST /order. */
export const OrderCreateBodySchema = z
  .object({
    vendor_id: VendorIdSchema,
    customer: z.object({
      /** address is unit, building and text joined with commas. */
      location: LocationSchema,
      phone_number: CustomerPhone,
      name: PersonName,
    }),
    order: z.object({
      payment_method: PaymentMethodSchema,
      amount: OrderAmountInputSchema,
      description: Description,
      // spec §3: always false.
      cold_bag_needed: z.literal(false),
    }),
    vat_number: VatNumberSchema.nullable(),
    preordered_for: UnixSecondsSchema.nullable(),
    age_validation_required: z.boolean(),
    login_pickup_estimation: z.number().int().min(0).max(LOGIN_PICKUP_ESTIMATION_MAX),
    delivery_fee: MoneyInputSchema,
    signature: Signature,
    voucher: VoucherSchema.optional(),
    discounted_delivery_fee: MoneyInputSchema.optional(),
    discounted_delivery_fee_signature: Signature.optional(),
    // spec §3: only when the vendor has no saved pickup address.
    sender: z
      .object({
        location: LocationSchema,
        name: PersonName,
        email: z.string().max(254).pipe(z.email()),
        phone_number: DigitsPhone,
      })
      .optional(),
  })
  .superRefine((body, context) => {
    // spec §3: a voucher travels together with the discounted fee and its signature.
    const hasVoucher = body.voucher !== undefined;
    for (const key of ['discounted_delivery_fee', 'discounted_delivery_fee_signature'] as const) {
      if (hasVoucher !== (body[key] !== undefined)) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: hasVoucher ? `${key} is required with a voucher` : `${key} is only sent with a voucher`,
        });
      }
    }
  });
export type OrderCreateBody = z.infer<typeof OrderCreateBodySchema>;
export const OrderCreateAnswerSchema = resultOf(z.object({ order_id: OrderIdSchema }));
export type OrderCreateAnswer = z.infer<typeof OrderCreateAnswerSchema>;

export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export const StatusHistoryEntrySchema = z.object({ status: OrderStatusSchema, created_at: Instant });

export const COLLECTION_TYPES = ['instant', 'scheduled'] as const;
export type CollectionType = (typeof COLLECTION_TYPES)[number];

/** spec §3 order record plus the fields the order screens display. */
export const OrderSchema = z.object({
  order_id: OrderIdSchema,
  vendor_id: VendorIdSchema,
  created_at: Instant,
  updated_at: Instant,
  status: OrderStatusSchema,
  status_history: z.array(StatusHistoryEntrySchema),
  preordered_for: UnixSeconds.nullable(),
  delivery_fee: Money,
  customer: z.object({
    name: z.string(),
    phone_number: z.string(),
    location: z.object({
      address: z.string(),
      latitude: LatitudeSchema,
      longitude: LongitudeSchema,
      notes: z.string().nullable(),
    }),
  }),
  order: z.object({
    amount: Money,
    description: z.string(),
    payment_method: PaymentMethodSchema,
  }),
  rider: z
    .object({
      name: z.string(),
      phone: z.string(),
      /** For GET /riders/{id} (spec §7: polled every 2 s). */
      id: z.string().optional(),
    })
    .nullable(),
  outlet_name: z.string(),
  /**
   * Where the rider collects the order: the outlet's saved address, or the sender a guest (or a vendor without
   * a saved address) gave with the order.
   */
  /**
   * The pickup is a person's (a sender given with the order, not a saved outlet): the order also has the
   * customer-to-customer tracking page. Absent from older answers, read as false.
   */
  is_customer_to_customer: z.boolean().optional(),
  pickup: z.object({
    name: z.string(),
    phone_number: z.string().nullable(),
    location: z.object({
      address: z.string().nullable(),
      latitude: LatitudeSchema,
      longitude: LongitudeSchema,
      notes: z.string().nullable(),
    }),
  }),
  /** The rider checks the recipient's age at the door (spec §3 age_validation_required). */
  age_validation_required: z.boolean(),
  discount: Money,
  /** The item and the delivery after the voucher (orders/charges.ts). */
  total_amount: Money,
  /** What the rider collects at the door: the total when paid on delivery, else zero. */
  collect_amount: Money,
  /** What the rider collects from the merchant at the pickup: the fee after the voucher when paid at pickup. */
  collect_at_pickup_amount: Money,
  /** Who pays the delivery fee: the customer at the door, or the merchant. */
  fee_paid_by: z.enum(FEE_PAYERS),
  notes: z.string().nullable(),
  cancel_reason: z.enum(CANCEL_REASONS).nullable(),
  /** The merchant's own words when it cancelled for "Other reason". */
  cancel_note: z.string().nullable(),
  pickup_eta_minutes: z.number().int().min(0).nullable(),
  delivery_eta_minutes: z.number().int().min(0).nullable(),
  /** Set when the order is DELAYED. */
  latest_arrival_at: Instant.nullable(),
  collection_type: z.enum(COLLECTION_TYPES),
  voucher_code: z.string().nullable(),
  vat_number: z.string().nullable(),
  /** Opens the public /tracking/{orderID} page; null when it is not shared. */
  tracking_token: z.string().nullable(),
  /** Orders paid online by card: the payment and its refunds; absent for other methods. */
  payment: OrderPaymentSchema.optional(),
});
export type Order = z.infer<typeof OrderSchema>;

/** GET /order (spec §7); the query names are camelCase on the wire. */
export const OrderQuerySchema = z.object({ vendorId: VendorIdSchema, orderId: OrderIdSchema });
export type OrderQuery = z.infer<typeof OrderQuerySchema>;
export const OrderAnswerSchema = resultOf(OrderSchema);
export type OrderAnswer = z.infer<typeof OrderAnswerSchema>;

/** PUT /order/{orderId} (spec §7): an edit re-quotes the fee, so it carries a fresh signature. */
export const OrderUpdateParamsSchema = z.object({ orderId: OrderIdSchema });
export type OrderUpdateParams = z.infer<typeof OrderUpdateParamsSchema>;
export const OrderUpdateBodySchema = z.object({
  vendor_id: VendorIdSchema,
  /**
   * The receiver as the edit form shows it. Beyond spec §7's list: an edit that lets the merchant retype the
   * name and phone must carry them. Absent, the stored receiver is kept.
   */
  customer: z.object({ name: PersonName, phone_number: CustomerPhone }).optional(),
  payment_method: PaymentMethodSchema,
  amount: OrderAmountInputSchema,
  item_details: Description,
  location: z.object({
    address: AddressTextSchema,
    notes: NotesSchema,
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
  }),
  delivery_fee: MoneyInputSchema,
  signature: Signature,
  /**
   * A scheduled order's new time, or null to deliver it as soon as possible; absent keeps the stored one.
   * Only an order still waiting for its time can be moved (the service checks the window and the hours).
   */
  preordered_for: UnixSecondsSchema.nullable().optional(),
});
export type OrderUpdateBody = z.infer<typeof OrderUpdateBodySchema>;
export const OrderUpdateAnswerSchema = resultOf(OrderSchema);
export type OrderUpdateAnswer = z.infer<typeof OrderUpdateAnswerSchema>;
