import { describe, expect, it } from 'vitest';
import { latinDigits } from './digits.ts';
import { parseAmountText } from './money.ts';
import { isPossiblePhone, normalisePhoneNumber } from './phone.ts';
import { validateOrderPayload } from './validation/order-payload.ts';

describe('digits as people type them', () => {
  it.each([
    ['۰۱۲۳۴۵۶۷۸۹', '0123456789'],
    ['٠١٢٣٤٥٦٧٨٩', '0123456789'],
    ['١٬٨٥٠٫٥', '1,850.5'],
    ['PKR ۱۸۵۰', 'PKR 1850'],
    ['no digits', 'no digits'],
  ])('%j → %j', (text, expected) => {
    expect(latinDigits(text)).toBe(expected);
  });

  it.each([
    ['1,850', 1850],
    ['۱۸۵۰', 1850],
    ['١٬٨٥٠', 1850],
    ['۱,۸۵۰.۵', 1850.5],
    [' ', null],
    ['abc', null],
  ])('reads the amount %j as %j', (text, expected) => {
    expect(parseAmountText(text)).toBe(expected);
  });

  it('reads an Urdu amount in the order chain that the browser and the server share', () => {
    const payload = {
      destinationName: 'Ayesha Khan',
      destinationPhoneNumber: '+923001234567',
      destinationTextAddress: 'Zamzama Boulevard, Karachi',
      destinationLatitude: 24.81,
      destinationLongitude: 67.03,
      paymentMethod: 'CASH_ON_DELIVERY',
    };
    const context = { countryCode: 'PK', vendorId: 'pk-khi-0042' };
    expect(validateOrderPayload({ ...payload, orderAmount: '۱۵۰۰' }, context)).toEqual({ ok: true });
    expect(validateOrderPayload({ ...payload, orderAmount: '۵۰' }, context)).toMatchObject({ field: 'orderAmount' });
  });

  it('reads Urdu and Arabic-Indic digits in a phone number through the phone module', () => {
    expect(isPossiblePhone('۰۳۰۰ ۱۲۳۴۵۶۷', 'PK')).toBe(true);
    expect(normalisePhoneNumber('٠٣٠٠ ١٢٣٤٥٦٧', 'PK')).toBe('+923001234567');
  });
});
