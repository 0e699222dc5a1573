import type { PaymentMethod } from '@riderdesk/domain/constants';
import type { OriginAddress } from '@riderdesk/domain/contracts/geo';
import type { Order, OrderCreateBody, OrderUpdateBody } from '@riderdesk/domain/contracts/orders';
import type { DeliveryAreaBody, DeliveryFeeBody } from '@riderdesk/domain/contracts/pricing';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { isWithinPreorderWindow, preorderWindowEnd } from '@riderdesk/domain/orders/preorder-window';
import { normalisePhoneNumber } from '@riderdesk/domain/phone';
import { payableDeliveryFee, type RequestState } from '@riderdesk/domain/request-flow';
import type { LatLng } from '@riderdesk/domain/validation/address';
import type { OrderPayload, OrderPayloadResult } from '@riderdesk/domain/validation/order-payload';
import { normaliseVatNumber } from '@riderdesk/domain/validation/vat-number';
import { ApiRequestError } from '../../shared/api/api-error.ts';

/** What the merchant types in the details and payment sections. */
export type OrderForm = {
  customerName: string;
  phone: string;
  unitNumber: string;
  building: string;
  riderNotes: string;
  description: string;
  amount: string;
  paymentMethod: PaymentMethod | '';
  deliveryTime: 'ASAP' | 'LATER';
  /** 'YYYY-MM-DD HH:mm:ss' wall time in the country's zone, as the date picker gives it. */
  scheduledAt: string | null;
  vatNumber: string;
  isAgeValidationRequired: boolean;
};

export const EMPTY_ORDER_FORM: OrderForm = {
  customerName: '',
  phone: '',
  unitNumber: '',
  building: '',
  riderNotes: '',
  description: '',
  amount: '',
  paymentMethod: '',
  deliveryTime: 'ASAP',
  scheduledAt: null,
  vatNumber: '',
  isAgeValidationRequired: false,
};

// Card payment arrives with the payment-intent work; until then only methods that complete without it are offered.
export const COMPLETABLE_PAYMENT_METHODS = ['CASH_ON_DELIVERY', 'PAID'] as const satisfies readonly PaymentMethod[];

/**
 * spec §5: the country's paymentMethods parameter (pipe-separated) intersected with the vendor's
 * flags. A failed parameter lookup (null) leaves the vendor's flags alone to decide.
 */
export function availablePaymentMethods(
  countryParameter: string | null,
  vendorFlags: Readonly<Record<string, boolean>>,
): PaymentMethod[] {
  const offered = countryParameter === null ? null : countryParameter.split('|').map((value) => value.trim());
  return COMPLETABLE_PAYMENT_METHODS.filter(
    (method) => vendorFlags[method] === true && (offered === null || offered.includes(method)),
  );
}

export function vendorPoint(vendor: Vendor | null): LatLng | null {
  const location = vendor?.vendor_information.location;
  if (location?.latitude == null || location.longitude == null) return null;
  return { lat: location.latitude, lng: location.longitude };
}

/** Where the rider collects: the vendor's saved outlet, or the origin set in this flow. */
export function originPoint(vendor: Vendor | null, origin: OriginAddress | null): LatLng | null {
  return vendorPoint(vendor) ?? (origin ? { lat: origin.latitude, lng: origin.longitude } : null);
}

export function deliveryAreaBody(vendorId: string, origin: LatLng, destination: LatLng): DeliveryAreaBody {
  return {
    location: { lat: destination.lat, lng: destination.lng },
    vendor_location: { latitude: origin.lat, longitude: origin.lng },
    vendor_id: vendorId,
  };
}

export function deliveryFeeBody(vendorId: string, origin: LatLng, destination: LatLng): DeliveryFeeBody {
  return {
    source: { lat: origin.lat, lon: origin.lng },
    destination: { lat: destination.lat, lon: destination.lng },
    vendor_id: vendorId,
    delivery_type: 'food',
  };
}

