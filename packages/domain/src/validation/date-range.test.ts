import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATE_RANGE_MAX_DAYS, validateDateRange } from './date-range.ts';

const KARACHI = 'Asia/Karachi';
const BERLIN = 'Europe/Berlin';

describe('validateDateRange', () => {
  it.each([
    ['one day', '2024-01-09T19:00:00Z', '2024-01-10T19:00:00Z', KARACHI, null],
    ['an empty range', '2024-01-09T19:00:00Z', '2024-01-09T19:00:00Z', KARACHI, null],
    [
      'end one millisecond before start',
      '2024-01-09T19:00:00Z',
      '2024-01-09T18:59:59.999Z',
      KARACHI,
      'validation.date-range.end-before-start',
    ],
    ['1 to 31 January', '2023-12-31T19:00:00Z', '2024-01-31T19:00:00Z', KARACHI, null],
    [
      '31 days and a millisecond',
      '2023-12-31T19:00:00Z',
      '2024-01-31T19:00:00.001Z',
      KARACHI,
      'validation.date-range.too-long',
    ],
    ['32 days', '2023-12-31T19:00:00Z', '2024-02-01T19:00:00Z', KARACHI, 'validation.date-range.too-long'],
    // Berlin loses an hour on 31 March 2024: 31 calendar days are 31 × 24 h − 1 h.
    ['31 calendar days across spring-forward', '2024-03-09T23:00:00Z', '2024-04-09T22:00:00Z', BERLIN, null],
    [
      'a millisecond more across spring-forward',
      '2024-03-09T23:00:00Z',
      '2024-04-09T22:00:00.001Z',
      BERLIN,
      'validation.date-range.too-long',
    ],
    // Berlin gains an hour on 27 October 2024.
    ['31 calendar days across fall-back', '2024-10-09T22:00:00Z', '2024-11-09T23:00:00Z', BERLIN, null],
    ['31 × 24 h across fall-back falls an hour short', '2024-10-09T22:00:00Z', '2024-11-09T22:00:00Z', BERLIN, null],
    [
      'beyond 31 calendar days across fall-back',
      '2024-10-09T22:00:00Z',
      '2024-11-09T23:00:00.001Z',
      BERLIN,
      'validation.date-range.too-long',
    ],
  ] as const)('%s', (_name, from, to, zone, expected) => {
    expect(validateDateRange({ from: new Date(from), to: new Date(to) }, zone)).toBe(expected);
  });

  it('accepts exactly the ranges of 0 to 31 days in a zone without daylight saving', () => {
    const start = new Date('2024-01-01T19:00:00Z').getTime();
    fc.assert(
      fc.property(fc.integer({ min: -5 * 86_400_000, max: 40 * 86_400_000 }), (length) => {
        const result = validateDateRange({ from: new Date(start), to: new Date(start + length) }, KARACHI);
        const expected =
          length < 0
            ? 'validation.date-range.end-before-start'
            : length > DATE_RANGE_MAX_DAYS * 86_400_000
              ? 'validation.date-range.too-long'
              : null;
        expect(result).toBe(expected);
      }),
    );
  });
});
