import { describe, expect, it } from 'vitest';
import { countdownText, minutesLeft, needsCashConfirmation } from './cash-confirmation.ts';

describe('cash confirmation', () => {
  it('is asked of cash-on-delivery orders of an outlet that set minutes, of no other', () => {
    expect(needsCashConfirmation('CASH_ON_DELIVERY', 15)).toBe(true);
    expect(needsCashConfirmation('CASH_ON_DELIVERY', null)).toBe(false);
    expect(needsCashConfirmation('PAID', 15)).toBe(false);
    expect(needsCashConfirmation('ONLINE_PAYMENT', 15)).toBe(false);
  });

  it('counts down in whole minutes and in minutes and seconds, never below zero', () => {
    const by = new Date('2026-03-10T08:15:00Z');
    expect(minutesLeft(by, new Date('2026-03-10T08:00:00Z'))).toBe(15);
    expect(minutesLeft(by, new Date('2026-03-10T08:14:01Z'))).toBe(1);
    expect(minutesLeft(by, new Date('2026-03-10T08:16:00Z'))).toBe(0);
    expect(countdownText(by, new Date('2026-03-10T08:02:51Z'))).toBe('12:09');
    expect(countdownText(by, new Date('2026-03-10T09:00:00Z'))).toBe('0:00');
  });
});