/** spec §3: the address is unit, building and text joined with commas. */
export const joinAddress = (...parts: (string | null | undefined)[]): string =>
  parts
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(', ');

const parseAmount = (amount: string): number | null => {
  const value = Number(amount.replace(/,/g, '').trim());
  return amount.trim() !== '' && Number.isFinite(value) ? value : null;
};

/** The spec §3 order request payload that validateOrderPayload checks. */
export function orderPayload(form: OrderForm, state: RequestState, timeZone: string): OrderPayload {
  return {
    destinationName: form.customerName.trim(),
    destinationPhoneNumber: form.phone.trim(),
    destinationLatitude: state.destination?.latitude ?? null,
    destinationLongitude: state.destination?.longitude ?? null,
    destinationTextAddress: state.destination?.formattedAddress ?? '',
    destinationUnitNumber: form.unitNumber.trim(),
    destinationBuilding: form.building.trim(),
    riderNotes: form.riderNotes.trim(),
    orderAmount: parseAmount(form.amount),
    orderDescription: form.description.trim(),
    paymentMethod: form.paymentMethod,
    vat_number: normaliseVatNumber(form.vatNumber),
    preordered_for: preorderedFor(form, timeZone),
  };
}

/** Sender details for a vendor without a saved pickup address (spec §3). */
export type Sender = NonNullable<OrderCreateBody['sender']>;

export function senderOf(vendor: Vendor, origin: OriginAddress, fallbackEmail: string | null): Sender {
  return {
    location: {
      latitude: origin.latitude,
      longitude: origin.longitude,
      address: joinAddress(origin.unit, origin.building, origin.address_text),
      notes: origin.notes ?? '',
    },
    name: vendor.name,
    email: vendor.vendor_information.owners[0] ?? fallbackEmail ?? '',
    // spec §3: digits and plus only.
    phone_number: (vendor.vendor_information.contact.phone ?? '').replace(/[^\d+]/g, ''),
  };
}

/** spec §3 "Order create body". */
export function orderCreateBody(input: {
  state: RequestState;
  form: OrderForm;
  timeZone: string;
  sender: Sender | null;
}): OrderCreateBody {
  const { state, form } = input;
  const destination = state.destination;
  if (!state.vendorId || !destination || destination.latitude === null || destination.longitude === null) {
    throw new Error('The order has no validated destination');
  }
  if (state.deliveryFee === null || state.deliveryFeeSignature === null) throw new Error('The order has no fee');
  const body: OrderCreateBody = {
    vendor_id: state.vendorId,
    customer: {
      location: {
        latitude: destination.latitude,
        longitude: destination.longitude,
        address: joinAddress(form.unitNumber, form.building, destination.formattedAddress),
        notes: form.riderNotes.trim(),
      },
      // Customer phones travel in E.164 when they parse; what cannot be parsed is sent as typed.
      phone_number: normalisePhoneNumber(form.phone, state.countryCode),
      name: form.customerName.trim(),
    },
    order: {
      payment_method: form.paymentMethod || 'CASH_ON_DELIVERY',
      amount: parseAmount(form.amount) ?? 0,
      description: form.description.trim(),
      cold_bag_needed: false,
    },
    vat_number: normaliseVatNumber(form.vatNumber),
    preordered_for: preorderedFor(form, input.timeZone),
    age_validation_required: form.isAgeValidationRequired,
    login_pickup_estimation: state.loginPickupEstimation ?? 15,
    delivery_fee: state.deliveryFee,
    signature: state.deliveryFeeSignature,
  };
  if (state.voucher && state.discountedDeliveryFee !== null && state.discountedDeliveryFeeSignature !== null) {
    body.voucher = { code: state.voucher.code, amount: state.voucher.amount, type: state.voucher.type };
    body.discounted_delivery_fee = state.discountedDeliveryFee;
    body.discounted_delivery_fee_signature = state.discountedDeliveryFeeSignature;
  }
  if (input.sender) body.sender = input.sender;
  return body;
}

