import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { ORDER_AMOUNT_MAX, PAYMENT_METHODS } from '../constants.ts';
import { type OrderPayload, orderPayloadFailures, validateOrderPayload } from './order-payload.ts';

const VALID: OrderPayload = {
  destinationCity: 'Karachi',
  destinationArea: 'Clifton',
  destinationName: 'Ayesha Khan',
  destinationPhoneNumber: '+923001234567',
  destinationLatitude: 24.8138,
  destinationLongitude: 67.0299,
  destinationTextAddress: 'Block 5, Clifton',
  destinationUnitNumber: '',
  destinationBuilding: null,
  riderNotes: null,
  orderAmount: 1500,
  orderDescription: 'Two boxes',
  paymentMethod: 'CASH_ON_DELIVERY',
  vat_number: null,
  preordered_for: null,
};
const PK = { countryCode: 'PK', vendorId: 'v-1' };

describe('validateOrderPayload', () => {
  it('accepts a complete Pakistani payload', () => {
    expect(validateOrderPayload(VALID, PK)).toEqual({ ok: true });
  });

  it.each([
    ['no vendor', {}, { vendorId: null }, 'vendor', 'error.cant-retrieve-vendor-rar'],
    ['blank vendor', {}, { vendorId: ' ' }, 'vendor', 'error.cant-retrieve-vendor-rar'],
    [
      'no unit number in Singapore',
      { destinationPhoneNumber: '+6591234567' },
      { countryCode: 'SG' },
      'destinationUnitNumber',
      'validation.fill-unit-number',
    ],
    ['no name', { destinationName: '  ' }, {}, 'destinationName', 'validation.fill-customer-name'],
    ['name with a digit', { destinationName: 'Ayesha 2' }, {}, 'destinationName', 'validation.wrong-customer-name'],
    ['no phone', { destinationPhoneNumber: undefined }, {}, 'destinationPhoneNumber', 'validation.fill-customer-phone'],
    [
      'impossible phone',
      { destinationPhoneNumber: '12345' },
      {},
      'destinationPhoneNumber',
      'validation.phone-incorrect',
    ],
    [
      'description of 201 characters',
      { orderDescription: 'x'.repeat(201) },
      {},
      'orderDescription',
      'validation.fill-description',
    ],
    ['no address', { destinationTextAddress: '' }, {}, 'destinationTextAddress', 'validation.fill-address'],
    ['no latitude', { destinationLatitude: null }, {}, 'coordinates', 'validation.invalid-coordinates'],
    ['no longitude', { destinationLongitude: undefined }, {}, 'coordinates', 'validation.invalid-coordinates'],
    ['latitude out of range', { destinationLatitude: 91 }, {}, 'coordinates', 'validation.invalid-coordinates'],
    ['NaN longitude', { destinationLongitude: Number.NaN }, {}, 'coordinates', 'validation.invalid-coordinates'],
    ['no amount', { orderAmount: null }, {}, 'orderAmount', 'validation.fill-amount'],
    ['non-numeric amount', { orderAmount: 'abc' }, {}, 'orderAmount', 'validation.fill-amount'],
    ['amount 99.99 in Pakistan', { orderAmount: 99.99 }, {}, 'orderAmount', 'Minimum amount of 100 PKR'],
    ['amount "50" in Pakistan', { orderAmount: '50' }, {}, 'orderAmount', 'Minimum amount of 100 PKR'],
    ['amount 100,000,000', { orderAmount: 100_000_000 }, {}, 'orderAmount', 'validation.amount-too-high'],
    ['amount "100,000,000"', { orderAmount: '100,000,000' }, {}, 'orderAmount', 'validation.amount-too-high'],
    [
      'amount just above the cap',
      { orderAmount: ORDER_AMOUNT_MAX + 0.01 },
      {},
      'orderAmount',
      'validation.amount-too-high',
    ],
    ['no payment method', { paymentMethod: '' }, {}, 'paymentMethod', 'validation.fill-payment-method'],
  ] as const)('%s', (_name, patch, context, field, key) => {
    expect(validateOrderPayload({ ...VALID, ...patch }, { ...PK, ...context })).toEqual({ ok: false, field, key });
  });

  it.each([
    ['a description of exactly 200 characters', { orderDescription: 'x'.repeat(200) }, PK],
    ['200 emoji (400 UTF-16 units)', { orderDescription: '📦'.repeat(200) }, PK],
    ['amount of exactly 100 in Pakistan', { orderAmount: 100 }, PK],
    ['amount of exactly the cap', { orderAmount: ORDER_AMOUNT_MAX }, PK],
    ['amount given as text', { orderAmount: '250' }, PK],
    ['a national phone number', { destinationPhoneNumber: '0300 1234567' }, PK],
    [
      'no amount in Kuwait',
      { orderAmount: null, destinationPhoneNumber: '+96550012345' },
      { countryCode: 'KW', vendorId: 'v' },
    ],
    [
      'amount 50 outside Pakistan',
      { orderAmount: 50, destinationPhoneNumber: '0812345678' },
      { countryCode: 'TH', vendorId: 'v' },
    ],
    ['no unit number outside Singapore', { destinationUnitNumber: null }, PK],
    [
      'a unit number in Singapore',
      { destinationUnitNumber: '#04-12', destinationPhoneNumber: '91234567' },
      { countryCode: 'SG', vendorId: 'v' },
    ],
    ['a lower-case country code', {}, { countryCode: 'pk', vendorId: 'v' }],
  ] as const)('accepts %s', (_name, patch, context) => {
    expect(validateOrderPayload({ ...VALID, ...patch }, context)).toEqual({ ok: true });
  });

  it('reports the earliest of several failures', () => {
    const result = validateOrderPayload({ ...VALID, destinationName: '', paymentMethod: null, orderAmount: null }, PK);
    expect(result).toEqual({ ok: false, field: 'destinationName', key: 'validation.fill-customer-name' });
  });
});

