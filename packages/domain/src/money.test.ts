import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeDeliveryFee,
  currencyExponent,
  currencyLabel,
  FEE_FORMULAS,
  formatDeduction,
  formatMoney,
  fromMinor,
  hasFeeFormula,
  haversineKm,
  toMinor,
} from './money.ts';

describe('currencyExponent', () => {
  it.each([
    ['PKR', 2],
    ['pkr', 2],
    ['MMK', 2],
    ['KWD', 3],
    ['JPY', 0],
    ['EUR', 2],
  ])('%s → %i', (currency, exponent) => {
    expect(currencyExponent(currency)).toBe(exponent);
  });
});

describe('toMinor and fromMinor', () => {
  it.each([
    [65, 'PKR', 6500],
    [4.75, 'MYR', 475],
    [1.005, 'SGD', 101],
    [1.015, 'SGD', 102],
    [0.1 + 0.2, 'SGD', 30],
    [-1.005, 'SGD', -101],
    [-0.001, 'SGD', 0],
    [1.2345, 'KWD', 1235],
    [1500.4, 'JPY', 1500],
    [1e-7, 'PKR', 0],
    [1e21, 'JPY', 1e21],
  ])('toMinor(%d, %s) → %d', (amount, currency, minor) => {
    expect(toMinor(amount, currency)).toBe(minor);
  });

  it('returns a positive zero for tiny negative amounts', () => {
    expect(Object.is(toMinor(-0.001, 'PKR'), 0)).toBe(true);
  });

  it('rejects a non-finite amount', () => {
    expect(() => toMinor(Number.NaN, 'PKR')).toThrow(RangeError);
    expect(() => toMinor(Number.POSITIVE_INFINITY, 'PKR')).toThrow(RangeError);
  });

  it.each([
    [6500, 'PKR', 65],
    [475, 'MYR', 4.75],
    [1235, 'KWD', 1.235],
    [7, 'JPY', 7],
    [-101, 'SGD', -1.01],
  ])('fromMinor(%d, %s) → %d', (minor, currency, amount) => {
    expect(fromMinor(minor, currency)).toBe(amount);
  });

  it('round-trips every minor amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.constantFrom('PKR', 'KWD', 'JPY', 'MYR'),
        (minor, currency) => {
          expect(toMinor(fromMinor(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });
});

describe('formatMoney: one form per language', () => {
  it.each([
    [1850, 'PKR', 'en', 'PKR\u00a01,850'],
    [1850.5, 'PKR', 'en', 'PKR\u00a01,850.5'],
    [1850, 'PKR', 'ur_alt', '1,850\u00a0روپے'],
    [4.75, 'MYR', 'en', 'MYR\u00a04.75'],
  ])('formatMoney(%d, %s, %s) = %s', (amount, currency, language, expected) => {
    expect(formatMoney(amount, currency, language)).toBe(expected);
  });

  it('keeps the minus of a discount on the number, isolated left to right so RTL lines do not write "19−"', () => {
    expect(formatMoney(-19, 'PKR', 'ur_alt')).toBe('\u2066\u221219\u2069\u00a0روپے');
    expect(formatMoney(-19, 'PKR', 'en')).toBe('\u2066\u2212PKR\u00a019\u2069');
    expect(formatDeduction(19, 'PKR', 'ur_alt')).toBe(formatMoney(-19, 'PKR', 'ur_alt'));
    expect(formatMoney(0, 'PKR', 'ur_alt')).toBe('0\u00a0روپے');
  });

  it('labels an amount field the same way', () => {
    expect(currencyLabel('PKR', 'en')).toBe('PKR');
    expect(currencyLabel('PKR', 'ur_alt')).toBe('روپے');
    expect(currencyLabel('MYR', 'ur_alt')).toBe('MYR');
  });
});

describe('computeDeliveryFee', () => {
  it.each([
    ['PK', 0, 'CASH_ON_DELIVERY', 6500],
    ['PK', 0.001, 'PAID', 7500],
    ['PK', 1, 'PAID', 7500],
    ['PK', 1.0001, 'PAID', 7500],
    ['PK', 1.2, 'PAID', 8500],
    ['PK', 5, 'PAID', 11_500],
    ['pk', 5, null, 11_500],
    ['TW', 0.5, 'PAID', 9900],
    ['TW', 1, 'PAID', 9900],
    ['TW', 1.5, 'PAID', 10_900],
    ['TW', 3, 'PAID', 11_900],
    ['TW', 3, 'CASH_ON_DELIVERY', 14_400],
    ['TH', 2, 'CASH_ON_DELIVERY', 4900],
    ['BD', 4, 'PAID', 7500],
    ['MM', 3, 'PAID', 190_000],
    ['MY', 3, 'PAID', 625],
    ['SG', 2.5, 'PAID', 900],
    ['KW', 3, 'PAID', null],
  ] as const)('%s, %d km, %s → %s', (countryCode, distanceKm, paymentMethod, fee) => {
    expect(computeDeliveryFee({ countryCode, distanceKm, paymentMethod })).toBe(fee);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('rejects a distance of %d', (distanceKm) => {
    expect(() => computeDeliveryFee({ countryCode: 'PK', distanceKm })).toThrow(RangeError);
  });

  it('never decreases with distance and steps by the per-km price per started kilometre', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(FEE_FORMULAS) as (keyof typeof FEE_FORMULAS)[])),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (countryCode, a, b) => {
          const [near, far] = a <= b ? [a, b] : [b, a];
          const nearFee = computeDeliveryFee({ countryCode, distanceKm: near }) ?? Number.NaN;
          const farFee = computeDeliveryFee({ countryCode, distanceKm: far }) ?? Number.NaN;
          const perKm = toMinor(FEE_FORMULAS[countryCode].perKm, FEE_FORMULAS[countryCode].currency);
          expect(farFee).toBeGreaterThanOrEqual(nearFee);
          expect((farFee - nearFee) % perKm).toBe(0);
          expect(farFee - nearFee).toBeLessThanOrEqual((Math.ceil(far - near) + 1) * perKm);
        },
      ),
    );
  });

  it.each([
    ['PK', true],
    ['TW', true],
    ['KW', false],
    ['toString', false],
  ])('hasFeeFormula(%s) → %s', (countryCode, expected) => {
    expect(hasFeeFormula(countryCode)).toBe(expected);
  });
});