/** spec §7 PUT /order/{orderId}: an edit carries the fee it will be charged and its signature. */
export function orderUpdateBody(state: RequestState, form: OrderForm): OrderUpdateBody {
  const destination = state.destination;
  const fee = payableDeliveryFee(state);
  if (!state.vendorId || !destination || destination.latitude === null || destination.longitude === null || !fee) {
    throw new Error('The order has no validated destination or fee');
  }
  return {
    vendor_id: state.vendorId,
    payment_method: form.paymentMethod || 'CASH_ON_DELIVERY',
    amount: parseAmount(form.amount) ?? 0,
    item_details: form.description.trim(),
    location: {
      address: joinAddress(form.unitNumber, form.building, destination.formattedAddress),
      notes: form.riderNotes.trim(),
      latitude: destination.latitude,
      longitude: destination.longitude,
    },
    delivery_fee: fee.fee,
    signature: fee.signature,
  };
}

/** The form of an order being edited; its address already holds unit and building. */
export function formFromOrder(order: Order): OrderForm {
  return {
    ...EMPTY_ORDER_FORM,
    customerName: order.customer.name,
    phone: order.customer.phone_number,
    riderNotes: order.customer.location.notes ?? order.notes ?? '',
    description: order.order.description,
    amount: String(order.order.amount),
    paymentMethod: order.order.payment_method,
    vatNumber: order.vat_number ?? '',
  };
}

// ---- Time in the country's zone: the date picker works in wall time, the API in unix seconds.

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

function wallParts(epochMs: number, timeZone: string): number[] {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(epochMs);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return [get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second')];
}

/** 'YYYY-MM-DD HH:mm:ss' of an instant as a clock in the zone shows it. */
export function wallTimeInZone(epochMs: number, timeZone: string): string {
  const [y, mo, d, h, mi, s] = wallParts(epochMs, timeZone).map((n) => String(n).padStart(2, '0'));
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
}

function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = wallParts(epochMs, timeZone);
  return Date.UTC(y, mo - 1, d, h, mi, s) - Math.floor(epochMs / 1000) * 1000;
}

/** The instant at which a clock in the zone shows this wall time. */
export function zonedWallTimeToEpochMs(wallTime: string, timeZone: string): number | null {
  const match = WALL_TIME.exec(wallTime.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s = 0] = match.map((part) => Number(part ?? 0));
  const asUtc = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s);
  const first = asUtc - zoneOffsetMs(asUtc, timeZone);
  // A second pass settles times next to an offset change.
  return asUtc - zoneOffsetMs(first, timeZone);
}

/** spec §9: later deliveries are within 2 days from now. */
export function preorderWindow(nowMs: number, timeZone: string): { min: string; max: string } {
  return {
    min: wallTimeInZone(nowMs, timeZone),
    max: wallTimeInZone(preorderWindowEnd(nowMs).getTime(), timeZone),
  };
}

/** preordered_for in unix seconds, null for ASAP. */
export function preorderedFor(form: OrderForm, timeZone: string): number | null {
  if (form.deliveryTime !== 'LATER' || !form.scheduledAt) return null;
  const epoch = zonedWallTimeToEpochMs(form.scheduledAt, timeZone);
  return epoch === null ? null : Math.floor(epoch / 1000);
}

export function isScheduleValid(form: OrderForm, nowMs: number, timeZone: string): boolean {
  if (form.deliveryTime === 'ASAP') return true;
  const seconds = preorderedFor(form, timeZone);
  if (seconds === null) return false;
  return isWithinPreorderWindow(seconds * 1000, nowMs);
}

/** A body that fails the spec §5 chain is refused here exactly as the server would refuse it. */
export function refuseInvalidBody(result: OrderPayloadResult): void {
  if (result.ok) return;
  throw new ApiRequestError({
    status: 400,
    code: 'ValidationError',
    message: result.key,
    errors: [{ field: result.field, message: result.key, meta: { translation_key: result.key } }],
  });
}
