import { describe, expect, it } from 'vitest';
import { formatPhoneForDisplay, normalisePhoneNumber, phoneSearchDigits } from './phone.ts';

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
