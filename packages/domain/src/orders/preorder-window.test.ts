import { describe, expect, it } from 'vitest';
import { firstPreorderSlot, isWithinPreorderWindow, PREORDER_WINDOW_MS, preorderWindowEnd } from './preorder-window.ts';

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

describe('the first open slot of a pre-order', () => {
  const zone = 'Asia/Karachi';
  it('is the first quarter hour at least 30 minutes ahead while the service is open', () => {
    // 14:10 in Karachi.
    expect(firstPreorderSlot(new Date('2026-03-10T09:10:00Z'), '1000:2300', zone)?.toISOString()).toBe(
      '2026-03-10T09:45:00.000Z',
    );
  });

  it('is the opening time when the service is closed, never midnight', () => {
    // 00:30 in Karachi, open 10:00 to 23:00: today at 10:00.
    expect(firstPreorderSlot(new Date('2026-03-09T19:30:00Z'), '1000:2300', zone)?.toISOString()).toBe(
      '2026-03-10T05:00:00.000Z',
    );
  });

  it('is the next day’s opening after closing time, and any slot when always open', () => {
    // 22:50 in Karachi: the 23:30 slot is closed, so 10:00 the next day.
    expect(firstPreorderSlot(new Date('2026-03-10T17:50:00Z'), '1000:2300', zone)?.toISOString()).toBe(
      '2026-03-11T05:00:00.000Z',
    );
    expect(firstPreorderSlot(new Date('2026-03-10T17:50:00Z'), null, zone)?.toISOString()).toBe(
      '2026-03-10T18:30:00.000Z',
    );
  });
});
