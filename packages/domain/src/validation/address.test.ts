import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOTES_MAX_BYTES, STREET_MAX_BYTES } from '../constants.ts';
import { parseLatLngQuery, utf8ByteLength, validateAddress } from './address.ts';

const POINT = { latitude: 24.86, longitude: 67.0 };

describe('utf8ByteLength', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['کراچی', 10],
    ['📦', 4],
  ])('%j is %i bytes', (text, bytes) => {
    expect(utf8ByteLength(text)).toBe(bytes);
  });

  it('counts what TextEncoder writes, lone surrogates included', () => {
    const encoder = new TextEncoder();
    expect(utf8ByteLength('a\ud800b\udc00')).toBe(encoder.encode('a\ud800b\udc00').length);
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(utf8ByteLength(text)).toBe(encoder.encode(text).length);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffff })), (units) => {
        const text = String.fromCharCode(...units);
        expect(utf8ByteLength(text)).toBe(encoder.encode(text).length);
      }),
    );
  });
});

describe('validateAddress', () => {
  it.each([
    ['a complete address', { ...POINT, street: 'Main Road', notes: 'Ring twice' }, {}],
    ['no latitude', { longitude: 67, street: 'Main Road' }, { coordinates: 'No coordinates for that address' }],
    ['null longitude', { latitude: 24, longitude: null }, { coordinates: 'No coordinates for that address' }],
    ['NaN latitude', { latitude: Number.NaN, longitude: 67 }, { coordinates: 'No coordinates for that address' }],
    ['zero coordinates', { latitude: 0, longitude: 0 }, {}],
    ['street of 255 bytes', { ...POINT, street: 'a'.repeat(STREET_MAX_BYTES) }, {}],
    ['street of 256 bytes', { ...POINT, street: 'a'.repeat(STREET_MAX_BYTES + 1) }, { street: 'Address is too long' }],
    ['street of 128 two-byte characters', { ...POINT, street: 'é'.repeat(128) }, { street: 'Address is too long' }],
    ['notes of 1000 bytes', { ...POINT, notes: 'n'.repeat(NOTES_MAX_BYTES) }, {}],
    ['notes of 1001 bytes', { ...POINT, notes: 'n'.repeat(NOTES_MAX_BYTES + 1) }, { notes: 'Notes are too long' }],
    ['notes of 250 four-byte characters', { ...POINT, notes: '📦'.repeat(250) }, {}],
    ['notes of 251 four-byte characters', { ...POINT, notes: '📦'.repeat(251) }, { notes: 'Notes are too long' }],
    [
      'every field failing',
      { street: 'a'.repeat(300), notes: 'n'.repeat(1200) },
      { coordinates: 'No coordinates for that address', street: 'Address is too long', notes: 'Notes are too long' },
    ],
  ] as const)('%s', (_name, input, expected) => {
    expect(validateAddress(input)).toEqual(expected);
  });
});

describe('parseLatLngQuery', () => {
  it.each([
    ['24.8607, 67.0011', { lat: 24.8607, lng: 67.0011 }],
    ['  -33.9,151.2  ', { lat: -33.9, lng: 151.2 }],
    ['+1 , -1', { lat: 1, lng: -1 }],
    ['90, 180', { lat: 90, lng: 180 }],
    ['-90, -180', { lat: -90, lng: -180 }],
    ['.5, 3.', { lat: 0.5, lng: 3 }],
    ['90.0001, 0', null],
    ['0, 180.5', null],
    ['24.86 67.00', null],
    ['24.86,', null],
    ['Clifton, Karachi', null],
    ['1, 2, 3', null],
    ['1e2, 3', null],
    ['', null],
  ])('%j → %j', (query, expected) => {
    expect(parseLatLngQuery(query)).toEqual(expected);
  });

  it('reads back any in-range pair written as "lat, lng"', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true, noDefaultInfinity: true }),
        fc.double({ min: -180, max: 180, noNaN: true, noDefaultInfinity: true }),
        (lat, lng) => {
          const text = `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
          expect(parseLatLngQuery(text)).toEqual({ lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) });
        },
      ),
    );
  });
});
