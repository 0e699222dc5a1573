import { LOGIN_PICKUP_ESTIMATION, type PaymentMethod } from './constants.ts';
import type { AddressBookEntry, OriginAddress } from './contracts/geo.ts';
import type { Order } from './contracts/orders.ts';
import type { Estimations } from './contracts/pricing.ts';
import type { Voucher } from './contracts/vouchers.ts';
import { firstPreorderSlot } from './orders/preorder-window.ts';
import { formatServiceHours, isWithinServiceHours } from './service-hours.ts';
import { firstAddressError } from './validation/address.ts';
import {
  type OrderPayload,
  type OrderPayloadFailure,
  type OrderPayloadField,
  orderPayloadFailures,
} from './validation/order-payload.ts';

// spec §4 "Request flow".
export const REQUEST_STEPS = [
  'ASK_FOR_ORIGIN_ADDRESS',
  'ASK_FOR_ORIGIN_ADDRESS_DETAILS',
  'CHECK_SERVICE_HOURS',
  'SERVICE_CLOSED',
  'ASK_FOR_DESTINATION_ADDRESS',
  'CHECK_IF_DESTINATION_IS_VALID',
  'FILL_ORDER_DETAILS',
  'FILL_PAYMENT_DETAILS',
] as const;
export type RequestStep = (typeof REQUEST_STEPS)[number];

export const REQUEST_ERROR_KEYS = {
  undeliverable: 'request.error.undeliverable-address',
  noPaymentMethod: 'error.no-payment-method-available',
  feeChanged: 'error.fee.changed',
  feeRecompute: 'error.fee.recompute',
  voucherValidation: 'voucher.error.validation.message',
} as const;

export type RequestErrorField =
  | 'origin'
  | 'destination'
  | 'voucher'
  | 'fee'
  | 'payment'
  | 'submit'
  | Exclude<OrderPayloadField, 'destinationTextAddress' | 'coordinates'>;

/** A failure to show: a translation key, where it shows, and the key's {{placeholders}} when it has some. */
export type RequestError = { key: string; field: RequestErrorField; values?: Readonly<Record<string, string>> };

export type RequestDestination = {
  latitude: number | null;
  longitude: number | null;
  formattedAddress: string;
  /** Geolocator or gazetteer id of the chosen suggestion, when there was one. */
  placeId: string | null;
};

/** spec §3 "Request state", plus the vendor it runs for and the chosen destination. */
export type RequestState = {
  step: RequestStep;
  loading: boolean;
  error: RequestError | null;
  vendorId: string | null;
  countryCode: string;
  hasVendorCoordinates: boolean;
  estimations: Estimations | null;
  /** Raw 'HHMM:HHMM' country parameter; startTime and endTime are its display form. */
  serviceHours: string | null;
  startTime: string | null;
  endTime: string | null;
  deliveryFee: number | null;
  deliveryFeeSignature: string | null;
  discountedDeliveryFee: number | null;
  discountedDeliveryFeeSignature: string | null;
  /** A recomputed fee differs from the one the user saw and awaits their confirmation. */
  hasFeeChanged: boolean;
  hasPaymentActivated: boolean;
  availablePaymentMethods: readonly PaymentMethod[];
  /** spec §8: -1 when the limit lookup failed, which disables the warning. */
  orderItemValueExceedLimit: number;
  addressQuery: string;
  originAddressCreation: OriginAddress | null;
  destination: RequestDestination | null;
  selectedSaveAddress: AddressBookEntry | null;
  /** Increases with every validation started, so an answer for a superseded address is dropped. */
  validationSeq: number;
  details: OrderPayload | null;
  voucher: Voucher | null;
  voucherCode: string;
  ageValidation: boolean;
  orderItemValueExceedValidation: boolean;
  loginPickupEstimation: number | null;
  orderToBeUpdated: Order | null;
  /**
   * The service is closed now but a pre-order can fall on one of its next open slots: the flow goes on and the
   * order can only be scheduled for later.
   */
  isClosedNow: boolean;
};

export type VendorContext = { vendorId: string; countryCode: string; hasVendorCoordinates: boolean };

