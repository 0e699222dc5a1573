import { type CountryCode, isPossiblePhoneNumber, isSupportedCountry } from 'libphonenumber-js';
import { DESCRIPTION_MAX_LENGTH } from '../constants.ts';

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
  if (typeof value === 'string' && value.trim() === '') return null;
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) ? amount : null;
}

function isValidCoordinate(value: number | null | undefined, limit: number): boolean {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;
}

// The answers for the last numbers checked: a create (and each bulk row) runs the chain more than once on the
// same number, and parsing a number is the chain's dearest step. Bounded; emptied when full.
const POSSIBLE_PHONES_KEPT = 1024;
const possiblePhones = new Map<string, boolean>();

function isPossiblePhone(phone: string, countryCode: string): boolean {
  const key = `${countryCode}\u0000${phone}`;
  const known = possiblePhones.get(key);
  if (known !== undefined) return known;
  const isPossible = isSupportedCountry(countryCode)
    ? isPossiblePhoneNumber(phone, countryCode as CountryCode)
    : isPossiblePhoneNumber(phone);
  if (possiblePhones.size >= POSSIBLE_PHONES_KEPT) possiblePhones.clear();
  possiblePhones.set(key, isPossible);
  return isPossible;
}

type OrderPayloadProblem = { field: OrderPayloadField; key: string };

/**
 * spec §5 "Order payload": the ten checks in the spec's order, as groups of one field each (the first failure
 * within a group is that field's problem). A field's check never depends on another field's.
 */
function payloadChecks(payload: OrderPayload, context: OrderPayloadContext): (() => OrderPayloadProblem | null)[] {
  const country = context.countryCode.toUpperCase();
  const problem = (field: OrderPayloadField, key: string): OrderPayloadProblem => ({ field, key });
  return [
    () => (isBlank(context.vendorId) ? problem('vendor', 'error.cant-retrieve-vendor-rar') : null),
    () =>
      UNIT_NUMBER_REQUIRED_COUNTRIES.includes(country) && isBlank(payload.destinationUnitNumber)
        ? problem('destinationUnitNumber', 'validation.fill-unit-number')
        : null,
    () => {
      const name = payload.destinationName;
      if (isBlank(name)) return problem('destinationName', 'validation.fill-customer-name');
      if (/\d/.test(name ?? '')) return problem('destinationName', 'validation.wrong-customer-name');
      return null;
    },
    () => {
      const phone = payload.destinationPhoneNumber;
      if (isBlank(phone)) return problem('destinationPhoneNumber', 'validation.fill-customer-phone');
      if (!isPossiblePhone(phone ?? '', country))
        return problem('destinationPhoneNumber', 'validation.phone-incorrect');
      return null;
    },
    () =>
      Array.from(payload.orderDescription ?? '').length > DESCRIPTION_MAX_LENGTH
        ? problem('orderDescription', 'validation.fill-description')
        : null,
    () =>
      isBlank(payload.destinationTextAddress) ? problem('destinationTextAddress', 'validation.fill-address') : null,
    () =>
      !isValidCoordinate(payload.destinationLatitude, 90) || !isValidCoordinate(payload.destinationLongitude, 180)
        ? problem('coordinates', 'validation.invalid-coordinates')
        : null,
    () => {
      const amount = parseAmount(payload.orderAmount);
      if (amount === null && !AMOUNT_OPTIONAL_COUNTRIES.includes(country)) {
        return problem('orderAmount', 'validation.fill-amount');
      }
      const minimum = MINIMUM_ORDER_AMOUNT[country];
      if (minimum && amount !== null && amount < minimum.amount) {
        return problem('orderAmount', `Minimum amount of ${minimum.amount} ${minimum.currency}`);
      }
      return null;
    },
    () => (isBlank(payload.paymentMethod) ? problem('paymentMethod', 'validation.fill-payment-method') : null),
  ];
}

/** spec §5 "Order payload": the ten checks in the spec's order; the first failure wins. */
export function validateOrderPayload(payload: OrderPayload, context: OrderPayloadContext): OrderPayloadResult {
  for (const check of payloadChecks(payload, context)) {
    const found = check();
    if (found) return { ok: false, ...found };
  }
  return { ok: true };
}

/** Every field's problem, in the spec §5 order: what a bulk row lists at once. Empty when the chain passes. */
export function orderPayloadProblems(payload: OrderPayload, context: OrderPayloadContext): OrderPayloadProblem[] {
  return payloadChecks(payload, context)
    .map((check) => check())
    .filter((found): found is OrderPayloadProblem => found !== null);
}
