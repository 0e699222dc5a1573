import { formatPhoneAsTyped, normalisePhoneNumber } from '@riderdesk/domain/phone';
import { describe, expect, it } from 'vitest';
import { EMPTY_ORDER_FORM, isScheduleValid, orderPayload } from './order-form.ts';
import { availablePaymentMethods, joinAddress } from './request-rules.ts';
import { preorderWindow, wallTimeInZone, zonedWallTimeToEpochMs } from './wall-time.ts';

describe('payment methods (spec §5)', () => {
  it('offers what both the country parameter and the vendor allow', () => {
    const vendor = { CASH_ON_DELIVERY: true, PAID: true, ONLINE_PAYMENT: true };
    expect(availablePaymentMethods('CASH_ON_DELIVERY|ONLINE_PAYMENT', vendor)).toEqual(['CASH_ON_DELIVERY']);
    expect(availablePaymentMethods('CASH_ON_DELIVERY|PAID', vendor)).toEqual(['CASH_ON_DELIVERY', 'PAID']);
    expect(availablePaymentMethods('CASH_ON_DELIVERY', { CASH_ON_DELIVERY: false, PAID: true })).toEqual([]);
    expect(availablePaymentMethods(null, { PAID: true })).toEqual(['PAID']);
  });

  it('offers card payment only where online payment is on (spec §5 onlinePaymentActivated, §6 no guests)', () => {
    const vendor = { CASH_ON_DELIVERY: true, ONLINE_PAYMENT: true };
    const on = { isOnlinePaymentOn: true };
    expect(availablePaymentMethods('CASH_ON_DELIVERY|ONLINE_PAYMENT', vendor, on)).toEqual([
      'CASH_ON_DELIVERY',
      'ONLINE_PAYMENT',
    ]);
    expect(availablePaymentMethods('CASH_ON_DELIVERY', vendor, on)).toEqual(['CASH_ON_DELIVERY']);
    expect(availablePaymentMethods('CASH_ON_DELIVERY|ONLINE_PAYMENT', { CASH_ON_DELIVERY: true }, on)).toEqual([
      'CASH_ON_DELIVERY',
    ]);
  });

  it('offers card on delivery by the country and the vendor, and pay-at-pickup behind its flag too', () => {
    const vendor = { CASH_ON_DELIVERY: true, PAYMENT_ON_DELIVERY: true, PAY_AT_PICKUP: true };
    const parameter = 'CASH_ON_DELIVERY|PAYMENT_ON_DELIVERY|PAY_AT_PICKUP';
    expect(availablePaymentMethods(parameter, vendor)).toEqual(['CASH_ON_DELIVERY', 'PAYMENT_ON_DELIVERY']);
    expect(availablePaymentMethods(parameter, vendor, { isPayAtPickupOn: true })).toEqual([
      'CASH_ON_DELIVERY',
      'PAYMENT_ON_DELIVERY',
      'PAY_AT_PICKUP',
    ]);
    expect(availablePaymentMethods('CASH_ON_DELIVERY', vendor, { isPayAtPickupOn: true })).toEqual([
      'CASH_ON_DELIVERY',
    ]);
  });
});

describe('country time zone', () => {
  it('reads a Karachi wall time as the instant it names', () => {
    // Karachi is UTC+5 all year.
    expect(zonedWallTimeToEpochMs('2026-11-21 18:30:00', 'Asia/Karachi')).toBe(Date.UTC(2026, 10, 21, 13, 30));
    expect(wallTimeInZone(Date.UTC(2026, 10, 21, 20, 15), 'Asia/Karachi')).toBe('2026-11-22 01:15:00');
    expect(zonedWallTimeToEpochMs('not a time', 'Asia/Karachi')).toBeNull();
  });

  it('allows later deliveries only inside the next 2 days (spec §9)', () => {
    const now = Date.UTC(2026, 10, 21, 9, 0);
    expect(preorderWindow(now, 'Asia/Karachi')).toEqual({ min: '2026-11-21 14:00:00', max: '2026-11-23 14:00:00' });
    const later = (scheduledAt: string) => ({ ...EMPTY_ORDER_FORM, deliveryTime: 'LATER' as const, scheduledAt });
    expect(isScheduleValid(later('2026-11-22 10:00:00'), now, 'Asia/Karachi')).toBe(true);
    expect(isScheduleValid(later('2026-11-21 13:00:00'), now, 'Asia/Karachi')).toBe(false);
    expect(isScheduleValid(later('2026-11-23 14:30:00'), now, 'Asia/Karachi')).toBe(false);
    expect(isScheduleValid(EMPTY_ORDER_FORM, now, 'Asia/Karachi')).toBe(true);
  });
});

describe('addresses and phones', () => {
  it('joins unit, building and text with commas, skipping blanks (spec §3)', () => {
    expect(joinAddress('Flat 4', ' ', 'Zamzama Boulevard, Karachi')).toBe('Flat 4, Zamzama Boulevard, Karachi');
  });

  it('formats a Pakistani number as it is typed and sends it in E.164', () => {
    expect(formatPhoneAsTyped('+923001234567', '+92300123456', 'PK')).toBe('+92 300 1234567');
    expect(formatPhoneAsTyped('03001234567', '0300123456', 'PK')).toBe('0300 1234567');
    // Deleting keeps what the user left.
    expect(formatPhoneAsTyped('0300 ', '0300 1', 'PK')).toBe('0300 ');
    expect(normalisePhoneNumber('0300 1234567', 'PK')).toBe('+923001234567');
  });
});

describe('VAT number (spec §9: 8 characters, optional)', () => {
  it.each([
    ['', null],
    ['   ', null],
    [' PK123456 ', 'PK123456'],
  ])('sends %j as %j, as the server stores it', (vatNumber, sent) => {
    const payload = orderPayload({ ...EMPTY_ORDER_FORM, vatNumber }, null, 'Asia/Karachi');
    expect(payload.vat_number).toBe(sent);
  });
});