export type DestinationValidation =
  | { deliverable: true; deliveryFee: number; signature: string; estimations: Estimations | null }
  | { deliverable: false; errorKey: string; errorValues?: Readonly<Record<string, string>> };

export type RequestEvent =
  | ({ type: 'start' } & VendorContext)
  | ({ type: 'vendorChanged' } & VendorContext)
  | {
      type: 'paymentOptionsLoaded';
      availablePaymentMethods: readonly PaymentMethod[];
      hasPaymentActivated: boolean;
      orderItemValueExceedLimit: number;
    }
  | {
      type: 'serviceHoursChecked';
      isOpen: boolean;
      serviceHours: string | null;
      /** Closed now, a pre-order (flag on) can still be due at an open slot inside the 2-day window. */
      canScheduleLater?: boolean;
    }
  | { type: 'originAddressSet'; address: OriginAddress }
  | { type: 'originDetailsSaved'; address: OriginAddress }
  | { type: 'addressQueryChanged'; query: string }
  | { type: 'destinationChosen'; destination: RequestDestination; savedAddress?: AddressBookEntry | null }
  | { type: 'destinationValidated'; seq: number; result: DestinationValidation }
  | {
      type: 'detailsSubmitted';
      details: OrderPayload;
      ageValidationRequired: boolean;
      /**
       * The spec §5 chain's failures over these details when the sender has run it already (the request form's
       * resolver does, to show every field's own), so it runs once; absent, the reducer runs it.
       */
      failures?: readonly OrderPayloadFailure[];
    }
  | { type: 'itemValueConfirmed' }
  | { type: 'back' }
  | { type: 'voucherCodeChanged'; code: string }
  | { type: 'voucherApplied'; voucher: Voucher; discountedDeliveryFee: number; signature: string }
  | { type: 'voucherRejected'; errorKey?: string }
  | { type: 'voucherRemoved' }
  | {
      type: 'feeRecomputed';
      deliveryFee: number;
      signature: string;
      during: 'order' | 'payment';
      /** The applied voucher validated again on the new quote; null when there was none or it no longer applies. */
      discount?: { voucher: Voucher; discountedDeliveryFee: number; signature: string } | null;
    }
  | { type: 'feeRecomputeFailed' }
  | { type: 'feeChangeConfirmed' }
  | { type: 'submitStarted' }
  | { type: 'submitFailed'; errorKey: string; errorValues?: Readonly<Record<string, string>> }
  | { type: 'submitted' }
  | { type: 'editOrder'; order: Order }
  /** A card order whose payment failed, offered again as a new request (nothing of it was placed). */
  | { type: 'retryOrder'; order: Order };

export function initialRequestState(countryCode = ''): RequestState {
  return {
    step: 'CHECK_SERVICE_HOURS',
    loading: false,
    error: null,
    vendorId: null,
    countryCode,
    hasVendorCoordinates: false,
    estimations: null,
    serviceHours: null,
    startTime: null,
    endTime: null,
    deliveryFee: null,
    deliveryFeeSignature: null,
    discountedDeliveryFee: null,
    discountedDeliveryFeeSignature: null,
    hasFeeChanged: false,
    hasPaymentActivated: false,
    availablePaymentMethods: [],
    orderItemValueExceedLimit: -1,
    addressQuery: '',
    originAddressCreation: null,
    destination: null,
    selectedSaveAddress: null,
    validationSeq: 0,
    details: null,
    voucher: null,
    voucherCode: '',
    ageValidation: false,
    orderItemValueExceedValidation: false,
    loginPickupEstimation: null,
    orderToBeUpdated: null,
    isClosedNow: false,
  };
}

/**
 * The serviceHoursChecked event for the hours in force now in the country's zone (spec §5). With pre-orders
 * on, a closed service still takes orders scheduled for its next open slots (decision 123).
 */
export function checkServiceHours(
  serviceHours: string | null,
  now: Date,
  timeZone: string,
  options: { isPreOrderOn?: boolean } = {},
): RequestEvent {
  const isOpen = isWithinServiceHours(serviceHours, now, timeZone);
  const canScheduleLater =
    !isOpen && options.isPreOrderOn === true && firstPreorderSlot(now, serviceHours, timeZone) !== null;
  return { type: 'serviceHoursChecked', isOpen, serviceHours, canScheduleLater };
}

