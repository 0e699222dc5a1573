import type { PaymentMethod } from './constants.ts';
import { latinDigits } from './digits.ts';

// ISO 4217 exponents. Intl's display digits come from CLDR (0 for PKR and MMK) and change with the
// ICU version, so they must not decide how amounts are stored.
const CURRENCY_EXPONENTS: Readonly<Record<string, number>> = {
  BDT: 2,
  BHD: 3,
  HKD: 2,
  JPY: 0,
  KHR: 2,
  KWD: 3,
  MMK: 2,
  MYR: 2,
  PHP: 2,
  PKR: 2,
  SGD: 2,
  THB: 2,
  TWD: 2,
};

export function currencyExponent(currency: string): number {
  const known = CURRENCY_EXPONENTS[currency.toUpperCase()];
  if (known !== undefined) return known;
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

// Shifts the decimal point in the number's text form, so 1.005 becomes 100.5 and not 100.49999999999999.
// An integer needs no text: times a power of ten it stays exact while it is a safe integer, and divided by one
// it is rounded once, to the same double its decimal text would parse to.
function shiftDecimal(value: number, places: number): number {
  if (Number.isInteger(value) && places <= 22 && places >= -22) {
    if (places < 0) return value / 10 ** -places;
    const shifted = value * 10 ** places;
    if (Number.isSafeInteger(shifted)) return shifted;
  }
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** Major to minor units, rounded half away from zero. */
export function toMinor(amount: number, currency: string): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`);
  const minor = Math.round(shiftDecimal(Math.abs(amount), currencyExponent(currency)));
  return amount < 0 && minor !== 0 ? -minor : minor;
}

/**
 * An amount as a person types it, in major units: Latin, Arabic-Indic or Urdu digits, grouped with commas
 * ('1,850', '۱۸۵۰', '١٬٨٥٠' → 1850). Null for empty text and for text that is not one number.
 */
export function parseAmountText(text: string): number | null {
  const plain = latinDigits(text).replace(/,/g, '').trim();
  if (plain === '') return null;
  const value = Number(plain);
  return Number.isFinite(value) ? value : null;
}

export function fromMinor(minor: number, currency: string): number {
  return shiftDecimal(minor, -currencyExponent(currency));
}

// The word Urdu readers write after an amount; other languages read the ISO code before it.
const URDU_CURRENCY_WORDS: Readonly<Record<string, string>> = { PKR: 'روپے' };

const MINUS = '\u2212';
// LEFT-TO-RIGHT ISOLATE and POP DIRECTIONAL ISOLATE: a signed number keeps its sign beside it in any direction.
const LRI = '\u2066';
const PDI = '\u2069';

const isUrdu = (language: string) => language === 'ur' || language.startsWith('ur_') || language.startsWith('ur-');

/**
 * An amount in major units as every screen writes it, one form per language: 'PKR 1,850' in English and
 * '1,850 روپے' in Urdu (Latin digits, as in Pakistani retail), the word after the number as Urdu reads it.
 * A negative amount (a discount) carries a minus sign (U+2212) before its number: '−PKR 19' in English and
 * '−19 روپے' in Urdu, where the signed number is a left-to-right isolate (LRI … PDI) so that a right-to-left
 * line keeps the sign on the number's left instead of moving it to the far side ("19−").
 */
export function formatMoney(amount: number, currency: string, language: string): string {
  const digits = { minimumFractionDigits: 0, maximumFractionDigits: currencyExponent(currency) };
  const sign = amount < 0 ? MINUS : '';
  const magnitude = Math.abs(amount);
  const word = URDU_CURRENCY_WORDS[currency.toUpperCase()];
  if (isUrdu(language) && word) {
    const number = new Intl.NumberFormat('ur-PK-u-nu-latn', digits).format(magnitude);
    return sign ? `${LRI}${sign}${number}${PDI}\u00a0${word}` : `${number}\u00a0${word}`;
  }
  const locale = isUrdu(language) ? 'ur-PK-u-nu-latn' : 'en';
  const text = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    ...digits,
  }).format(magnitude);
  return sign ? `${LRI}${sign}${text}${PDI}` : text;
}

/** A discount or other deduction, written as a negative amount: '−PKR 19', '−19 روپے'. */
export function formatDeduction(amount: number, currency: string, language: string): string {
  return formatMoney(-Math.abs(amount), currency, language);
}

/** The currency as a label beside an amount field, in the same form as formatMoney. */
export function currencyLabel(currency: string, language: string): string {
  return (isUrdu(language) && URDU_CURRENCY_WORDS[currency.toUpperCase()]) || currency.toUpperCase();
}

export type FeeFormula = {
  currency: string;
  /** Major units. */
  base: number;
  /** Major units per started kilometre. */
  perKm: number;
  /** Kilometres included in the base price. */
  includedKm: number;
  /** Major units added for cash on delivery. */
  cashOnDeliverySurcharge: number;
};

// spec §9 "Quoted pricing in country FAQ texts". These are the advertised figures; the charged fee
// always comes signed from POST /delivery/fee.
export const FEE_FORMULAS = {
  PK: { currency: 'PKR', base: 65, perKm: 10, includedKm: 0, cashOnDeliverySurcharge: 0 },
  // "99 NTD plus 10 per km from 1 km plus 25 for cash on delivery": the first kilometre is in the base.
  TW: { currency: 'TWD', base: 99, perKm: 10, includedKm: 1, cashOnDeliverySurcharge: 25 },
  TH: { currency: 'THB', base: 35, perKm: 7, includedKm: 0, cashOnDeliverySurcharge: 0 },
  BD: { currency: 'BDT', base: 55, perKm: 5, includedKm: 0, cashOnDeliverySurcharge: 0 },
  MM: { currency: 'MMK', base: 1300, perKm: 200, includedKm: 0, cashOnDeliverySurcharge: 0 },
  MY: { currency: 'MYR', base: 4.75, perKm: 0.5, includedKm: 0, cashOnDeliverySurcharge: 0 },
  SG: { currency: 'SGD', base: 6, perKm: 1, includedKm: 0, cashOnDeliverySurcharge: 0 },
} as const satisfies Record<string, FeeFormula>;

export type FeeCountryCode = keyof typeof FEE_FORMULAS;

export function hasFeeFormula(countryCode: string): countryCode is FeeCountryCode {
  return Object.hasOwn(FEE_FORMULAS, countryCode);
}

const METRES_PER_KM = 1000;

/**
 * Estimated delivery fee in minor units, or null for a country without quoted pricing. The per-km part
 * is charged per started kilometre (rounded up), after rounding the distance to the metre so that
 * floating-point noise such as 2.0000000001 km does not add a kilometre.
 */
export function computeDeliveryFee(input: {
  countryCode: string;
  distanceKm: number;
  paymentMethod?: PaymentMethod | string | null;
}): number | null {
  if (!Number.isFinite(input.distanceKm) || input.distanceKm < 0) {
    throw new RangeError(`Not a distance: ${input.distanceKm}`);
  }
  const country = input.countryCode.toUpperCase();
  if (!hasFeeFormula(country)) return null;
  const formula: FeeFormula = FEE_FORMULAS[country];
  const metres = Math.round(input.distanceKm * METRES_PER_KM);
  const chargedKm = Math.max(0, Math.ceil(metres / METRES_PER_KM) - formula.includedKm);
  const surcharge = input.paymentMethod === 'CASH_ON_DELIVERY' ? formula.cashOnDeliverySurcharge : 0;
  return (
    toMinor(formula.base, formula.currency) +
    chargedKm * toMinor(formula.perKm, formula.currency) +
    toMinor(surcharge, formula.currency)
  );
}

export type GeoPoint = { lat: number; lng: number };

const EARTH_MEAN_RADIUS_KM = 6371.0088;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance on a spherical Earth (mean radius), accurate to about 0.5 %. */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_MEAN_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
