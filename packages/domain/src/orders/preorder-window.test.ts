import { describe, expect, it } from 'vitest';
import { isWithinPreorderWindow, PREORDER_WINDOW_MS, preorderWindowEnd } from './preorder-window.ts';

const NOW = new Date('2026-03-10T08:00:00Z');

describe('the spec §9 pre-order window of 2 days', () => {
  it.each([
    ['now', 0, false],
    ['a second ago', -1000, false],
    ['a minute ahead', 60_000, true],
    ['exactly two days ahead', PREORDER_WINDOW_MS, true],
    ['a millisecond past two days', PREORDER_WINDOW_MS + 1, false],
  ])('%s is %s', (_label, ahead, expected) => {
    expect(isWithinPreorderWindow(NOW.getTime() + ahead, NOW)).toBe(expected);
  });

  it('ends two days after now', () => {
    expect(preorderWindowEnd(NOW).toISOString()).toBe('2026-03-12T08:00:00.000Z');
  });
});
