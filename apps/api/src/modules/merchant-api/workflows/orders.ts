import { LOGIN_PICKUP_ESTIMATION } from '@riderdesk/domain/constants';
import { flagsOfOrder } from '@riderdesk/domain/contracts/flags';
import type {
  ApiOrder,
  ApiOrderCancelBody,
  ApiOrderCreateBody,
  ApiOrderUpdateBody,
} from '@riderdesk/domain/contracts/merchant-api';
import { ApiOrderSchema } from '@riderdesk/domain/contracts/merchant-api';
import { OrderCreateBodySchema, OrderUpdateBodySchema } from '@riderdesk/domain/contracts/orders';
import {
  cancelReasonOf,
  isPaymentChangeRefused,
  PAID_TO_CASH_REFUSAL,
} from '@riderdesk/domain/merchant-api/order-mapping';
import { fromMinor } from '@riderdesk/domain/money';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/db.ts';
import { AppError, keyedError } from '../../../errors.ts';
import { withReadSnapshot } from '../../../infra/read-snapshot.ts';
import type { Caller } from '../../../plugins/auth.ts';
import { FEATURE_DISABLED_KEY } from '../../../plugins/flag-guard.ts';
import type { FlagService } from '../../flags/service.ts';
import { schemaErrorOf } from '../../orders/admission.ts';
import type { OrderCancelService } from '../../orders/cancel-service.ts';
import { type IdempotentRequest, requestHash } from '../../orders/idempotency.ts';
import type { OrderRow } from '../../orders/model.ts';
import type { OrderRecords } from '../../orders/records.ts';
import type { OrderService } from '../../orders/service.ts';
import type { PricingService } from '../../pricing/service.ts';
import { MerchantApiError } from '../merchant-api-error.ts';
import type { ApiCaller } from './api-caller.ts';
import { apiOrderOf } from './order-answer.ts';
import { senderOutlet } from './sender-outlet.ts';

/** What the merchant API's order workflows are given: the portal's own services, never a copy of their rules. */
export interface MerchantApiOrderDeps {
  db: Db;
  orders: OrderService;
  orderCancel: OrderCancelService;
  orderRecords: OrderRecords;
  pricing: PricingService;
  /** Where the public tracking page is served: the orders' tracking links. */
  publicUrl: string;
  /** The time estimates' "now". */
  now: Clock;
  /** spec §6: the flagged parts of an order (a pre-order time needs PreOrder), as POST /order's guard reads them. */
  flags: Pick<FlagService, 'isOn'>;
}

export interface ApiOrderReply {
  statusCode: number;
  body: ApiOrder;
  isReplay: boolean;
}

export const orderNotFound = () => new MerchantApiError(404, 'Order not found');

/**
 * The portal's caller for a call of the client acting for one vendor of its scope: a partner of that vendor, as
 * the embedded partner is (decision 153), so every check of the portal's services applies unchanged.
 */
export function portalCallerOf(caller: ApiCaller, vendorId: string): Caller {
  return { kind: 'godroid', vendorId, tokenId: `api-client:${caller.clientId}` };
}

/** The key of a create: the client's `client_order_id`, under the client, hashed over the body it sent. */
function keyOf(caller: ApiCaller, body: ApiOrderCreateBody): IdempotentRequest | null {
  if (!body.client_order_id) return null;
  return { owner: `api-client:${caller.clientId}`, key: body.client_order_id, hash: requestHash(body) };
}

/** An order of the client's scope; any other (or none) is answered alike. */
export async function ownedOrder(
  deps: Pick<MerchantApiOrderDeps, 'orderRecords'>,
  caller: ApiCaller,
  orderId: string,
): Promise<OrderRow> {
  const row = await deps.orderRecords.find(orderId);
  if (!row || !caller.vendorIds.includes(row.vendor_id)) throw orderNotFound();
  return row;
}

async function answerOf(deps: MerchantApiOrderDeps, orderId: string): Promise<ApiOrder> {
  const row = await deps.orderRecords.find(orderId);
  if (!row) throw orderNotFound();
  return apiOrderOf(row, deps.publicUrl);
}

/**
 * pandago's body as the portal's create body: the recipient is the customer, the fee the server's own quote for
 * the trip from the outlet (never a figure of the body), and the portal's schema and chain judge the rest.
 */
