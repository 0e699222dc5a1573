import { z } from 'zod';
import { API_CLIENT_SCOPES, PREVIOUS_SECRET_HOURS } from '../merchant-api/credentials.ts';
import {
  API_CANCEL_REASONS,
  API_CANCELLATION_REASONS,
  API_ORDER_STATUSES,
  API_PAYMENT_METHODS,
} from '../merchant-api/order-mapping.ts';
import { CONFIRMED_BY, CUSTOMER_CONFIRMATION_STATES } from '../orders/cash-confirmation.ts';
import { ORDER_EXCEPTION_KINDS } from '../orders/handover-pin.ts';
import { IdSchema, textSchema, VendorIdSchema } from './common.ts';
import { OUTLET_OWNERS_MAX } from './outlets.ts';

/** A PEM-encoded public key as uploaded (SPKI, "-----BEGIN PUBLIC KEY-----"); its kind is checked by the server. */
export const PublicKeyPemSchema = z
  .string()
  .max(4096)
  .regex(/^\s*-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----\s*$/, 'expected a PEM public key');

/** POST /merchant-api/clients: a client needs a public key, a secret, or both. */
export const ApiClientCreateBodySchema = z
  .object({
    vendor_id: VendorIdSchema,
    name: textSchema(100, { min: 1, trim: true }),
    scope: z.enum(API_CLIENT_SCOPES),
    /** With scope 'outlets': the outlets (vendors of vendor_id's tree) the client acts for. */
    outlet_ids: z.array(VendorIdSchema).max(500).default([]),
    public_key_pem: PublicKeyPemSchema.optional(),
    with_secret: z.boolean().default(false),
  })
  .refine((body) => body.public_key_pem !== undefined || body.with_secret, {
    message: 'a public key or a secret is needed',
    path: ['public_key_pem'],
  })
  .refine((body) => body.scope === 'all' || body.outlet_ids.length > 0, {
    message: 'choose at least one outlet',
    path: ['outlet_ids'],
  });
export type ApiClientCreateBody = z.infer<typeof ApiClientCreateBodySchema>;

export const ApiClientKeySchema = z.object({
  key_id: z.string(),
  created_at: z.iso.datetime(),
  revoked_at: z.iso.datetime().nullable(),
});
export type ApiClientKey = z.infer<typeof ApiClientKeySchema>;

export const ApiClientSchema = z.object({
  client_id: z.string(),
  vendor_id: z.string(),
  name: z.string(),
  scope: z.enum(API_CLIENT_SCOPES),
  outlet_ids: z.array(z.string()),
  environment: z.enum(['san', 'stg', 'prd']),
  has_secret: z.boolean(),
  /** After a rotation, until when the previous secret still works beside the new one; null when it does not. */
  previous_secret_expires_at: z.iso.datetime().nullable(),
  keys: z.array(ApiClientKeySchema),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
  revoked_at: z.iso.datetime().nullable(),
});
export type ApiClient = z.infer<typeof ApiClientSchema>;

/** The client secret is in this answer only: it is stored hashed. */
export const ApiClientCreatedSchema = z.object({
  client: ApiClientSchema,
  client_secret: z.string().nullable(),
});
export type ApiClientCreated = z.infer<typeof ApiClientCreatedSchema>;

export const ApiClientListSchema = z.object({ clients: z.array(ApiClientSchema) });
export type ApiClientList = z.infer<typeof ApiClientListSchema>;

export const ApiClientParamsSchema = z.object({ clientId: IdSchema });
export const ApiClientKeyParamsSchema = z.object({ clientId: IdSchema, keyId: IdSchema });
export const ApiClientKeyBodySchema = z.object({ public_key_pem: PublicKeyPemSchema });

/** POST /merchant-api/clients/{clientId}/secret: a new secret; the previous one works on for these many hours. */
export const ApiClientSecretBodySchema = z.object({
  previous_secret_hours: z.literal(PREVIOUS_SECRET_HOURS).default(PREVIOUS_SECRET_HOURS[0]),
});
export type ApiClientSecretBody = z.infer<typeof ApiClientSecretBodySchema>;