export const isEditing = (state: RequestState): boolean => state.orderToBeUpdated !== null;

/** spec §8 order toasts, as translation keys: 'Order pushed!', 'Order Updated!' and their failures. */
export const ORDER_TOAST_KEYS = {
  pushed: 'order.toast.pushed',
  updated: 'order.toast.updated',
  createFailed: 'order.toast.create-failed',
  updateFailed: 'order.toast.update-failed',
} as const;

/** spec §4 and §8: an edit sends an update and reports 'Order Updated!'; the answers are keys. */
export function submitMessages(state: RequestState): { success: string; failure: string } {
  return isEditing(state)
    ? { success: ORDER_TOAST_KEYS.updated, failure: ORDER_TOAST_KEYS.updateFailed }
    : { success: ORDER_TOAST_KEYS.pushed, failure: ORDER_TOAST_KEYS.createFailed };
}

/** The fee the order is charged: the voucher's discounted fee when one is applied. */
export function payableDeliveryFee(state: RequestState): { fee: number; signature: string } | null {
  if (state.discountedDeliveryFee !== null && state.discountedDeliveryFeeSignature !== null) {
    return { fee: state.discountedDeliveryFee, signature: state.discountedDeliveryFeeSignature };
  }
  if (state.deliveryFee !== null && state.deliveryFeeSignature !== null) {
    return { fee: state.deliveryFee, signature: state.deliveryFeeSignature };
  }
  return null;
}

const DESTINATION_STEPS: readonly RequestStep[] = [
  'ASK_FOR_DESTINATION_ADDRESS',
  'CHECK_IF_DESTINATION_IS_VALID',
  'FILL_ORDER_DETAILS',
  'FILL_PAYMENT_DETAILS',
];
const PRICED_STEPS: readonly RequestStep[] = ['FILL_ORDER_DETAILS', 'FILL_PAYMENT_DETAILS'];

function startFlow(vendor: VendorContext, keep?: RequestState): RequestState {
  return {
    ...initialRequestState(vendor.countryCode),
    vendorId: vendor.vendorId,
    hasVendorCoordinates: vendor.hasVendorCoordinates,
    step: 'CHECK_SERVICE_HOURS',
    loading: true,
    ...(keep && {
      availablePaymentMethods: keep.availablePaymentMethods,
      hasPaymentActivated: keep.hasPaymentActivated,
      orderItemValueExceedLimit: keep.orderItemValueExceedLimit,
    }),
  };
}

const withoutPrice = {
  estimations: null,
  deliveryFee: null,
  deliveryFeeSignature: null,
  discountedDeliveryFee: null,
  discountedDeliveryFeeSignature: null,
  voucher: null,
  hasFeeChanged: false,
} as const satisfies Partial<RequestState>;

// spec §4: changing the address (or the origin) re-runs deliverability and fee. A voucher's discount
// is signed against the old fee, so it goes too; the typed code stays for re-validation.
function validateDestination(state: RequestState): RequestState {
  return {
    ...state,
    ...withoutPrice,
    step: 'CHECK_IF_DESTINATION_IS_VALID',
    loading: true,
    error: null,
    validationSeq: state.validationSeq + 1,
  };
}

function addressError(address: {
  latitude: number | null;
  longitude: number | null;
  text: string;
  notes?: string | null;
}): string | null {
  return firstAddressError({
    latitude: address.latitude,
    longitude: address.longitude,
    street: address.text,
    notes: address.notes,
  });
}

function afterOrigin(state: RequestState): RequestState {
  if (!state.hasVendorCoordinates) return { ...state, step: 'ASK_FOR_ORIGIN_ADDRESS', loading: false };
  if (state.destination) return validateDestination(state);
  return { ...state, step: 'ASK_FOR_DESTINATION_ADDRESS', loading: false };
}

function exceedsItemValueLimit(state: RequestState, details: OrderPayload): boolean {
  const amount = Number(details.orderAmount);
  return state.orderItemValueExceedLimit > 0 && Number.isFinite(amount) && amount > state.orderItemValueExceedLimit;
}

