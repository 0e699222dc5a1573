import { describe, expect, it } from 'vitest';
import {
  AddressBookAnswerSchema,
  AddressBookQuerySchema,
  AutocompleteAnswerSchema,
  AutocompleteQuerySchema,
  PlaceDetailsAnswerSchema,
  ReverseAnswerSchema,
  ReverseQuerySchema,
  VendorAddressBodySchema,
} from './geo.ts';
import {
  DeliveryAreaAnswerSchema,
  DeliveryAreaBodySchema,
  DeliveryFeeAnswerSchema,
  DeliveryFeeBodySchema,
  EstimationsAnswerSchema,
} from './pricing.ts';
import { VoucherDetailsAnswerSchema, VoucherValidateAnswerSchema, VoucherValidateBodySchema } from './vouchers.ts';

describe('geolocator contracts', () => {
  it('coerces the autocomplete query string and checks its ranges', () => {
    expect(
      AutocompleteQuerySchema.parse({ query: 'clifton', country: 'PK', lat: '24.86', lng: '67.01', language: 'en' }),
    ).toEqual({ query: 'clifton', country: 'PK', lat: 24.86, lng: 67.01, language: 'en' });
    expect(AutocompleteQuerySchema.safeParse({ query: 'clifton', country: 'PK', lat: '124' }).success).toBe(false);
    expect(AutocompleteQuerySchema.safeParse({ query: '  ', country: 'PK' }).success).toBe(false);
    expect(ReverseQuerySchema.parse({ lat: '24.8', lng: '67.0' })).toEqual({ lat: 24.8, lng: 67 });
  });

  it('reads suggestions from data.data and places from data', () => {
    const suggestion = {
      address: { id: 'khi-clifton-block-5', formatted_address: 'Clifton Block 5, Clifton, Karachi' },
    };
    expect(AutocompleteAnswerSchema.safeParse({ data: { data: [suggestion] } }).success).toBe(true);
    expect(AutocompleteAnswerSchema.safeParse({ data: [suggestion] }).success).toBe(false);
    const place = { address: { ...suggestion.address, latitude: 24.8225, longitude: 67.0325 } };
    expect(ReverseAnswerSchema.safeParse({ data: [place] }).success).toBe(true);
    const details = {
      address: {
        ...place.address,
        city: 'Karachi',
        street: null,
        street_number: null,
        postal_code: '75600',
        country_code: 'PK',
      },
    };
    expect(PlaceDetailsAnswerSchema.safeParse({ data: [details] }).success).toBe(true);
  });

  it('reads address-book entries from data.body and needs 2 characters to search', () => {
    const entry = {
      id: 'ab-1',
      name: 'Ayesha Khan',
      phone_number: '+923001234567',
      latitude: 24.9215,
      longitude: 67.0965,
      address: 'Flat 12, Rufi Apartments, Block 13-D',
      notes: null,
    };
    expect(AddressBookAnswerSchema.safeParse({ data: { body: [entry] } }).success).toBe(true);
    expect(AddressBookQuerySchema.safeParse({ query: 'a' }).success).toBe(false);
    expect(AddressBookQuerySchema.safeParse({ query: 'ay' }).success).toBe(true);
  });

  it('checks the origin address limits in bytes', () => {
    const origin = {
      address_text: 'Shop 3, Clifton Block 5, Karachi',
      unit: 'Shop 3',
      notes: null,
      building: null,
      city: 'Karachi',
      country_code: 'PK',
      latitude: 24.8225,
      longitude: 67.0325,
      postal_code: '75600',
      street_address: null,
    };
    expect(VendorAddressBodySchema.safeParse(origin).success).toBe(true);
    // 128 Urdu letters are 256 bytes.
    expect(VendorAddressBodySchema.safeParse({ ...origin, address_text: 'ک'.repeat(128) }).success).toBe(false);
  });
});

describe('pricing contracts', () => {
  const area = {
    location: { lat: 24.9215, lng: 67.0965 },
    vendor_location: { latitude: 24.8225, longitude: 67.0325 },
    vendor_id: 'pk-khi-0042',
  };

  it('keeps each call’s own coordinate names', () => {
    expect(DeliveryAreaBodySchema.safeParse(area).success).toBe(true);
    expect(DeliveryAreaBodySchema.safeParse({ ...area, location: { lat: 24.9, lon: 67.1 } }).success).toBe(false);
    const fee = {
      source: { lat: 24.8225, lon: 67.0325 },
      destination: { lat: 24.9215, lon: 67.0965 },
      vendor_id: 'pk-khi-0042',
      delivery_type: 'food',
    };
    expect(DeliveryFeeBodySchema.safeParse(fee).success).toBe(true);
    expect(DeliveryFeeBodySchema.safeParse({ ...fee, delivery_type: 'parcel' }).success).toBe(false);
  });

  it.each([
    ['DELIVERABLE', true],
    ['UNDELIVERABLE', true],
    ['MAYBE', false],
  ])('answers area result %s: %s', (result, ok) => {
    expect(DeliveryAreaAnswerSchema.safeParse({ result }).success).toBe(ok);
  });

  it('never promises an ETA under the country minimum of 8 minutes', () => {
    expect(EstimationsAnswerSchema.safeParse({ result: { pickup_minutes: 8, delivery_minutes: 25 } }).success).toBe(
      true,
    );
    expect(EstimationsAnswerSchema.safeParse({ result: { pickup_minutes: 7, delivery_minutes: 25 } }).success).toBe(
      false,
    );
  });

  it('answers a signed fee in major units', () => {
    const answer = {
      result: {
        fee: 115,
        signature: 'fee.v1.sig',
        expires_at: '2024-05-01T07:15:00.000Z',
        distance_km: 5.1,
        currency: 'PKR',
      },
    };
    expect(DeliveryFeeAnswerSchema.parse(answer)).toEqual(answer);
    expect(DeliveryFeeAnswerSchema.safeParse({ result: { ...answer.result, signature: '' } }).success).toBe(false);
  });
});

describe('voucher contracts', () => {
  it('validates a code against a signed fee and answers the discounted, re-signed fee', () => {
    expect(
      VoucherValidateBodySchema.safeParse({
        code: 'RIDE50',
        order: { order_time: 1_714_546_800, delivery_fee: 175, signature: 'fee.v1.sig' },
        vendor_id: 'pk-khi-0042',
      }).success,
    ).toBe(true);
    expect(
      VoucherValidateAnswerSchema.safeParse({
        result: {
          voucher: { code: 'RIDE50', amount: 50, type: 'amount' },
          delivery_fee: 125,
          signature: 'fee.v1.sig2',
        },
      }).success,
    ).toBe(true);
  });

  it.each(['amount', 'percentage', 'deliveryFee'])('accepts voucher type %s', (type) => {
    expect(
      VoucherDetailsAnswerSchema.safeParse({
        result: { code: 'FREE', amount: 0, type, description: null, valid_until: null, is_active: true },
      }).success,
    ).toBe(true);
  });
});
