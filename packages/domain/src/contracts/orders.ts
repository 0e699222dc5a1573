import { z } from 'zod';
import { DESCRIPTION_MAX_LENGTH, LOGIN_PICKUP_ESTIMATION_MAX, PAYMENT_METHODS } from '../constants.ts';
import { MESSAGE_LANGUAGES } from '../messaging/customer-messages.ts';
import { CANCEL_REASONS, ORDER_STATUSES } from '../order-status.ts';
import { CONFIRMED_BY, CUSTOMER_CONFIRMATION_STATES } from '../orders/cash-confirmation.ts';
import { FEE_PAYERS } from '../orders/charges.ts';
import { ADDRESS_TOO_LONG_MESSAGE, NO_COORDINATES_MESSAGE, NOTES_TOO_LONG_MESSAGE } from '../validation/address.ts';
import { VAT_NUMBER_ERROR } from '../validation/vat-number.ts';
import {
  IdSchema,
  keyedParams,
  moneyInputSchema,
  OrderAmountInputSchema,
  resultOf,
  textSchema,
  tokenSchema,
  unixSecondsSchema,
  VendorIdSchema,
  vatNumberSchema,
} from './common.ts';
import {
  AddressTextSchema,
  LatitudeSchema,
  LongitudeSchema,
  latitudeSchema,
  longitudeSchema,
  NotesSchema,
} from './geo.ts';
import { OrderPaymentSchema } from './order-payment.ts';
import { VoucherSchema } from './vouchers.ts';

/**
 * The keys an order body's schema failures answer, past the spec §5 chain (which answers first): each field
 * below carries its key as the message of every one of its failures, so the API answers the message as it
 * stands (the request form translates it); any other failure answers the generic envelope.
 */
export const ORDER_BODY_KEYS = {
  vatNumber: VAT_NUMBER_ERROR,
  preorderWindow: 'validation.preorder-window',
  paymentMethod: 'validation.fill-payment-method',
  description: 'validation.fill-description',
  coordinates: NO_COORDINATES_MESSAGE,
  addressTooLong: ADDRESS_TOO_LONG_MESSAGE,
  notesTooLong: NOTES_TOO_LONG_MESSAGE,
  senderPhone: 'request.form.phone.helper-text',
  senderRequired: 'validation.sender-required',
  // The fee and its signatures are the server's own quote sent back: any failure means the quote changed.
  feeChanged: 'error.fee.changed',
} as const;

const ORDER_BODY_KEY_SET: ReadonlySet<string> = new Set(Object.values(ORDER_BODY_KEYS));

/** Whether a schema failure's message is one of the order body's keys (ORDER_BODY_KEYS). */
export const isOrderBodyKey = (message: string | undefined): message is string =>
  message !== undefined && ORDER_BODY_KEY_SET.has(message);

export const OrderIdSchema = IdSchema;
const Instant = z.iso.datetime({ offset: true });
/** Unix seconds. That it lies within the 2-day pre-order window (spec §9) is checked by the service. */
const UnixSeconds = z.number().int().min(0);
const Money = z.number().min(0);
const PersonName = textSchema(100, { min: 1, trim: true });
const Description = textSchema(DESCRIPTION_MAX_LENGTH, { multiline: true, error: ORDER_BODY_KEYS.description });
// Possible-number checks need the country (spec §5, validation/order-payload.ts); the contract only
// keeps out what no phone number contains.
const CustomerPhone = textSchema(32, { trim: true }).regex(/^\+?[\d\s()-]{4,32}$/);
// spec §3: the sender's phone holds digits and plus only.
const DigitsPhone = z.string(keyedParams(ORDER_BODY_KEYS.senderPhone)).regex(/^\+?\d{4,20}$/);
/** A fee signature (docs/decisions/020-signed-fee-quotes.md): `v1.<expiry>.<base64url MAC>`. */
const Signature = tokenSchema(256, ORDER_BODY_KEYS.feeChanged);
const DeliveryFee = moneyInputSchema(ORDER_BODY_KEYS.feeChanged);
const PreorderedFor = unixSecondsSchema(ORDER_BODY_KEYS.preorderWindow).nullable();
const OrderVatNumber = vatNumberSchema(ORDER_BODY_KEYS.vatNumber);

