import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CollectionPointForm,
  defaultParentVendorId,
  hasErrors,
  isValidEmail,
  sanitizePhone,
  validateCollectionPoint,
} from './collection-point.ts';

const VALID: CollectionPointForm = {
  parentVendorId: 'p-1',
  clientVendorId: 'CP-42',
  name: 'Warehouse',
  unitNo: null,
  building: null,
  phone: '+923001234567',
  riderInstructions: null,
  owners: ['owner@example.com'],
  location: { formatted_address: 'Shahrah-e-Faisal, Karachi', latitude: 24.87, longitude: 67.08 },
};

describe('validateCollectionPoint', () => {
  it.each([
    ['a complete form', {}, {}],
    ['no collection point ID', { clientVendorId: ' ' }, { clientVendorId: 'Please enter collection point ID' }],
    ['no label', { name: '' }, { name: 'Please enter label' }],
    ['no phone', { phone: '' }, { phone: 'Please enter phone number' }],
    ['a phone with no digits', { phone: '() -' }, { phone: 'Please enter phone number' }],
    ['no location', { location: null }, { location: 'Please select pickup address' }],
    [
      'a location without an address',
      { location: { formatted_address: '', latitude: 1, longitude: 1 } },
      { location: 'Please select pickup address' },
    ],
    [
      'a location without coordinates',
      { location: { formatted_address: 'X', latitude: Number.NaN, longitude: 1 } },
      { location: 'Please select pickup address' },
    ],
    ['an empty owner line', { owners: ['a@b.co', ''] }, {}],
    ['no owners', { owners: [] }, {}],
    ['an invalid second owner', { owners: ['a@b.co', 'not-an-email'] }, { 'owners.1': 'Please enter a valid email' }],
    [
      'everything missing',
      { clientVendorId: '', name: '', phone: '', location: null, owners: ['x@', 'y'] },
      {
        clientVendorId: 'Please enter collection point ID',
        name: 'Please enter label',
        phone: 'Please enter phone number',
        location: 'Please select pickup address',
        'owners.0': 'Please enter a valid email',
        'owners.1': 'Please enter a valid email',
      },
    ],
  ] as const)('%s', (_name, patch, expected) => {
    const errors = validateCollectionPoint({ ...VALID, ...patch });
    expect(errors).toEqual(expected);
    expect(hasErrors(errors)).toBe(Object.keys(expected).length > 0);
  });
});

describe('isValidEmail', () => {
  it.each([
    ['owner@example.com', true],
    ['first.last+tag@shop.co.pk', true],
    [' owner@example.com ', true],
    ['owner@', false],
    ['@example.com', false],
    ['owner example@example.com', false],
    ['owner@example', false],
    ['plain', false],
  ])('%j → %s', (value, expected) => {
    expect(isValidEmail(value)).toBe(expected);
  });
});

describe('sanitizePhone', () => {
  it.each([
    ['+92 300 123-4567', '+923001234567'],
    ['(0300) 1234567', '03001234567'],
    ['abc', ''],
    ['٠٣٠٠', ''],
  ])('%j → %j', (value, expected) => {
    expect(sanitizePhone(value)).toBe(expected);
  });

  it('keeps exactly the digits and plus signs, in order, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const sanitized = sanitizePhone(value);
        expect(sanitized).toMatch(/^[\d+]*$/);
        expect(sanitized).toBe([...value].filter((c) => /^[0-9+]$/.test(c)).join(''));
        expect(sanitizePhone(sanitized)).toBe(sanitized);
      }),
    );
  });
});

describe('defaultParentVendorId', () => {
  it.each([
    [['p-1', 'p-2'], 'p-1'],
    [['p-9'], 'p-9'],
    [[], null],
  ])('%j → %j', (ids, expected) => {
    expect(defaultParentVendorId(ids)).toBe(expected);
  });
});