function portalCreateBody(body: ApiOrderCreateBody, vendorId: string, quote: { fee: number; signature: string }) {
  const { recipient } = body;
  return {
    vendor_id: vendorId,
    customer: {
      location: {
        latitude: recipient.location.latitude,
        longitude: recipient.location.longitude,
        address: recipient.location.address,
        notes: recipient.notes ?? '',
      },
      phone_number: recipient.phone_number,
      name: recipient.name,
    },
    order: {
      payment_method: body.payment_method,
      amount: body.amount,
      description: body.description,
      cold_bag_needed: body.coldbag_needed,
    },
    vat_number: null,
    preordered_for: body.preordered_for ?? null,
    age_validation_required: body.delivery_tasks?.age_validation_required ?? false,
    ...(body.delivery_tasks?.handover_pin_required === undefined
      ? {}
      : { handover_pin_required: body.delivery_tasks.handover_pin_required }),
    login_pickup_estimation: LOGIN_PICKUP_ESTIMATION,
    delivery_fee: quote.fee,
    signature: quote.signature,
  };
}

/**
 * pandago's body as POST /order's request: the outlet the sender picks, the portal's caller acting for it, and the
 * portal's body with the server's own quote for the trip. The create and the estimates start alike.
 */
export async function portalCreateRequest(
  deps: Pick<MerchantApiOrderDeps, 'db' | 'pricing' | 'flags'>,
  caller: ApiCaller,
  body: ApiOrderCreateBody,
): Promise<{ portalCaller: Caller; raw: ReturnType<typeof portalCreateBody> }> {
  const vendorId = senderOutlet(caller, body.sender);
  // POST /order's route guard (orderBodyFlags), for the outlet the sender picked.
  for (const name of flagsOfOrder({ preordered_for: body.preordered_for ?? null })) {
    if (!(await deps.flags.isOn(name, { vendorId })))
      throw keyedError(403, 'FeatureDisabled', FEATURE_DISABLED_KEY, name);
  }
  const portalCaller = portalCallerOf(caller, vendorId);
  const destination = { lat: body.recipient.location.latitude, lon: body.recipient.location.longitude };
  const source = body.sender?.location
    ? { lat: body.sender.location.latitude, lon: body.sender.location.longitude }
    : destination;
  const quote = await deps.pricing.quoteFee(portalCaller, {
    vendor_id: vendorId,
    source,
    destination,
    delivery_type: 'food',
  });
  return { portalCaller, raw: portalCreateBody(body, vendorId, quote) };
}

/**
 * The replayed answer: the order as first answered, or, for a key stored in POST /order's shape (before decision
 * 167 the pandago answer replaced it after the insert), the order as it is now.
 */
async function replayed(
  deps: MerchantApiOrderDeps,
  stored: { statusCode: number; body: unknown },
): Promise<ApiOrderReply> {
  const answer = ApiOrderSchema.safeParse(stored.body);
  if (answer.success) return { statusCode: stored.statusCode, body: answer.data, isReplay: true };
  const orderId = (stored.body as { result?: { order_id?: string } }).result?.order_id;
  if (!orderId) throw new AppError(409, 'IdempotencyConflict', 'IdempotencyConflict');
  return { statusCode: 201, body: await answerOf(deps, orderId), isReplay: true };
}

/**
 * pandago POST /orders (decision 153): the sender picks the outlet, then POST /order's chain, checks and
 * statement run as they do for the portal; `client_order_id` is the key whose first answer every retry replays.
 */
export async function createOrder(
  deps: MerchantApiOrderDeps,
  caller: ApiCaller,
  body: ApiOrderCreateBody,
): Promise<ApiOrderReply> {
  const request = keyOf(caller, body);
  try {
    return await withReadSnapshot(async () => {
      const { portalCaller, raw } = await portalCreateRequest(deps, caller, body);
      const parsed = OrderCreateBodySchema.safeParse(raw);
      const schemaError = parsed.success ? null : schemaErrorOf(parsed.error.issues);
      const { vendor } = await deps.orders.admitCreate(portalCaller, raw, schemaError);
      // The answer is the order as placed, stored with its key by the create's one statement (decision 167).
      const reply = await deps.orders.createForApiClient(
        portalCaller,
        vendor,
        parsed.data!,
        request,
        { api_client_id: caller.clientId, client_order_id: body.client_order_id ?? null },
        { statusCode: 201, of: (order) => apiOrderOf(order, deps.publicUrl) },
      );
      if (reply.isReplay) return replayed(deps, reply);
      return { statusCode: reply.statusCode, body: reply.body as ApiOrder, isReplay: false };
    });
  } catch (error) {
    // As POST /order does: a completed key replays its first answer whatever a check (or the outlet) says now.
    if (!request || !(error instanceof AppError || error instanceof MerchantApiError)) throw error;
    const stored = await deps.orders.storedAnswer(request);
    if (stored) return replayed(deps, stored);
    throw error;
  }
}

