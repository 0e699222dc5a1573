import { describe, expect, it } from 'vitest';
import { normaliseVatNumber, VAT_NUMBER_ERROR, vatNumberError } from './vat-number.ts';

// spec §9: VAT number 8 characters; spec §3: it is optional, so blank means none.
describe('the VAT number rule', () => {
  it.each([
    ['12345678', '12345678', null],
    ['PK123456', 'PK123456', null],
    ['ab12cd34', 'ab12cd34', null],
    [' PK123456 ', 'PK123456', null],
    ['PK-12345', 'PK-12345', null],
    ['ٹیکس1234', 'ٹیکس1234', null],
    ['', null, null],
    ['   ', null, null],
    ['\t\n', null, null],
    [null, null, null],
    [undefined, null, null],
    ['1234567', '1234567', VAT_NUMBER_ERROR],
    ['123456789', '123456789', VAT_NUMBER_ERROR],
    ['  1234567 ', '1234567', VAT_NUMBER_ERROR],
    ['1', '1', VAT_NUMBER_ERROR],
  ])('%j is stored as %j and answers %j', (value, stored, error) => {
    expect(normaliseVatNumber(value)).toBe(stored);
    expect(vatNumberError(value)).toBe(error);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(vatNumberError('𝟙𝟚𝟛𝟜𝟝𝟞𝟟𝟠')).toBeNull();
    expect(vatNumberError('𝟙𝟚𝟛𝟜')).toBe(VAT_NUMBER_ERROR);
  });
});