export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, keyedParams(ORDER_BODY_KEYS.paymentMethod));

const Latitude = latitudeSchema(ORDER_BODY_KEYS.coordinates);
const Longitude = longitudeSchema(ORDER_BODY_KEYS.coordinates);

const LocationSchema = z.object({
  latitude: Latitude,
  longitude: Longitude,
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
      /** Where the e-mail channel writes to the customer (decision 175); without it, e-mail messages are skipped. */
      email: z.string().trim().max(254).pipe(z.email()).optional(),
      /** The language the customer's messages are written in; the outlet's by default (decision 175). */
      language: z.enum(MESSAGE_LANGUAGES).optional(),
    }),
    order: z.object({
      payment_method: PaymentMethodSchema,
      amount: OrderAmountInputSchema,
      description: Description,
      // spec §3: always false.
      cold_bag_needed: z.literal(false),
    }),
    vat_number: OrderVatNumber.nullable(),
    preordered_for: PreorderedFor,
    age_validation_required: z.boolean(),
    /**
     * The rider must be given a 4-digit PIN at the door, which the customer is sent (decision 175); absent, the
     * outlet's setting decides.
     */
    handover_pin_required: z.boolean().optional(),
    login_pickup_estimation: z.number().int().min(0).max(LOGIN_PICKUP_ESTIMATION_MAX),
    delivery_fee: DeliveryFee,
    signature: Signature,
    voucher: VoucherSchema.optional(),
    discounted_delivery_fee: DeliveryFee.optional(),
    discounted_delivery_fee_signature: Signature.optional(),
    // spec §3: only when the vendor has no saved pickup address.
    sender: z
      .object(
        {
          location: LocationSchema,
          name: PersonName,
          email: z.string().max(254).pipe(z.email()),
          phone_number: DigitsPhone,
        },
        keyedParams(ORDER_BODY_KEYS.senderRequired),
      )
      .optional(),
  })
  .superRefine((body, context) => {
    // spec §3: a voucher travels together with the discounted fee and its signature; one without the other is
    // not the quote the server gave.
    const hasVoucher = body.voucher !== undefined;
    for (const key of ['discounted_delivery_fee', 'discounted_delivery_fee_signature'] as const) {
      if (hasVoucher !== (body[key] !== undefined)) {
        context.addIssue({ code: 'custom', path: [key], message: ORDER_BODY_KEYS.feeChanged });
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
  /**
   * The handover PIN (decision 175): when the rider gave it, the wrong tries left, and whether too many wrong ones
   * locked the order. The PIN itself is the customer's, never shown here. Null (or absent) without a PIN.
   */
  handover_pin: z
    .object({ checked_at: Instant.nullable(), tries_left: z.number().int().min(0), is_locked: z.boolean() })
    .nullable()
    .optional(),
  /**
   * A cash order waiting for its customer to confirm before a rider is sent (decision 175): awaiting until
   * `confirm_by`, then confirmed (by whom, when) or expired (the order was cancelled). Null (or absent) when none
   * was asked. The order's status stays one of the spec's.
   */
  customer_confirmation: z
    .object({
      state: z.enum(CUSTOMER_CONFIRMATION_STATES),
      confirm_by: Instant,
      confirmed_at: Instant.nullable(),
      confirmed_by: z.enum(CONFIRMED_BY).nullable(),
    })
    .nullable()
    .optional(),
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
    latitude: Latitude,
    longitude: Longitude,
  }),
  delivery_fee: DeliveryFee,
  signature: Signature,
  /**
   * A scheduled order's new time, or null to deliver it as soon as possible; absent keeps the stored one.
   * Only an order still waiting for its time can be moved (the service checks the window and the hours).
   */
  preordered_for: PreorderedFor.optional(),
});
export type OrderUpdateBody = z.infer<typeof OrderUpdateBodySchema>;
export const OrderUpdateAnswerSchema = resultOf(OrderSchema);
export type OrderUpdateAnswer = z.infer<typeof OrderUpdateAnswerSchema>;
