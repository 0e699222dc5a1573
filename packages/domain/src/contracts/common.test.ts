import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MONEY_MAX } from '../constants.ts';
import {
  CONTROL_CHARACTER_MESSAGE,
  InstantInputSchema,
  MoneyInputSchema,
  queryNumberSchema,
  textSchema,
  tokenSchema,
  UNIX_SECONDS_MAX,
  UnixSecondsSchema,
  VatNumberSchema,
} from './common.ts';

const accepts = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('textSchema', () => {
  const oneLine = textSchema(20);
  const notes = textSchema(20, { multiline: true });

  it.each([
    ['Ayesha Khan', true, true],
    ['عائشہ خان', true, true],
    ['گیٹ پر فون کریں 😀', true, true],
    ['zero\u200cwidth', true, true],
    ['', true, true],
    ['line\nbreak', false, true],
    ['tab\there', false, true],
    ['crlf\r\n', false, true],
    ['\u0000', false, false],
    ['a\u0000b', false, false],
    ['bell\u0007', false, false],
    ['vertical\u000btab', false, false],
    ['escape\u001b[0m', false, false],
    ['delete\u007f', false, false],
    ['next line\u0085', false, false],
    ['lone \ud800 high', false, false],
    ['lone \udc00 low', false, false],
  ])('%j: one line %s, notes %s', (value, isOneLine, isNotes) => {
    expect(accepts(oneLine, value)).toBe(isOneLine);
    expect(accepts(notes, value)).toBe(isNotes);
  });

  it('refuses a control character with its own message', () => {
    const result = oneLine.safeParse('PK\u0000123');
    expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
  });

  it('bounds the length and trims before checking when asked', () => {
    const name = textSchema(5, { min: 1, trim: true });
    expect(name.parse('  Ali \n')).toBe('Ali');
    expect(accepts(name, '   ')).toBe(false);
    expect(accepts(name, 'Ayesha')).toBe(false);
    expect(textSchema(3, { tooLong: 'Address is too long' }).safeParse('abcd').error?.issues[0]?.message).toBe(
      'Address is too long',
    );
  });

  it('refuses every text holding a C0, DEL or C1 control character other than a line break', () => {
    const control = fc.integer({ min: 0, max: 0x9f }).filter((code) => code < 0x20 || code >= 0x7f);
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), control, fc.string({ maxLength: 8 }), (before, code, after) => {
        const value = `${before}${String.fromCharCode(code)}${after}`;
        expect(accepts(textSchema(100), value)).toBe(false);
        expect(accepts(textSchema(100, { multiline: true }), value)).toBe([0x09, 0x0a, 0x0d].includes(code));
      }),
    );
  });
});

describe('tokenSchema', () => {
  it.each([
    ['v1.1773130500.ckp5q719TqNNcz38yOu3c0P-euwrPS2eUgLsWsujOsk', true],
    ['WyIyMDI2LTAzLTEwVDA4OjAwOjAwLjAwMDAwMFoiLCJLMS0xMDAwMDEiXQ', true],
    ['', false],
    ['two words', false],
    ['nul\u0000', false],
    ['ümlaut', false],
    ['x'.repeat(65), false],
  ])('%j → %s', (value, expected) => {
    expect(accepts(tokenSchema(64), value)).toBe(expected);
  });
});

describe('MoneyInputSchema', () => {
  it.each([
    [0, true],
    [-0, true],
    [85.5, true],
    [MONEY_MAX, true],
    [MONEY_MAX + 1, false],
    [1e308, false],
    [-1, false],
    [Number.POSITIVE_INFINITY, false],
    [Number.NaN, false],
    ['85', false],
  ])('%s → %s', (value, expected) => {
    expect(accepts(MoneyInputSchema, value)).toBe(expected);
  });
});

describe('UnixSecondsSchema', () => {
  it.each([
    [0, true],
    [1_773_140_400, true],
    [UNIX_SECONDS_MAX, true],
    [UNIX_SECONDS_MAX + 1, false],
    [9_007_199_254_740_991, false],
    [-1, false],
    [1.5, false],
  ])('%s → %s', (value, expected) => {
    expect(accepts(UnixSecondsSchema, value)).toBe(expected);
  });

  it('is always a time Date can hold', () => {
    expect(new Date(UNIX_SECONDS_MAX * 1000).toISOString()).toBe('9999-12-31T23:59:59.000Z');
  });
});

describe('InstantInputSchema', () => {
  it.each([
    ['2026-03-10T08:00:00Z', true],
    ['2026-03-10T08:00:00.123456Z', true],
    ['2026-03-10T13:00:00+05:00', true],
    ['2026-03-10T00:00:00+14:00', true],
    ['2026-03-10T00:00:00-12:00', true],
    ['1970-01-01T00:00:00Z', true],
    ['9999-12-31T23:59:59Z', true],
    ['0000-01-01T00:00:00Z', false],
    ['1969-12-31T23:59:59Z', false],
    ['2026-03-10T00:00:00+23:59', false],
    ['2026-03-10T00:00:00-15:00', false],
    ['2026-02-30T00:00:00Z', false],
    ['2026-03-10', false],
    ['2026-03-10T08:00:00\u0000Z', false],
  ])('%j → %s', (value, expected) => {
    expect(accepts(InstantInputSchema, value)).toBe(expected);
  });
});

describe('queryNumberSchema', () => {
  const count = queryNumberSchema(z.number().int().min(1).max(200));

  it.each([
    ['30', 30],
    [' 30 ', 30],
    ['1e2', 100],
    ['200', 200],
  ])('%j → %s', (value, expected) => {
    expect(count.parse(value)).toBe(expected);
  });

  it.each(['', ' ', '0x10', 'Infinity', 'NaN', '1e400', '201', '0', '1.5', '\u0000', '30abc', '9'.repeat(40)])(
    'refuses %j',
    (value) => {
      expect(accepts(count, value)).toBe(false);
    },
  );
});

describe('VatNumberSchema', () => {
  it.each([
    ['PK123456', 'PK123456'],
    [' PK123456 ', 'PK123456'],
    ['', null],
    ['   ', null],
  ])('%j is read as %j', (value, expected) => {
    expect(VatNumberSchema.parse(value)).toBe(expected);
  });

  it.each(['1234567', '123456789', 'PK\u0000123456'])('refuses %j', (value) => {
    expect(accepts(VatNumberSchema, value)).toBe(false);
  });
});
