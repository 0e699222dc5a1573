import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../constants.ts';
import { orderCharges } from './charges.ts';

// Minor units: 1500.00 item, 85.00 fee.
const ORDER = { amountMinor: 150_000, deliveryFeeMinor: 8_500 };

describe('orderCharges: what the customer pays, what the rider collects, who pays the fee', () => {
  it.each([
    // method, discount, total, collected at the door, fee paid by
    ['CASH_ON_DELIVERY', 0, 158_500, 158_500, 'customer'],
    ['PAYMENT_ON_DELIVERY', 0, 158_500, 158_500, 'customer'],
    ['PAID', 0, 158_500, 0, 'merchant'],
    ['ONLINE_PAYMENT', 0, 158_500, 0, 'merchant'],
    ['NONE', 0, 158_500, 0, 'merchant'],
    ['PAY_AT_PICKUP', 0, 158_500, 0, 'merchant'],
    // Voucher types (spec §3 amount, percentage, deliveryFee) arrive as a discount on the fee.
    ['CASH_ON_DELIVERY', 5_000, 153_500, 153_500, 'customer'], // amount: PKR 50 off
    ['CASH_ON_DELIVERY', 1_700, 156_800, 156_800, 'customer'], // percentage: 20% of 85
    ['CASH_ON_DELIVERY', 8_500, 150_000, 150_000, 'customer'], // deliveryFee: free delivery
    ['PAID', 8_500, 150_000, 0, 'merchant'],
  ] as const)(
    '%s with a discount of %i: total %i, collected %i, fee paid by the %s',
    (method, discount, total, collect, payer) => {
      const charges = orderCharges({ ...ORDER, discountMinor: discount, paymentMethod: method });
      expect(charges).toMatchObject({ totalMinor: total, collectMinor: collect, feePaidBy: payer });
      expect(charges.payableFeeMinor).toBe(ORDER.deliveryFeeMinor - discount);
    },
  );

  it('never discounts more than the fee, nor counts a negative amount', () => {
    const charges = orderCharges({
      amountMinor: -5,
      deliveryFeeMinor: 8_500,
      discountMinor: 20_000,
      paymentMethod: 'CASH_ON_DELIVERY',
    });
    expect(charges).toMatchObject({ amountMinor: 0, discountMinor: 8_500, payableFeeMinor: 0, totalMinor: 0 });
  });

  it.each([
    // method, discount, collected from the merchant at the pickup, at the door
    ['PAY_AT_PICKUP', 0, 8_500, 0],
    ['PAY_AT_PICKUP', 1_700, 6_800, 0],
    ['PAY_AT_PICKUP', 8_500, 0, 0],
    ['PAYMENT_ON_DELIVERY', 1_700, 0, 156_800],
    ['CASH_ON_DELIVERY', 0, 0, 158_500],
    ['PAID', 0, 0, 0],
    ['ONLINE_PAYMENT', 0, 0, 0],
  ] as const)(
    '%s with a discount of %i: the rider collects %i at the pickup and %i at the door',
    (method, discount, atPickup, atDoor) => {
      const charges = orderCharges({ ...ORDER, discountMinor: discount, paymentMethod: method });
      expect(charges.collectAtPickupMinor).toBe(atPickup);
      expect(charges.collectMinor).toBe(atDoor);
    },
  );

  it('covers every payment method', () => {
    for (const method of PAYMENT_METHODS) {
      const charges = orderCharges({ ...ORDER, discountMinor: 0, paymentMethod: method });
      expect(charges.collectMinor === 0 || charges.collectMinor === charges.totalMinor).toBe(true);
      expect(charges.feePaidBy === 'customer').toBe(charges.collectMinor > 0);
      // The fee is collected once at most: at the door, at the pickup, or by card.
      const feeCollections = [charges.collectMinor, charges.collectAtPickupMinor, charges.cardChargeMinor];
      expect(feeCollections.filter((amount) => amount > 0).length).toBeLessThanOrEqual(1);
    }
  });

  it.each([
    // method, discount, charged to the merchant's card
    ['ONLINE_PAYMENT', 0, 8_500],
    ['ONLINE_PAYMENT', 1_700, 6_800],
    ['ONLINE_PAYMENT', 8_500, 0],
    ['CASH_ON_DELIVERY', 0, 0],
    ['PAYMENT_ON_DELIVERY', 0, 0],
    ['PAID', 0, 0],
    ['PAY_AT_PICKUP', 0, 0],
  ] as const)('%s with a discount of %i charges %i to the card', (method, discount, charged) => {
    expect(orderCharges({ ...ORDER, discountMinor: discount, paymentMethod: method }).cardChargeMinor).toBe(charged);
  });
});