/** pandago GET /orders/{order_id}: an order of the client's scope. */
export async function getOrder(deps: MerchantApiOrderDeps, caller: ApiCaller, orderId: string): Promise<ApiOrder> {
  return apiOrderOf(await ownedOrder(deps, caller, orderId), deps.publicUrl);
}

/**
 * pandago PUT /orders/{order_id}: what is sent over the stored order, then PUT /order's chain and edit rules
 * (only before pickup, a fresh server quote for the new trip). PAID to CASH_ON_DELIVERY is pandago's refusal.
 */
export async function updateOrder(
  deps: MerchantApiOrderDeps,
  caller: ApiCaller,
  orderId: string,
  body: ApiOrderUpdateBody,
): Promise<ApiOrder> {
  const row = await ownedOrder(deps, caller, orderId);
  if (isPaymentChangeRefused(row.payment_method, body.payment_method)) {
    throw new MerchantApiError(422, PAID_TO_CASH_REFUSAL);
  }
  const portalCaller = portalCallerOf(caller, row.vendor_id);
  const location = {
    address: body.location?.address ?? row.customer_address,
    notes: body.location?.notes ?? row.customer_notes ?? '',
    latitude: body.location?.latitude ?? row.customer_latitude,
    longitude: body.location?.longitude ?? row.customer_longitude,
  };
  await withReadSnapshot(async () => {
    const quote = await deps.pricing.quoteFee(portalCaller, {
      vendor_id: row.vendor_id,
      source: { lat: row.pickup_latitude, lon: row.pickup_longitude },
      destination: { lat: location.latitude, lon: location.longitude },
      delivery_type: 'food',
    });
    const raw = {
      vendor_id: row.vendor_id,
      payment_method: body.payment_method ?? row.payment_method,
      amount: body.amount ?? fromMinor(row.amount_minor ?? 0, row.currency),
      item_details: body.description ?? row.description ?? '',
      location,
      delivery_fee: quote.fee,
      signature: quote.signature,
    };
    const parsed = OrderUpdateBodySchema.safeParse(raw);
    const schemaError = parsed.success ? null : schemaErrorOf(parsed.error.issues);
    const { vendor } = await deps.orders.admitUpdate(portalCaller, orderId, raw, schemaError);
    await deps.orders.update(vendor, orderId, parsed.data!);
  });
  return answerOf(deps, orderId);
}

/**
 * POST /orders/{order_id}/customer_confirmation (not in pandago, decision 175): the merchant, having called the
 * customer, confirms a cash order waiting for them, as the portal's "Confirm for the customer" does.
 */
export async function confirmOrderForCustomer(
  deps: MerchantApiOrderDeps,
  caller: ApiCaller,
  orderId: string,
): Promise<ApiOrder> {
  const row = await ownedOrder(deps, caller, orderId);
  await deps.orderCancel.confirmCash(portalCallerOf(caller, row.vendor_id), {
    vendor_id: row.vendor_id,
    order_id: orderId,
  });
  return answerOf(deps, orderId);
}

/** pandago DELETE /orders/{order_id}: the portal's cancellation, its spec §4 rule deciding. */
export async function cancelOrder(
  deps: MerchantApiOrderDeps,
  caller: ApiCaller,
  orderId: string,
  body: ApiOrderCancelBody,
): Promise<void> {
  const row = await ownedOrder(deps, caller, orderId);
  // pandago's REASON_UNKNOWN says no reason is known: it comes with no words, unlike the portal's "Other reason".
  await deps.orderCancel.cancel(portalCallerOf(caller, row.vendor_id), {
    vendor_id: row.vendor_id,
    order_id: orderId,
    reason: cancelReasonOf(body.reason),
  });
}
