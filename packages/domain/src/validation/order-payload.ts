import { DESCRIPTION_MAX_LENGTH, ORDER_AMOUNT_MAX } from '../constants.ts';
import { parseAmountText } from '../money.ts';
import { isPossiblePhone } from '../phone.ts';

// spec §3 "Order request payload"; form fields may be empty until the user fills them.
export type OrderPayload = {
  destinationCity?: string | null;
  destinationArea?: string | null;
  destinationName?: string | null;
  destinationPhoneNumber?: string | null;
  destinationLatitude?: number | null;
  destinationLongitude?: number | null;
  destinationTextAddress?: string | null;
  destinationUnitNumber?: string | null;
  destinationBuilding?: string | null;
  riderNotes?: string | null;
  orderAmount?: number | string | null;
  orderDescription?: string | null;
  paymentMethod?: string | null;
  vat_number?: string | null;
  /** Unix time in seconds. */
  preordered_for?: number | null;
};

export type OrderPayloadContext = {
  countryCode: string;
  vendorId: string | null | undefined;
};

export type OrderPayloadField =
  | 'vendor'
  | 'destinationUnitNumber'
  | 'destinationName'
  | 'destinationPhoneNumber'
  | 'orderDescription'
  | 'destinationTextAddress'
  | 'coordinates'
  | 'orderAmount'
  | 'paymentMethod';

export type OrderPayloadResult = { ok: true } | { ok: false; field: OrderPayloadField; key: string };

// spec §5 step 9 and §9: per-country minimum order amount, in major units.
export const MINIMUM_ORDER_AMOUNT: Readonly<Record<string, { amount: number; currency: string }>> = {
  PK: { amount: 100, currency: 'PKR' },
};

// spec §5 step 2: unit number is required only in Singapore.
const UNIT_NUMBER_REQUIRED_COUNTRIES: readonly string[] = ['SG'];
// spec §5 step 8: amount is required except in Kuwait.
const AMOUNT_OPTIONAL_COUNTRIES: readonly string[] = ['KW'];

function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

function parseAmount(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return parseAmountText(value);
  return Number.isFinite(value) ? value : null;
}

function isValidCoordinate(value: number | null | undefined, limit: number): boolean {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;
}

export type OrderPayloadFailure = { field: OrderPayloadField; key: string };

/**
 * spec §5 "Order payload": each field's first failing check, in the spec's order. The server answers the first
 * of them (validateOrderPayload); a form shows them all at once, each at its field.
 */
export function orderPayloadFailures(payload: OrderPayload, context: OrderPayloadContext): OrderPayloadFailure[] {
  const country = context.countryCode.toUpperCase();
  const failures: OrderPayloadFailure[] = [];
  const fail = (field: OrderPayloadField, key: string) => {
    failures.push({ field, key });
  };

  if (isBlank(context.vendorId)) fail('vendor', 'error.cant-retrieve-vendor-rar');

  if (UNIT_NUMBER_REQUIRED_COUNTRIES.includes(country) && isBlank(payload.destinationUnitNumber)) {
    fail('destinationUnitNumber', 'validation.fill-unit-number');
  }

  const name = payload.destinationName;
  if (isBlank(name)) fail('destinationName', 'validation.fill-customer-name');
  else if (/\d/.test(name ?? '')) fail('destinationName', 'validation.wrong-customer-name');

  const phone = payload.destinationPhoneNumber;
  if (isBlank(phone)) fail('destinationPhoneNumber', 'validation.fill-customer-phone');
  else if (!isPossiblePhone(phone ?? '', country)) fail('destinationPhoneNumber', 'validation.phone-incorrect');

  if (Array.from(payload.orderDescription ?? '').length > DESCRIPTION_MAX_LENGTH) {
    fail('orderDescription', 'validation.fill-description');
  }

  if (isBlank(payload.destinationTextAddress)) fail('destinationTextAddress', 'validation.fill-address');

  if (!isValidCoordinate(payload.destinationLatitude, 90) || !isValidCoordinate(payload.destinationLongitude, 180)) {
    fail('coordinates', 'validation.invalid-coordinates');
  }

  const amount = parseAmount(payload.orderAmount);
  const minimum = MINIMUM_ORDER_AMOUNT[country];
  if (amount === null && !AMOUNT_OPTIONAL_COUNTRIES.includes(country)) {
    fail('orderAmount', 'validation.fill-amount');
  } else if (minimum && amount !== null && amount < minimum.amount) {
    fail('orderAmount', `Minimum amount of ${minimum.amount} ${minimum.currency}`);
  } else if (amount !== null && amount > ORDER_AMOUNT_MAX) {
    fail('orderAmount', 'validation.amount-too-high');
  }

  if (isBlank(payload.paymentMethod)) fail('paymentMethod', 'validation.fill-payment-method');

  return failures;
}

/** spec §5 "Order payload": the ten checks in the spec's order; the first failure wins. */
export function validateOrderPayload(payload: OrderPayload, context: OrderPayloadContext): OrderPayloadResult {
  const [first] = orderPayloadFailures(payload, context);
  return first ? { ok: false, ...first } : { ok: true };
}
