import type { PaymentMethod } from '@riderdesk/domain/constants';
import type { OriginAddress } from '@riderdesk/domain/contracts/geo';
import type { OrderCreateBody, OrderUpdateBody } from '@riderdesk/domain/contracts/orders';
import type { DeliveryAreaBody, DeliveryFeeBody } from '@riderdesk/domain/contracts/pricing';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import type { SenderContact } from '@riderdesk/domain/guest/guest-rules';
import { offeredPaymentMethods, type PaymentGates } from '@riderdesk/domain/orders/payment-methods';
import { normalisePhoneNumber, senderPhoneNumber } from '@riderdesk/domain/phone';
import { payableDeliveryFee, type RequestState } from '@riderdesk/domain/request-flow';
import type { LatLng } from '@riderdesk/domain/validation/address';
import { normaliseVatNumber } from '@riderdesk/domain/validation/vat-number';
import { isScheduledAhead, type OrderForm, parseAmount, preorderedFor } from './order-form.ts';

/**
 * spec §5: the country's paymentMethods parameter (pipe-separated) intersected with the vendor's flags,
 * behind the gates; the server applies the same rule (packages/domain orders/payment-methods.ts).
 */
export function availablePaymentMethods(
  countryParameter: string | null,
  vendorFlags: Readonly<Record<string, boolean>>,
  options: Partial<PaymentGates> = {},
): PaymentMethod[] {
  return offeredPaymentMethods(countryParameter, vendorFlags, {
    isOnlinePaymentOn: options.isOnlinePaymentOn ?? false,
    isPayAtPickupOn: options.isPayAtPickupOn ?? false,
  });
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
    // spec §3: in E.164 like a guest's, digits and plus only.
    phone_number: senderPhoneNumber(
      vendor.vendor_information.contact.phone ?? '',
      vendor.vendor_information.location.country_code,
    ),
  };
}

/** A guest's sender: the pickup set in the flow with the contact the guest gave (spec §3). */
export function guestSenderOf(origin: OriginAddress, contact: SenderContact, countryCode: string): Sender {
  return {
    location: {
      latitude: origin.latitude,
      longitude: origin.longitude,
      address: joinAddress(origin.unit, origin.building, origin.address_text),
      notes: origin.notes ?? '',
    },
    name: contact.name,
    email: contact.email,
    phone_number: senderPhoneNumber(contact.phone, countryCode),
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
    // Ticked, this order asks for a PIN; unticked, the outlet's setting decides (decision 175).
    ...(form.isHandoverPinRequired ? { handover_pin_required: true } : {}),
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

/**
 * An order being edited still goes to its saved address, whose text holds the unit and building it was
 * sent with: those fields stay read-only until another address is chosen.
 */
export function isSavedAddressKept(state: Pick<RequestState, 'orderToBeUpdated' | 'destination'>): boolean {
  const saved = state.orderToBeUpdated?.customer.location;
  return saved !== undefined && state.destination?.formattedAddress === saved.address;
}

/** spec §7 PUT /order/{orderId}: an edit carries the fee it will be charged and its signature. */
export function orderUpdateBody(
  state: RequestState,
  form: OrderForm,
  schedule: { timeZone: string; nowMs: number },
): OrderUpdateBody {
  const destination = state.destination;
  const fee = payableDeliveryFee(state);
  if (!state.vendorId || !destination || destination.latitude === null || destination.longitude === null || !fee) {
    throw new Error('The order has no validated destination or fee');
  }
  return {
    vendor_id: state.vendorId,
    customer: {
      name: form.customerName.trim(),
      phone_number: normalisePhoneNumber(form.phone, state.countryCode),
    },
    payment_method: form.paymentMethod || 'CASH_ON_DELIVERY',
    amount: parseAmount(form.amount) ?? 0,
    item_details: form.description.trim(),
    location: {
      // The saved address already holds its unit and building (spec §3), so only a new one is joined.
      address: isSavedAddressKept(state)
        ? destination.formattedAddress
        : joinAddress(form.unitNumber, form.building, destination.formattedAddress),
      notes: form.riderNotes.trim(),
      latitude: destination.latitude,
      longitude: destination.longitude,
    },
    delivery_fee: fee.fee,
    signature: fee.signature,
    // Only a pre-order still waiting for its time can move; an order already due keeps its time.
    ...(isScheduledAhead(state.orderToBeUpdated, schedule.nowMs) && {
      preordered_for: preorderedFor(form, schedule.timeZone),
    }),
  };
}