/** The new client secret is in this answer only, as at the creation. */
export const ApiClientSecretRotatedSchema = z.object({
  client: ApiClientSchema,
  client_secret: z.string(),
});
export type ApiClientSecretRotated = z.infer<typeof ApiClientSecretRotatedSchema>;

/** POST /oauth2/token, form-encoded (RFC 6749 §4.4, RFC 7523 §2.2); every field is judged by the server. */
export const TokenRequestSchema = z.object({
  grant_type: z.string().max(100).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
  client_assertion_type: z.string().max(200).optional(),
  client_assertion: z.string().max(8192).optional(),
  scope: z.string().max(500).optional(),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const TokenAnswerSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export type TokenAnswer = z.infer<typeof TokenAnswerSchema>;

/** RFC 6749 §5.2. */
export const OAUTH_ERRORS = ['invalid_request', 'invalid_client', 'invalid_grant', 'unsupported_grant_type'] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];
export const OAuthErrorSchema = z.object({
  error: z.enum(OAUTH_ERRORS),
  error_description: z.string().optional(),
});
export type OAuthError = z.infer<typeof OAuthErrorSchema>;

/** pandago's error body. */
export const MerchantApiErrorSchema = z.object({ message: z.string() });

/** GET /outletList (pandago OutletList). */
export const ApiOutletSchema = z.object({
  client_vendor_id: z.string(),
  name: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone_number: z.string(),
});
export const ApiOutletListSchema = z.array(ApiOutletSchema);
export type ApiOutlet = z.infer<typeof ApiOutletSchema>;

/** pandago's Location: an address and its coordinates. */
const ApiLocationSchema = z.object({
  address: z.string().max(255),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

/** pandago's Contact (the recipient): its name, phone in E.164, location and notes for the rider. */
const ApiContactSchema = z.object({
  name: z.string().max(255),
  phone_number: z.string().max(32),
  location: ApiLocationSchema,
  notes: z.string().max(2048).optional(),
});

/**
 * pandago's Sender: an outlet reference (`client_vendor_id`), or the sender's details, whose coordinates pick the
 * outlet (decision 153). The pickup is always the outlet's saved point: the details only find it.
 */
export const ApiSenderSchema = z.object({
  client_vendor_id: z.string().min(1).max(255).optional(),
  name: z.string().max(255).optional(),
  phone_number: z.string().max(32).optional(),
  location: ApiLocationSchema.optional(),
  notes: z.string().max(2048).optional(),
});
export type ApiSender = z.infer<typeof ApiSenderSchema>;

const ApiDeliveryTasksSchema = z.object({
  age_validation_required: z.boolean().default(false),
  /**
   * Not in pandago: the rider must be given a 4-digit PIN the recipient is sent with the tracking link (decision
   * 176). Absent, the outlet's setting decides.
   */
  handover_pin_required: z.boolean().optional(),
});

/** POST /orders (pandago CreateOrderRequest). Fee and status are the server's; none is read from the body. */
export const ApiOrderCreateBodySchema = z.object({
  /** The client's own id: its idempotency key (decision 153). */
  client_order_id: z.string().min(1).max(255).optional(),
  sender: ApiSenderSchema.optional(),
  recipient: ApiContactSchema,
  payment_method: z.enum(API_PAYMENT_METHODS).default('PAID'),
  coldbag_needed: z.boolean().default(false),
  amount: z.number().min(0),
  description: z.string().max(200),
  /** Unix seconds of the delivery; null or absent for now. */
  preordered_for: z.number().int().min(0).nullable().optional(),
  delivery_tasks: ApiDeliveryTasksSchema.optional(),
});
export type ApiOrderCreateBody = z.infer<typeof ApiOrderCreateBodySchema>;

/** PUT /orders/{order_id} (pandago UpdateOrderRequest): what is sent changes, the rest stays as it is. */
export const ApiOrderUpdateBodySchema = z.object({
  payment_method: z.enum(API_PAYMENT_METHODS).optional(),
  amount: z.number().min(0).optional(),
  location: z
    .object({
      address: z.string().max(255).optional(),
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      notes: z.string().max(2048).optional(),
    })
    .optional(),
  description: z.string().max(200).optional(),
});
export type ApiOrderUpdateBody = z.infer<typeof ApiOrderUpdateBodySchema>;

/** DELETE /orders/{order_id} (pandago CancelOrderRequest). */
export const ApiOrderCancelBodySchema = z.object({ reason: z.enum(API_CANCEL_REASONS) });
export type ApiOrderCancelBody = z.infer<typeof ApiOrderCancelBodySchema>;

export const ApiOrderParamsSchema = z.object({ order_id: z.string().min(1).max(100) });

const ApiContactAnswerSchema = z.object({
  name: z.string(),
  phone_number: z.string(),
  location: ApiLocationSchema,
  notes: z.string(),
});

/** pandago's Order, as POST, GET and PUT /orders answer it. Times are unix seconds; amounts in major units. */
export const ApiOrderSchema = z.object({
  order_id: z.string(),
  client_order_id: z.string().optional(),
  sender: ApiContactAnswerSchema.extend({ client_vendor_id: z.string().optional() }),
  recipient: ApiContactAnswerSchema,
  /** Metres of the trip. */
  distance: z.number(),
  payment_method: z.string(),
  coldbag_needed: z.boolean(),
  amount: z.number(),
  description: z.string(),
  status: z.enum(API_ORDER_STATUSES),
  delivery_fee: z.number(),
  timeline: z.object({ estimated_pickup_time: z.string(), estimated_delivery_time: z.string() }),
  driver: z.object({ id: z.string(), name: z.string(), phone_number: z.string() }),
  tracking_link: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  preordered_for: z.number().int().nullable(),
  cancellation: z
    .object({ reason: z.enum(API_CANCELLATION_REASONS), source: z.enum(['CLIENT', 'LOGISTICS']) })
    .optional(),
  delivery_tasks: z.object({
    age_validation_required: z.boolean(),
    /** Not in pandago (decision 175): the rider must be given the recipient's 4-digit PIN at the door. */
    handover_pin_required: z.boolean(),
    /** When the rider gave the right PIN (unix seconds); null until then and without a PIN. */
    handover_pin_checked_at: z.number().int().nullable(),
  }),
  /**
   * Not in pandago (decision 175): a cash order of an outlet that asks its customers to confirm waits, RECEIVED,
   * until `confirm_by` (unix seconds); then confirmed (by whom, when) or expired (the order was cancelled). Absent
   * when no confirmation was asked.
   */
  customer_confirmation: z
    .object({
      state: z.enum(CUSTOMER_CONFIRMATION_STATES),
      confirm_by: z.number().int(),
      confirmed_at: z.number().int().nullable(),
      /** Once confirmed: `customer_reply`, `customer_link` or `merchant`. */
      confirmed_by: z.enum(CONFIRMED_BY).optional(),
    })
    .optional(),
  /**
   * Not in pandago (decision 175): the order is flagged for the operators to solve (`handover_pin_failed`: the
   * rider gave the wrong PIN too often and cannot deliver it); absent when not.
   */
  exception: z.enum(ORDER_EXCEPTION_KINDS).optional(),
});
export type ApiOrder = z.infer<typeof ApiOrderSchema>;

/**
 * POST /orders/fee and POST /orders/time (pandago EstimateOrderRequest): POST /orders' body, judged by the same
 * chain and checks, and no order is created (decision 162).
 */
export const ApiOrderEstimateBodySchema = ApiOrderCreateBodySchema;
export type ApiOrderEstimateBody = ApiOrderCreateBody;

/**
 * pandago's fee estimate. Its document's example answers `estimated_delivery_fee` and its schema names
 * `estimate_delivery_fee`: both carry the fee, so a client written against either reads it.
 */
export const ApiFeeEstimateSchema = z.object({
  client_order_id: z.string().optional(),
  estimated_delivery_fee: z.number(),
  estimate_delivery_fee: z.number(),
});
export type ApiFeeEstimate = z.infer<typeof ApiFeeEstimateSchema>;

/** pandago's time estimate (ISO 8601 times), under both of its document's names as the fee estimate is. */
export const ApiTimeEstimateSchema = z.object({
  client_order_id: z.string().optional(),
  estimated_pickup_time: z.string(),
  estimated_delivery_time: z.string(),
  estimate_pickup_time: z.string(),
  estimate_delivery_time: z.string(),
});
export type ApiTimeEstimate = z.infer<typeof ApiTimeEstimateSchema>;

/** GET /orders/{order_id}/coordinates (pandago GetOrderCoordinateResponse): the courier's latest position. */
export const ApiOrderCoordinatesSchema = z.object({
  client_order_id: z.string().optional(),
  latitude: z.number(),
  longitude: z.number(),
  /** Unix seconds of the position. */
  updated_at: z.number().int(),
});
export type ApiOrderCoordinates = z.infer<typeof ApiOrderCoordinatesSchema>;

/** GET /orders/proof_of_{pickup,delivery,return}/{order_id}: the photo, base64-encoded, as a JSON string. */
export const ApiProofSchema = z.string();

/** The outlet of `/outlets/{client_vendor_id}`: the merchant's own id of a collection point (spec §3). */
export const ApiOutletParamsSchema = z.object({ client_vendor_id: textSchema(64, { min: 1, trim: true }) });

const apiOwnersSchema = z.array(z.string().max(254)).max(OUTLET_OWNERS_MAX);

/**
 * PUT /outlets/{client_vendor_id} (pandago CreateOrUpdateOutletRequest). The collection point rules of spec §5
 * judge it as the portal's form; `district`, `locale`, `description` and `halal` are read and not kept.
 */
export const ApiOutletBodySchema = z.object({
  name: z.string().max(120),
  address: z.string().max(255),
  street: z.string().max(255).optional(),
  street_number: z.string().max(32).optional(),
  building: z.string().max(120).optional(),
  district: z.string().max(120).optional(),
  postal_code: z.string().max(16).optional(),
  rider_instructions: z.string().max(500).optional(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  city: z.string().max(120),
  phone_number: z.string().max(32),
  /** ISO 4217: the deployment's currency only. */
  currency: z.string().max(3),
  locale: z.string().max(35),
  description: z.string().max(500).optional(),
  halal: z.boolean().optional(),
  /** Owners to invite by e-mail (the portal's invitation, its limits included). */
  add_user: apiOwnersSchema.optional(),
  /** Owners to remove; only while updating, and not with `add_user` in the same request (pandago). */
  delete_user: apiOwnersSchema.optional(),
});
export type ApiOutletBody = z.infer<typeof ApiOutletBodySchema>;

/**
 * pandago's Outlet (PUT) and VendorResponse (GET), with the collection point's state: a new outlet waits for its
 * activation (`is_pending`) before it takes orders.
 */
export const ApiOutletDetailSchema = z.object({
  vendor_id: z.string(),
  client_vendor_id: z.string(),
  name: z.string(),
  address: z.string(),
  street: z.string(),
  street_number: z.string(),
  building: z.string(),
  postal_code: z.string(),
  rider_instructions: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  city: z.string(),
  phone_number: z.string(),
  currency: z.string(),
  description: z.string(),
  locale: z.string(),
  users: z.array(z.string()),
  is_active: z.boolean(),
  is_pending: z.boolean(),
});
export type ApiOutletDetail = z.infer<typeof ApiOutletDetailSchema>;
