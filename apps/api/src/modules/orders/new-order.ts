import { randomBytes, randomInt } from 'node:crypto';
import type { OrderCreateBody } from '@riderdesk/domain/contracts/orders';
import type { Estimations } from '@riderdesk/domain/contracts/pricing';
import { type GeoPoint, toMinor } from '@riderdesk/domain/money';
import { needsCashConfirmation } from '@riderdesk/domain/orders/cash-confirmation';
import { HANDOVER_PIN_LENGTH } from '@riderdesk/domain/orders/handover-pin';
import { normalisePhoneNumber, senderPhoneNumber } from '@riderdesk/domain/phone';
import { normaliseVatNumber } from '@riderdesk/domain/validation/vat-number';
import type { Caller } from '../../plugins/auth.ts';
import type { VendorRow } from '../vendors/model.ts';
import type { AppliedVoucher } from './fee-checks.ts';
import type { OrderRow } from './model.ts';
import type { Pickup } from './order-checks.ts';
import type { NewOrder } from './repo.ts';

/** A checked order before it has an id: what the create writes. */
export type PreparedOrder = Omit<NewOrder, 'order_id' | 'created_at'>;

/** Four random digits, leading zeros kept (decision 175). */
export const handoverPin = (): string =>
  String(randomInt(0, 10 ** HANDOVER_PIN_LENGTH)).padStart(HANDOVER_PIN_LENGTH, '0');

/** The row of a new order from its checked parts; amounts in minor units, the phone in E.164 (decision 022). */
export function newOrder(parts: {
  caller: Caller;
  vendor: VendorRow;
  body: OrderCreateBody;
  country: { code: string; currency: string };
  pickup: Pickup;
  destination: GeoPoint;
  preorderedFor: Date | null;
  feeMinor: number;
  voucher: AppliedVoucher | null;
  estimations: Estimations;
  distanceKm: number;
  /** When the order is placed: a cash order's confirmation counts from here (decision 175). */
  placedAt: Date;
}): PreparedOrder {
  const { caller, vendor, body, country, pickup, destination, voucher } = parts;
  const isConfirmationAsked = needsCashConfirmation(body.order.payment_method, vendor.cash_confirmation_minutes);
  return {
    vendor_id: vendor.vendor_id,
    tracking_token: randomBytes(32).toString('base64url'),
    created_by: caller.kind === 'user' ? caller.userId : null,
    status: 'NEW',
    preordered_for: parts.preorderedFor,
    currency: country.currency,
    delivery_fee_minor: parts.feeMinor,
    discount_minor: voucher?.discountMinor ?? 0,
    voucher_code: voucher?.code ?? null,
    voucher_type: voucher?.type ?? null,
    voucher_value: voucher?.value ?? null,
    distance_m: Math.round(parts.distanceKm * 1000),
    pickup_eta_minutes: parts.estimations.pickup_minutes,
    delivery_eta_minutes: parts.estimations.delivery_minutes,
    // The ETA the request was given; the two above follow the rider from now on.
    requested_eta_minutes: parts.estimations.pickup_minutes + parts.estimations.delivery_minutes,
    customer_name: body.customer.name,
    customer_phone: normalisePhoneNumber(body.customer.phone_number, country.code),
    customer_address: body.customer.location.address,
    customer_notes: body.customer.location.notes || null,
    customer_latitude: destination.lat,
    customer_longitude: destination.lng,
    customer_email: body.customer.email ?? null,
    customer_language: body.customer.language ?? null,
    pickup_address: pickup.address,
    pickup_notes: pickup.notes,
    pickup_latitude: pickup.point.lat,
    pickup_longitude: pickup.point.lng,
    sender_name: pickup.sender?.name ?? null,
    sender_email: pickup.sender?.email ?? null,
    // spec §3: a vendor's sender phone is stored in E.164 like a guest's.
    sender_phone: pickup.sender?.phone == null ? null : senderPhoneNumber(pickup.sender.phone, country.code),
    amount_minor: toMinor(body.order.amount, country.currency),
    description: body.order.description,
    payment_method: body.order.payment_method,
    vat_number: normaliseVatNumber(body.vat_number),
    age_validation_required: body.age_validation_required,
    // The order's own choice, else the outlet's (decision 175).
    handover_pin: (body.handover_pin_required ?? vendor.handover_pin_required) ? handoverPin() : null,
    // The outlet's cash orders wait for their customer before a rider is sent (decision 175).
    customer_confirmation: isConfirmationAsked ? 'awaiting' : null,
    confirm_by: isConfirmationAsked
      ? new Date(parts.placedAt.getTime() + (vendor.cash_confirmation_minutes ?? 0) * 60_000)
      : null,
    login_pickup_estimation: body.login_pickup_estimation,
  };
}