describe('haversineKm', () => {
  it.each([
    [{ lat: 24.8607, lng: 67.0011 }, { lat: 24.8607, lng: 67.0011 }, 0, 0],
    [{ lat: 0, lng: 0 }, { lat: 0, lng: 1 }, 111.195, 0.01],
    // Karachi to Lahore.
    [{ lat: 24.8607, lng: 67.0011 }, { lat: 31.5204, lng: 74.3587 }, 1032, 5],
    [{ lat: 0, lng: 0 }, { lat: 0, lng: 180 }, 20_015.1, 0.5],
    [{ lat: 90, lng: 0 }, { lat: -90, lng: 0 }, 20_015.1, 0.5],
  ])('%j to %j ≈ %d km', (a, b, km, tolerance) => {
    expect(Math.abs(haversineKm(a, b) - km)).toBeLessThanOrEqual(tolerance);
  });

  const point = fc.record({
    lat: fc.double({ min: -90, max: 90, noNaN: true }),
    lng: fc.double({ min: -180, max: 180, noNaN: true }),
  });

  // Near-antipodal points lose precision in asin; a metre of tolerance keeps the property meaningful.
  it('is symmetric, non-negative and obeys the triangle inequality', () => {
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        const ab = haversineKm(a, b);
        expect(ab).toBeGreaterThanOrEqual(0);
        expect(ab).toBeCloseTo(haversineKm(b, a), 3);
        expect(ab).toBeLessThanOrEqual(haversineKm(a, c) + haversineKm(c, b) + 1e-3);
      }),
    );
  });
});
