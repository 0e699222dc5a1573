import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPassword, PASSWORD_RULES, passwordsMatch, RESET_CODE_PATTERN, unmetPasswordRules } from './password.ts';

describe('unmetPasswordRules', () => {
  it.each([
    ['Secret1!', []],
    ['Abcdefg1@', []],
    ['Secre1!', ['password.min-length']],
    ['Secret!!', ['password.number']],
    ['secret1!', ['password.uppercase']],
    ['SECRET1!', ['password.lowercase']],
    ['Secret12', ['password.special']],
    ['Secret1?', ['password.special']],
    ['12345678!', ['password.uppercase', 'password.lowercase', 'password.letter']],
    ['', PASSWORD_RULES],
    ['ÄÖÜäöüß1!', ['password.uppercase', 'password.lowercase', 'password.letter']],
  ] as const)('%j → %j', (password, expected) => {
    expect(unmetPasswordRules(password)).toEqual(expected);
    expect(isValidPassword(password)).toBe(expected.length === 0);
  });

  it.each([...'!@#$%^&*'])('accepts %s as the special character', (special) => {
    expect(unmetPasswordRules(`Secret1${special}`)).toEqual([]);
  });

  it('counts length in characters, so 8 emoji meet the minimum length', () => {
    expect(unmetPasswordRules('😀'.repeat(8))).not.toContain('password.min-length');
    expect(unmetPasswordRules('😀'.repeat(7))).toContain('password.min-length');
  });

  it('accepts any password built from each required class, whatever it is padded with', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        expect(unmetPasswordRules(`${before}Aa1!xyzw${after}`)).toEqual([]);
      }),
    );
  });
});

describe('passwordsMatch', () => {
  it.each([
    ['Secret1!', 'Secret1!', true],
    ['Secret1!', 'secret1!', false],
    ['Secret1!', 'Secret1! ', false],
  ])('%j and %j → %s', (password, confirmation, expected) => {
    expect(passwordsMatch(password, confirmation)).toBe(expected);
  });
});

describe('RESET_CODE_PATTERN', () => {
  it.each([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    [' 123456', false],
    ['123456\n', false],
  ])('%j → %s', (code, expected) => {
    expect(RESET_CODE_PATTERN.test(code)).toBe(expected);
  });
});
