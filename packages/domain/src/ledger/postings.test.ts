import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../constants.ts';
import { ORDER_STATUSES } from '../order-status.ts';
import { cardPosting, isBalanced, merchantAccount, postingsOfStep, riderAccount } from './postings.ts';
import { closedPeriodEnd } from './settlement.ts';

const orderArbitrary = fc.record({
  orderId: fc.constant('o-1'),
  vendorId: fc.constant('v-1'),
  status: fc.constantFrom(...ORDER_STATUSES),
  riderId: fc.option(fc.constant('r-1'), { nil: null }),
  paymentMethod: fc.constantFrom(...PAYMENT_METHODS),
  amountMinor: fc.integer({ min: 0, max: 10_000_000 }),
  deliveryFeeMinor: fc.integer({ min: 0, max: 100_000 }),
  discountMinor: fc.integer({ min: 0, max: 200_000 }),
});

describe('ledger postings', () => {
  it('balance for every order, status and method, with no zero entry', () => {
    fc.assert(
      fc.property(orderArbitrary, (order) => {
        for (const posting of postingsOfStep(order)) {
          expect(isBalanced(posting.entries)).toBe(true);
          expect(posting.entries.every((entry) => entry.amountMinor !== 0)).toBe(true);
        }
      }),
    );
  });

  it('credit the merchant the item and charge the rider the total of a delivered cash order', () => {
    const [posting] = postingsOfStep({
      orderId: 'o-1',
      vendorId: 'v-1',
      status: 'DELIVERED',
      riderId: 'r-1',
      paymentMethod: 'CASH_ON_DELIVERY',
      amountMinor: 150_000,
      deliveryFeeMinor: 25_000,
      discountMinor: 5_000,
    });
    const of = (account: string) => posting!.entries.find((entry) => entry.accountId === account)?.amountMinor;
    expect(of(riderAccount('r-1'))).toBe(170_000);
    expect(of(merchantAccount('v-1'))).toBe(-150_000);
  });

  it('reverse a capture with a refund of the same amount', () => {
    const movement = { paymentKey: 'capture:o-1', orderId: 'o-1', vendorId: 'v-1', amountMinor: 30_000 };
    const [capture] = cardPosting({ ...movement, kind: 'capture' });
    const [refund] = cardPosting({ ...movement, paymentKey: 'refund:o-1', kind: 'refund' });
    const sum = new Map<string, number>();
    for (const entry of [...capture!.entries, ...refund!.entries])
      sum.set(entry.accountId, (sum.get(entry.accountId) ?? 0) + entry.amountMinor);
    expect([...sum.values()]).toEqual([0, 0]);
  });

  it('close a weekly period at the last Monday midnight in Karachi, and a daily one at today’s', () => {
    // Wednesday 6 May 2026, 03:00 in Karachi.
    const now = new Date('2026-05-05T22:00:00Z');
    expect(closedPeriodEnd(now, { frequency: 'weekly', weekday: 1 }, 'Asia/Karachi').toISOString()).toBe(
      '2026-05-03T19:00:00.000Z',
    );
    expect(closedPeriodEnd(now, { frequency: 'daily', weekday: 1 }, 'Asia/Karachi').toISOString()).toBe(
      '2026-05-05T19:00:00.000Z',
    );
  });
});