/**
 * The order a create has just placed, as `orderRecords.find` would read it back at once: its written columns,
 * the outlet it was placed for, no rider yet and its one history entry. A create answers from it instead of
 * reading the row again (decision 167); a column added to OrderRow must be given here too.
 */
export function placedOrderRow(
  order: NewOrder,
  vendor: Pick<VendorRow, 'name' | 'phone' | 'parent_vendor_id'>,
): OrderRow {
  return {
    order_id: order.order_id,
    vendor_id: order.vendor_id,
    tracking_token: order.tracking_token,
    status: order.status,
    created_at: order.created_at,
    updated_at: order.created_at,
    preordered_for: order.preordered_for,
    currency: order.currency,
    delivery_fee_minor: order.delivery_fee_minor,
    discount_minor: order.discount_minor,
    voucher_code: order.voucher_code,
    voucher_type: order.voucher_type,
    voucher_value: order.voucher_value,
    distance_m: order.distance_m,
    pickup_eta_minutes: order.pickup_eta_minutes,
    delivery_eta_minutes: order.delivery_eta_minutes,
    customer_name: order.customer_name,
    customer_phone: order.customer_phone,
    customer_address: order.customer_address,
    customer_notes: order.customer_notes,
    customer_email: order.customer_email ?? null,
    customer_language: order.customer_language ?? null,
    customer_latitude: order.customer_latitude,
    customer_longitude: order.customer_longitude,
    pickup_address: order.pickup_address,
    pickup_notes: order.pickup_notes,
    pickup_latitude: order.pickup_latitude,
    pickup_longitude: order.pickup_longitude,
    sender_name: order.sender_name,
    sender_email: order.sender_email,
    sender_phone: order.sender_phone,
    amount_minor: order.amount_minor,
    description: order.description,
    payment_method: order.payment_method,
    vat_number: order.vat_number,
    age_validation_required: order.age_validation_required,
    api_client_id: order.api_client_id ?? null,
    client_order_id: order.client_order_id ?? null,
    dispatch_started_at: null,
    offer_expires_at: null,
    cancel_reason: null,
    cancel_note: null,
    latest_arrival_at: null,
    payment_status: order.payment_status ?? null,
    paid_minor: 0,
    refunded_minor: 0,
    card_scheme: null,
    card_last4: null,
    handover_pin: order.handover_pin ?? null,
    handover_pin_attempts: 0,
    handover_pin_checked_at: null,
    customer_confirmation: order.customer_confirmation ?? null,
    confirm_by: order.confirm_by ?? null,
    customer_confirmed_at: null,
    customer_confirmed_by: null,
    exception: null,
    exception_at: null,
    outlet_name: vendor.name,
    outlet_phone: vendor.phone,
    parent_vendor_id: vendor.parent_vendor_id,
    rider_id: null,
    rider_name: null,
    rider_phone: null,
    rider_latitude: null,
    rider_longitude: null,
    rider_heading: null,
    rider_updated_at: null,
    // The statement writes the history entry with the order's own status and creation time.
    status_history: [{ status: order.status, created_at: order.created_at.toISOString() }],
  };
}
