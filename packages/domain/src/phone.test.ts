import { describe, expect, it } from 'vitest';
import {
  completePhoneDigits,
  formatPhoneForDisplay,
  isPossiblePhone,
  maskPhone,
  normalisePhoneNumber,
  phoneCharacters,
  phoneDigits,
  phoneSearchDigits,
  possiblePhoneNumber,
  senderPhoneNumber,
} from './phone.ts';

describe('phone numbers', () => {
  it.each([
    ['0300 1234567', '+923001234567'],
    ['+92 300 1234567', '+923001234567'],
    ['+923001234567', '+923001234567'],
    ['not a number', 'not a number'],
  ])('stores %s as %s', (input, stored) => {
    expect(normalisePhoneNumber(input, 'PK')).toBe(stored);
  });

  it('searches national input in international digits', () => {
    expect(phoneSearchDigits('0321 987', '+92')).toBe('92321987');
    expect(phoneSearchDigits('+92 321', '+92')).toBe('92321');
    expect(phoneSearchDigits('321-987', '+92')).toBe('321987');
    expect(phoneSearchDigits('Ayesha', '+92')).toBeNull();
  });
});

describe('completePhoneDigits', () => {
  it.each([
    ['0300 1234567', '923001234567'],
    ['03001234567', '923001234567'],
    ['300 1234567', '923001234567'],
    ['+92 300 1234567', '923001234567'],
    ['923001234567', '923001234567'],
    ['(021) 35871234', '922135871234'],
    ['+65 9123 4567', '6591234567'],
  ])('%s is the whole number %s', (query, digits) => {
    expect(completePhoneDigits(query, 'PK')).toBe(digits);
  });

  it.each([
    ['0300 123456', 'a digit missing'],
    ['0300 12345678', 'a digit extra'],
    ['0300 1234', 'part of a number'],
    ['+92 300', 'part of a number'],
    ['03001234567 Ayesha', 'text beside it'],
    ['Ayesha', 'text'],
    ['1234567', 'digits of no valid number'],
    ['+1 2', 'a country code alone'],
  ])('%s is not a whole number (%s)', (query) => {
    expect(completePhoneDigits(query, 'PK')).toBeNull();
  });

  it('names the digits of the number as an order stores it', () => {
    for (const query of ['0300 1234567', '+92 300 1234567', '300 1234567', '(021) 35871234', '+65 9123 4567']) {
      expect(`+${completePhoneDigits(query, 'PK')}`).toBe(normalisePhoneNumber(query, 'PK'));
    }
  });
});

describe('formatPhoneForDisplay', () => {
  it.each([
    ['+922135871234', 'PK', '(021) 35871234'],
    ['+923001234567', 'PK', '0300 1234567'],
    ['+6591234567', 'PK', '+65 9123 4567'],
    ['not a phone', 'PK', 'not a phone'],
  ])('%s in %s reads %s', (phone, country, expected) => {
    expect(formatPhoneForDisplay(phone, country)).toBe(expected);
  });
});

describe('isPossiblePhone and possiblePhoneNumber', () => {
  it.each([
    ['0321 987 6543', 'PK', '+923219876543'],
    ['+92 321 9876543', 'pk', '+923219876543'],
    ['+65 9123 4567', 'PK', '+6591234567'],
  ])('%s is one possible number of %s: %s', (phone, country, e164) => {
    expect(isPossiblePhone(phone, country)).toBe(true);
    expect(possiblePhoneNumber(phone, country)).toBe(e164);
  });

  it.each([
    ['0321', 'too short'],
    ['Ayesha', 'text'],
    ['tel 0321 9876543', 'text around a number'],
    ['', 'nothing'],
  ])('%s is not (%s)', (phone) => {
    expect(isPossiblePhone(phone, 'PK')).toBe(false);
    expect(possiblePhoneNumber(phone, 'PK')).toBeNull();
  });
});

describe('maskPhone', () => {
  it.each([
    ['+923001234567', '+92******4567'],
    ['+92 300 1234567', '+92******4567'],
    ['1234567', '*******'],
  ])('shows %s to the public as %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
});

describe('the characters of a phone', () => {
  it('keeps digits and plus for a field, digits alone for a comparison', () => {
    expect(phoneCharacters('+92 (300) 123-4567')).toBe('+923001234567');
    expect(phoneDigits('+92 (300) 123-4567')).toBe('923001234567');
  });

  it('stores a sender phone in E.164, or its digits and plus when it is not a number', () => {
    expect(senderPhoneNumber('0300 1234567', 'PK')).toBe('+923001234567');
    expect(senderPhoneNumber('+92 300-1234567', 'PK')).toBe('+923001234567');
    expect(senderPhoneNumber('ask at the gate', 'PK')).toBe('');
  });
});
