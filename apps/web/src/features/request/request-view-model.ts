import type { PaymentMethod } from '@riderdesk/domain/constants';
import type { Order } from '@riderdesk/domain/contracts/orders';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { tripDistanceKm } from '@riderdesk/domain/geo/trip';
import { toMinor } from '@riderdesk/domain/money';
import { type OrderCharges, orderCharges } from '@riderdesk/domain/orders/charges';
import {
  ORDER_TOAST_KEYS,
  payableDeliveryFee,
  REQUEST_ERROR_KEYS,
  type RequestState,
  type RequestStep,
} from '@riderdesk/domain/request-flow';
import type { LatLng } from '@riderdesk/domain/validation/address';
import { isScheduledAhead } from './order-form.ts';

/**
 * The request's money in minor units (orders/charges.ts): the quoted fee, the voucher's discount as the quote
 * less the discounted fee, each converted once, and the item's value. Null until a fee is quoted.
 */
export function requestCharges(
  state: Pick<RequestState, 'deliveryFee' | 'discountedDeliveryFee'>,
  order: { amount: number | null; paymentMethod: PaymentMethod | string; currency: string },
): OrderCharges | null {
  if (state.deliveryFee === null) return null;
  const deliveryFeeMinor = toMinor(state.deliveryFee, order.currency);
  return orderCharges({
    amountMinor: toMinor(order.amount ?? 0, order.currency),
    deliveryFeeMinor,
    discountMinor:
      state.discountedDeliveryFee === null
        ? 0
        : deliveryFeeMinor - toMinor(state.discountedDeliveryFee, order.currency),
    paymentMethod: order.paymentMethod,
  });
}

/** The voucher's discount, in minor units, while a voucher is applied to a quoted fee. */
export function voucherDiscountMinor(
  state: Pick<RequestState, 'voucher' | 'deliveryFee' | 'discountedDeliveryFee'>,
  currency: string,
): number | null {
  if (!state.voucher || state.discountedDeliveryFee === null) return null;
  return requestCharges(state, { amount: 0, paymentMethod: 'ONLINE_PAYMENT', currency })?.discountMinor ?? null;
}

/** What the merchant's card is charged, in minor units: the fee after the voucher. Null until a fee is quoted. */
export function cardChargeMinor(
  state: Pick<RequestState, 'deliveryFee' | 'discountedDeliveryFee'>,
  currency: string,
): number | null {
  return requestCharges(state, { amount: 0, paymentMethod: 'ONLINE_PAYMENT', currency })?.cardChargeMinor ?? null;
}

/** The fee the quote shows: the one the order is charged (after a voucher), else the quoted one. */
export const quotedFee = (state: RequestState): number => payableDeliveryFee(state)?.fee ?? state.deliveryFee ?? 0;

/** The drop-off point, once the destination has coordinates. */
export function destinationPoint(state: Pick<RequestState, 'destination'>): LatLng | null {
  const { destination } = state;
  if (destination?.latitude == null || destination.longitude == null) return null;
  return { lat: destination.latitude, lng: destination.longitude };
}

/** The distance of the trip in km, once both ends are known. */
export function tripKm(origin: LatLng | null, state: Pick<RequestState, 'destination'>): number | null {
  const to = destinationPoint(state);
  return origin && to ? tripDistanceKm(origin, to) : null;
}

/**
 * Why the drop-off section is locked, as a translation key. While the branch is not known yet (its list is
 * loading) the section waits for it, rather than telling the merchant to choose one.
 */
export function dropOffLockedHintKey(step: RequestStep, hasVendor: boolean, isBranchLoading: boolean): string {
  if (!hasVendor && isBranchLoading) return 'request.loading-branch';
  if (step === 'CHECK_SERVICE_HOURS' && hasVendor) return 'request.checking-service-hours';
  if (step === 'SERVICE_CLOSED') return 'request.step.locked-closed';
  return 'request.step.locked-drop-off';
}

/** The destination field's error key: the geocoder's first, else the flow's own for the destination. */
export function destinationErrorKey(geoError: string | null, state: Pick<RequestState, 'error'>): string | null {
  return geoError ?? (state.error?.field === 'destination' ? state.error.key : null);
}

/** The out-of-area help shows for an undeliverable drop-off whose both ends are on the map. */
export function isOutOfArea(state: Pick<RequestState, 'error' | 'destination'>, origin: LatLng | null): boolean {
  return (
    state.error?.field === 'destination' &&
    state.error.key === REQUEST_ERROR_KEYS.undeliverable &&
    origin !== null &&
    destinationPoint(state) !== null
  );
}

/** What the pickup is called for a guest: its address, as a guest's own vendor is named "guest". */
export function guestPickupAddress(
  vendor: Vendor | null,
  state: Pick<RequestState, 'originAddressCreation'>,
): string | null {
  return vendor?.vendor_information.location.address_text ?? state.originAddressCreation?.address_text ?? null;
}

/** The submit failure of the payment section: the toast's title and the reason, or the fee's own error. */
export function submitErrorText(
  state: Pick<RequestState, 'error'>,
  isEditing: boolean,
  words: { t: (key: string) => string; translate: (key: string, values?: Readonly<Record<string, string>>) => string },
): string | null {
  const { error } = state;
  if (error?.field === 'submit') {
    const title = words.t(isEditing ? ORDER_TOAST_KEYS.updateFailed : ORDER_TOAST_KEYS.createFailed);
    return `${title}: ${words.translate(error.key, error.values)}`;
  }
  if (error?.field === 'fee') return words.translate(error.key, error.values);
  return null;
}

/**
 * Whether a later delivery time may be chosen: an edit moves a pre-order's time while it waits for it (other
 * orders being edited are due now); a new request follows the pre-order flag.
 */
export function canChooseLater(input: {
  orderToBeUpdated: Order | null;
  isEditing: boolean;
  isPreOrderOn: boolean;
  nowMs: number;
}): boolean {
  return input.isEditing ? isScheduledAhead(input.orderToBeUpdated, input.nowMs) : input.isPreOrderOn;
}