type Country = 'PK' | 'SG' | 'KW' | 'TH' | 'TW';

const PHONES: Record<Country, string[]> = {
  PK: ['+923001234567', '03001234567'],
  SG: ['+6591234567', '91234567'],
  KW: ['+96550012345', '50012345'],
  TH: ['+66812345678', '0812345678'],
  TW: ['+886912345678', '0912345678'],
};

const blank = fc.constantFrom(null, undefined, '', '   ');
const filled = fc.stringMatching(/^[A-Za-z][A-Za-z ,.'-]{0,20}$/);

type Part = {
  /** The keys of this part's steps, in order, for the given country. */
  keys: (country: Country) => string[];
  arbitrary: (country: Country, mode: string) => fc.Arbitrary<Partial<OrderPayload> & { vendorId?: string | null }>;
};

const OK = 'ok';

// Each part owns consecutive steps of spec §5; a step's key doubles as the part's failure mode.
const PARTS: Part[] = [
  {
    keys: () => ['error.cant-retrieve-vendor-rar'],
    arbitrary: (_c, mode) => (mode === OK ? filled : blank).map((vendorId) => ({ vendorId })),
  },
  {
    keys: (c) => (c === 'SG' ? ['validation.fill-unit-number'] : []),
    arbitrary: (c, mode) =>
      (mode === OK ? (c === 'SG' ? filled : fc.oneof(filled, blank)) : blank).map((destinationUnitNumber) => ({
        destinationUnitNumber,
      })),
  },
  {
    keys: () => ['validation.fill-customer-name', 'validation.wrong-customer-name'],
    arbitrary: (_c, mode) => {
      const withDigit = fc
        .tuple(fc.string(), fc.integer({ min: 0, max: 9 }), fc.string())
        .map(([a, d, b]) => `${a}${d}${b}`);
      const byMode: Record<string, fc.Arbitrary<string | null | undefined>> = {
        [OK]: filled,
        'validation.fill-customer-name': blank,
        'validation.wrong-customer-name': withDigit,
      };
      return (byMode[mode] ?? filled).map((destinationName) => ({ destinationName }));
    },
  },
  {
    keys: () => ['validation.fill-customer-phone', 'validation.phone-incorrect'],
    arbitrary: (c, mode) => {
      const byMode: Record<string, fc.Arbitrary<string | null | undefined>> = {
        [OK]: fc.constantFrom(...PHONES[c]),
        'validation.fill-customer-phone': blank,
        'validation.phone-incorrect': fc.constantFrom('1', '12', '123', 'abc', '+1', '+92 1'),
      };
      return (byMode[mode] ?? fc.constant(null)).map((destinationPhoneNumber) => ({ destinationPhoneNumber }));
    },
  },
  {
    keys: () => ['validation.fill-description'],
    arbitrary: (_c, mode) =>
      (mode === OK
        ? fc.option(fc.string({ unit: 'binary', maxLength: 200 }), { nil: undefined })
        : fc.string({ unit: 'binary', minLength: 201, maxLength: 260 })
      ).map((orderDescription) => ({ orderDescription })),
  },
  {
    keys: () => ['validation.fill-address'],
    arbitrary: (_c, mode) =>
      (mode === OK ? filled : blank).map((destinationTextAddress) => ({ destinationTextAddress })),
  },
  {
    keys: () => ['validation.invalid-coordinates'],
    arbitrary: (_c, mode) => {
      const lat = fc.double({ min: -90, max: 90, noNaN: true });
      const lng = fc.double({ min: -180, max: 180, noNaN: true });
      const bad = fc.constantFrom(null, undefined, Number.NaN, Number.POSITIVE_INFINITY, 200, -181);
      const pair =
        mode === OK ? fc.tuple(lat, lng) : fc.oneof(fc.tuple(bad, lng), fc.tuple(lat, bad), fc.tuple(bad, bad));
      return pair.map(([destinationLatitude, destinationLongitude]) => ({ destinationLatitude, destinationLongitude }));
    },
  },
  {
    keys: (c) => [
      ...(c === 'KW' ? [] : ['validation.fill-amount']),
      ...(c === 'PK' ? ['Minimum amount of 100 PKR'] : []),
      'validation.amount-too-high',
    ],
    arbitrary: (c, mode) => {
      const missing = fc.constantFrom(null, undefined, '', ' ', 'abc');
      const atLeast = (min: number) =>
        fc.oneof(
          fc.double({ min, max: 1e6, noNaN: true }),
          fc.integer({ min: Math.ceil(min), max: 100_000 }).map(String),
        );
      const byMode: Record<string, fc.Arbitrary<number | string | null | undefined>> = {
        [OK]: c === 'PK' ? atLeast(100) : c === 'KW' ? fc.oneof(atLeast(0), missing) : atLeast(0),
        'validation.fill-amount': missing,
        'Minimum amount of 100 PKR': fc.oneof(fc.double({ min: -1e6, max: 99.999, noNaN: true }), fc.constant('99')),
        'validation.amount-too-high': fc.oneof(
          fc.double({ min: ORDER_AMOUNT_MAX + 0.01, max: 1e12, noNaN: true }),
          fc.constant('100,000,000'),
        ),
      };
      return (byMode[mode] ?? missing).map((orderAmount) => ({ orderAmount }));
    },
  },
  {
    keys: () => ['validation.fill-payment-method'],
    arbitrary: (_c, mode) =>
      (mode === OK ? fc.constantFrom(...PAYMENT_METHODS) : blank).map((paymentMethod) => ({ paymentMethod })),
  },
];

/** Parts before the failing step pass, the failing part fails at that step, later parts are arbitrary. */
function payloadFailingAt(country: Country, failingKey: string | null) {
  const stepKeys = PARTS.flatMap((part) => part.keys(country));
  const failingIndex = failingKey === null ? stepKeys.length : stepKeys.indexOf(failingKey);
  let seen = 0;
  const parts = PARTS.map((part) => {
    const keys = part.keys(country);
    const first = seen;
    seen += keys.length;
    if (failingIndex >= first + keys.length) return part.arbitrary(country, OK);
    if (failingIndex >= first) return part.arbitrary(country, keys[failingIndex - first] ?? OK);
    return fc.constantFrom(OK, ...keys).chain((mode) => part.arbitrary(country, mode));
  });
  return fc
    .tuple(...parts)
    .map((patches) => Object.assign({}, ...patches) as OrderPayload & { vendorId?: string | null });
}

const scenario = fc
  .constantFrom<Country>('PK', 'SG', 'KW', 'TH', 'TW')
  .chain((country) =>
    fc
      .constantFrom<string | null>(null, ...PARTS.flatMap((part) => part.keys(country)))
      .chain((failingKey) =>
        payloadFailingAt(country, failingKey).map((payload) => ({ country, failingKey, payload })),
      ),
  );

describe('validateOrderPayload properties', () => {
  it('returns the key of the earliest failing step, or ok when none fails', () => {
    fc.assert(
      fc.property(scenario, ({ country, failingKey, payload }) => {
        const { vendorId, ...rest } = payload;
        const result = validateOrderPayload(rest, { countryCode: country, vendorId });
        if (failingKey === null) expect(result).toEqual({ ok: true });
        else expect(result).toMatchObject({ ok: false, key: failingKey });
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the order amount cap', () => {
  it('names the cap in its message, as the constant says', () => {
    expect(en.validation['amount-too-high']).toContain(ORDER_AMOUNT_MAX.toLocaleString('en'));
  });
});

describe('orderPayloadFailures', () => {
  it('names each failing field once, with its first failure, in the chain order', () => {
    const payload = {
      ...VALID,
      destinationName: 'R2D2',
      destinationPhoneNumber: '',
      orderAmount: 10,
      paymentMethod: '',
    };
    expect(orderPayloadFailures(payload, PK)).toEqual([
      { field: 'destinationName', key: 'validation.wrong-customer-name' },
      { field: 'destinationPhoneNumber', key: 'validation.fill-customer-phone' },
      { field: 'orderAmount', key: 'Minimum amount of 100 PKR' },
      { field: 'paymentMethod', key: 'validation.fill-payment-method' },
    ]);
    expect(validateOrderPayload(payload, PK)).toEqual({
      ok: false,
      field: 'destinationName',
      key: 'validation.wrong-customer-name',
    });
  });
});