function toPayment(state: RequestState): RequestState {
  return {
    ...state,
    step: 'FILL_PAYMENT_DETAILS',
    error: null,
    orderItemValueExceedValidation: false,
    // spec §9: the login pickup estimation passed on details submission.
    loginPickupEstimation: LOGIN_PICKUP_ESTIMATION,
  };
}

function detailsFromOrder(order: Order): OrderPayload {
  return {
    destinationName: order.customer.name,
    destinationPhoneNumber: order.customer.phone_number,
    destinationLatitude: order.customer.location.latitude,
    destinationLongitude: order.customer.location.longitude,
    destinationTextAddress: order.customer.location.address,
    riderNotes: order.customer.location.notes,
    orderAmount: order.order.amount,
    orderDescription: order.order.description,
    paymentMethod: order.order.payment_method,
    vat_number: order.vat_number,
    preordered_for: order.preordered_for,
  };
}

function back(state: RequestState): RequestState {
  switch (state.step) {
    case 'FILL_PAYMENT_DETAILS':
      return { ...state, step: 'FILL_ORDER_DETAILS', error: null };
    case 'FILL_ORDER_DETAILS':
      if (state.orderItemValueExceedValidation) return { ...state, orderItemValueExceedValidation: false };
      return { ...state, step: 'ASK_FOR_DESTINATION_ADDRESS', error: null };
    case 'CHECK_IF_DESTINATION_IS_VALID':
      // Bumping the sequence drops the answer still on its way.
      return {
        ...state,
        step: 'ASK_FOR_DESTINATION_ADDRESS',
        loading: false,
        validationSeq: state.validationSeq + 1,
      };
    case 'ASK_FOR_DESTINATION_ADDRESS':
      // spec §4: a back action may also go to origin address details, when the origin was set in this flow.
      return state.originAddressCreation ? { ...state, step: 'ASK_FOR_ORIGIN_ADDRESS_DETAILS', error: null } : state;
    case 'ASK_FOR_ORIGIN_ADDRESS_DETAILS':
      return { ...state, step: 'ASK_FOR_ORIGIN_ADDRESS', error: null };
    default:
      return state;
  }
}

/**
 * The request-a-rider flow of spec §4. Calls are made outside: the caller dispatches what they
 * answered. An event that does not apply to the current step returns the same state object.
 */
