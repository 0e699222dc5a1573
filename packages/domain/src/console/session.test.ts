import { describe, expect, it } from 'vitest';
import { normaliseRecoveryCode, RECOVERY_CODE_PATTERN } from './session.ts';

describe('normaliseRecoveryCode', () => {
  it.each([
    ['abcd-efgh-ijkl-mn23', 'abcd-efgh-ijkl-mn23'],
    ['ABCD-EFGH-IJKL-MN23', 'abcd-efgh-ijkl-mn23'],
    ['abcdefghijklmn23', 'abcd-efgh-ijkl-mn23'],
    [' abcd efgh ijkl mn23 ', 'abcd-efgh-ijkl-mn23'],
  ])('reads %j as %j', (typed, written) => {
    expect(normaliseRecoveryCode(typed)).toBe(written);
    expect(RECOVERY_CODE_PATTERN.test(written)).toBe(true);
  });

  it.each(['', 'abcd-efgh-ijkl-mn2', 'abcd-efgh-ijkl-mn231', 'abcd-efgh-ijkl-mn01', '123456'])(
    'refuses %j',
    (typed) => {
      expect(normaliseRecoveryCode(typed)).toBeNull();
    },
  );
});
