import { describe, expect, it } from 'vitest';
import { offeredPaymentMethods } from './payment-methods.ts';

const ALL = {
  CASH_ON_DELIVERY: true,
  PAID: true,
  PAYMENT_ON_DELIVERY: true,
  PAY_AT_PICKUP: true,
  ONLINE_PAYMENT: true,
};
const ON = { isOnlinePaymentOn: true, isPayAtPickupOn: true };
const OFF = { isOnlinePaymentOn: false, isPayAtPickupOn: false };

describe('offeredPaymentMethods: the vendor flags, the country parameter and the gates (spec §5, §6, §9)', () => {
  it.each([
    // country parameter, vendor flags, gates, offered
    ['CASH_ON_DELIVERY|ONLINE_PAYMENT', ALL, ON, ['CASH_ON_DELIVERY', 'ONLINE_PAYMENT']],
    ['CASH_ON_DELIVERY|PAYMENT_ON_DELIVERY', ALL, ON, ['CASH_ON_DELIVERY', 'PAYMENT_ON_DELIVERY']],
    ['CASH_ON_DELIVERY|PAYMENT_ON_DELIVERY', { CASH_ON_DELIVERY: true }, ON, ['CASH_ON_DELIVERY']],
    ['PAYMENT_ON_DELIVERY|PAY_AT_PICKUP', ALL, ON, ['PAYMENT_ON_DELIVERY', 'PAY_AT_PICKUP']],
    // Pay-at-pickup needs its feature flag as well as the vendor's flag and the country.
    ['PAYMENT_ON_DELIVERY|PAY_AT_PICKUP', ALL, { ...ON, isPayAtPickupOn: false }, ['PAYMENT_ON_DELIVERY']],
    ['PAY_AT_PICKUP', { PAY_AT_PICKUP: false }, ON, []],
    // Card payment needs onlinePaymentActivated (and no guest).
    ['ONLINE_PAYMENT|PAID', ALL, OFF, ['PAID']],
    [' PAID | ONLINE_PAYMENT ', ALL, ON, ['PAID', 'ONLINE_PAYMENT']],
    // An unreadable parameter leaves the vendor's flags (and the gates) to decide.
    [null, ALL, OFF, ['CASH_ON_DELIVERY', 'PAID', 'PAYMENT_ON_DELIVERY']],
    [null, ALL, ON, ['CASH_ON_DELIVERY', 'PAID', 'PAYMENT_ON_DELIVERY', 'PAY_AT_PICKUP', 'ONLINE_PAYMENT']],
    // NONE is never a choice.
    ['NONE|CASH_ON_DELIVERY', { NONE: true, CASH_ON_DELIVERY: true }, ON, ['CASH_ON_DELIVERY']],
  ] as const)('%s with %o and %o offers %o', (parameter, flags, gates, offered) => {
    expect(offeredPaymentMethods(parameter, flags, gates)).toEqual(offered);
  });
});