export function requestFlowReducer(state: RequestState, event: RequestEvent): RequestState {
  if (event.type === 'start' || event.type === 'vendorChanged') return startFlow(event);
  // spec §4: closed service hours stop the flow; only a (re)start leaves SERVICE_CLOSED.
  if (state.vendorId === null || state.step === 'SERVICE_CLOSED') return state;

  switch (event.type) {
    case 'paymentOptionsLoaded':
      return {
        ...state,
        availablePaymentMethods: event.availablePaymentMethods,
        hasPaymentActivated: event.hasPaymentActivated,
        orderItemValueExceedLimit: event.orderItemValueExceedLimit,
        // spec §5: at least one payment method must be available.
        error:
          event.availablePaymentMethods.length === 0
            ? { key: REQUEST_ERROR_KEYS.noPaymentMethod, field: 'payment' }
            : state.error?.field === 'payment'
              ? null
              : state.error,
      };

    case 'serviceHoursChecked': {
      if (state.step !== 'CHECK_SERVICE_HOURS') return state;
      const display = event.serviceHours ? formatServiceHours(event.serviceHours) : null;
      const checked = {
        ...state,
        serviceHours: event.serviceHours,
        startTime: display?.from ?? null,
        endTime: display?.to ?? null,
      };
      if (event.isOpen) return afterOrigin(checked);
      // Decision 123: closed now, the flow goes on for a pre-order when one can fall on an open slot; otherwise
      // spec §4 SERVICE_CLOSED stops it.
      return event.canScheduleLater
        ? afterOrigin({ ...checked, isClosedNow: true })
        : { ...checked, step: 'SERVICE_CLOSED', loading: false };
    }

    case 'originAddressSet': {
      if (state.step !== 'ASK_FOR_ORIGIN_ADDRESS' && state.step !== 'ASK_FOR_ORIGIN_ADDRESS_DETAILS') return state;
      const key = addressError({ ...event.address, text: event.address.address_text });
      if (key) return { ...state, error: { key, field: 'origin' } };
      return { ...state, step: 'ASK_FOR_ORIGIN_ADDRESS_DETAILS', originAddressCreation: event.address, error: null };
    }

    case 'originDetailsSaved': {
      if (state.step !== 'ASK_FOR_ORIGIN_ADDRESS_DETAILS') return state;
      const key = addressError({ ...event.address, text: event.address.address_text });
      if (key) return { ...state, error: { key, field: 'origin' } };
      // The search text was the pickup's; the drop-off search starts empty.
      return afterOrigin({
        ...state,
        hasVendorCoordinates: true,
        originAddressCreation: event.address,
        addressQuery: '',
        error: null,
      });
    }

    case 'addressQueryChanged':
      if (!DESTINATION_STEPS.includes(state.step) && state.step !== 'ASK_FOR_ORIGIN_ADDRESS') return state;
      return {
        ...state,
        addressQuery: event.query,
        selectedSaveAddress: null,
        error: state.error?.field === 'destination' || state.error?.field === 'origin' ? null : state.error,
      };

    case 'destinationChosen': {
      if (!DESTINATION_STEPS.includes(state.step)) return state;
      const { destination } = event;
      const chosen = {
        ...state,
        destination,
        addressQuery: destination.formattedAddress,
        selectedSaveAddress: event.savedAddress ?? null,
      };
      const key = addressError({ ...destination, text: destination.formattedAddress });
      if (key) {
        return {
          ...chosen,
          ...withoutPrice,
          step: 'ASK_FOR_DESTINATION_ADDRESS',
          loading: false,
          validationSeq: state.validationSeq + 1,
          error: { key, field: 'destination' },
        };
      }
      return validateDestination(chosen);
    }

    case 'destinationValidated': {
      if (state.step !== 'CHECK_IF_DESTINATION_IS_VALID' || event.seq !== state.validationSeq) return state;
      const { result } = event;
      if (!result.deliverable) {
        return {
          ...state,
          step: 'ASK_FOR_DESTINATION_ADDRESS',
          loading: false,
          error: { key: result.errorKey, field: 'destination', values: result.errorValues },
        };
      }
      return {
        ...state,
        step: 'FILL_ORDER_DETAILS',
        loading: false,
        error: null,
        deliveryFee: result.deliveryFee,
        deliveryFeeSignature: result.signature,
        estimations: result.estimations,
      };
    }

    case 'detailsSubmitted': {
      if (state.step !== 'FILL_ORDER_DETAILS' || !state.destination) return state;
      // The fee was signed for the validated coordinates, so those are the ones the order carries.
      const details: OrderPayload = {
        ...event.details,
        destinationLatitude: state.destination.latitude,
        destinationLongitude: state.destination.longitude,
      };
      const submitted = { ...state, details, ageValidation: event.ageValidationRequired };
      const [failure] =
        event.failures ?? orderPayloadFailures(details, { countryCode: state.countryCode, vendorId: state.vendorId });
      if (failure) {
        const field =
          failure.field === 'destinationTextAddress' || failure.field === 'coordinates' ? 'destination' : failure.field;
        return { ...submitted, error: { key: failure.key, field } };
      }
      // spec §5: an item value above the server-given limit asks for confirmation first.
      if (exceedsItemValueLimit(state, details)) {
        return { ...submitted, error: null, orderItemValueExceedValidation: true };
      }
      return toPayment(submitted);
    }

    case 'itemValueConfirmed':
      if (state.step !== 'FILL_ORDER_DETAILS' || !state.orderItemValueExceedValidation) return state;
      return toPayment(state);

    case 'back':
      return state.loading && state.step !== 'CHECK_IF_DESTINATION_IS_VALID' ? state : back(state);

    case 'voucherCodeChanged':
      if (!PRICED_STEPS.includes(state.step)) return state;
      return { ...state, voucherCode: event.code, error: state.error?.field === 'voucher' ? null : state.error };

    case 'voucherApplied':
      if (!PRICED_STEPS.includes(state.step) || state.deliveryFee === null) return state;
      return {
        ...state,
        voucher: event.voucher,
        voucherCode: event.voucher.code,
        discountedDeliveryFee: event.discountedDeliveryFee,
        discountedDeliveryFeeSignature: event.signature,
        error: null,
      };

    case 'voucherRejected':
      if (!PRICED_STEPS.includes(state.step)) return state;
      return { ...state, error: { key: event.errorKey ?? REQUEST_ERROR_KEYS.voucherValidation, field: 'voucher' } };

    case 'voucherRemoved':
      // spec §4: removal clears the discounted fee.
      if (!PRICED_STEPS.includes(state.step)) return state;
      return {
        ...state,
        voucher: null,
        voucherCode: '',
        discountedDeliveryFee: null,
        discountedDeliveryFeeSignature: null,
        error: state.error?.field === 'voucher' ? null : state.error,
      };

    case 'feeRecomputed': {
      // spec §4: after SignatureExpired the fee is recomputed; a change in what the merchant pays (the fee after
      // the voucher, validated again on the new quote) is confirmed by the user for an order, and reported as
      // error.fee.changed for a payment.
      if (!PRICED_STEPS.includes(state.step)) return state;
      const discount = state.voucher ? (event.discount ?? null) : null;
      const payableBefore = payableDeliveryFee(state)?.fee ?? null;
      const payableNow = discount ? discount.discountedDeliveryFee : event.deliveryFee;
      const hasChanged = payableNow !== payableBefore;
      return {
        ...state,
        loading: false,
        deliveryFee: event.deliveryFee,
        deliveryFeeSignature: event.signature,
        discountedDeliveryFee: discount?.discountedDeliveryFee ?? null,
        discountedDeliveryFeeSignature: discount?.signature ?? null,
        voucher: discount?.voucher ?? null,
        hasFeeChanged: hasChanged && event.during === 'order',
        error:
          hasChanged && event.during === 'payment'
            ? { key: REQUEST_ERROR_KEYS.feeChanged, field: 'fee' }
            : state.error?.field === 'fee'
              ? null
              : state.error,
      };
    }

    case 'feeRecomputeFailed':
      if (!PRICED_STEPS.includes(state.step)) return state;
      return { ...state, loading: false, error: { key: REQUEST_ERROR_KEYS.feeRecompute, field: 'fee' } };

    case 'feeChangeConfirmed':
      return state.hasFeeChanged ? { ...state, hasFeeChanged: false } : state;

    case 'submitStarted':
      if (state.step !== 'FILL_PAYMENT_DETAILS' || state.loading || state.hasFeeChanged) return state;
      if (state.availablePaymentMethods.length === 0) {
        return { ...state, error: { key: REQUEST_ERROR_KEYS.noPaymentMethod, field: 'payment' } };
      }
      return payableDeliveryFee(state) === null ? state : { ...state, loading: true, error: null };

    case 'submitFailed':
      if (state.step !== 'FILL_PAYMENT_DETAILS' || !state.loading) return state;
      return { ...state, loading: false, error: { key: event.errorKey, field: 'submit', values: event.errorValues } };

    case 'submitted':
      // spec §4: after submission the flow resets.
      if (state.step !== 'FILL_PAYMENT_DETAILS' || !state.loading) return state;
      return startFlow(
        { vendorId: state.vendorId, countryCode: state.countryCode, hasVendorCoordinates: state.hasVendorCoordinates },
        state,
      );

    case 'editOrder':
    case 'retryOrder': {
      if (event.order.vendor_id !== state.vendorId) return state;
      const { location } = event.order.customer;
      const editing: RequestState = {
        ...state,
        orderToBeUpdated: event.type === 'editOrder' ? event.order : null,
        destination: {
          latitude: location.latitude,
          longitude: location.longitude,
          formattedAddress: location.address,
          placeId: null,
        },
        addressQuery: location.address,
        details: detailsFromOrder(event.order),
        voucherCode: event.type === 'editOrder' ? (event.order.voucher_code ?? '') : '',
      };
      // An edit needs a freshly signed fee, so the destination is validated once the flow reaches it.
      return DESTINATION_STEPS.includes(state.step) && state.hasVendorCoordinates
        ? validateDestination(editing)
        : editing;
    }
  }
}
