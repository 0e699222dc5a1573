import { randomBytes } from 'node:crypto';
import type { OrderCreateBody } from '@riderdesk/domain/contracts/orders';
import type { Estimations } from '@riderdesk/domain/contracts/pricing';
import { type GeoPoint, toMinor } from '@riderdesk/domain/money';
import { normalisePhoneNumber, senderPhoneNumber } from '@riderdesk/domain/phone';
import { normaliseVatNumber } from '@riderdesk/domain/validation/vat-number';
import type { Caller } from '../../plugins/auth.ts';
import type { VendorRow } from '../vendors/model.ts';
import type { AppliedVoucher } from './fee-checks.ts';
import type { Pickup } from './order-checks.ts';
import type { NewOrder } from './repo.ts';

/** A checked order before it has an id: what the create writes. */
export type PreparedOrder = Omit<NewOrder, 'order_id' | 'created_at'>;

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
}): PreparedOrder {
  const { caller, vendor, body, country, pickup, destination, voucher } = parts;
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
    customer_name: body.customer.name,
    customer_phone: normalisePhoneNumber(body.customer.phone_number, country.code),
    customer_address: body.customer.location.address,
    customer_notes: body.customer.location.notes || null,
    customer_latitude: destination.lat,
    customer_longitude: destination.lng,
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
    login_pickup_estimation: body.login_pickup_estimation,
  };
}
