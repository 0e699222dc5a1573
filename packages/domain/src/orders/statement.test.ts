import { describe, expect, it } from 'vitest';
import {
  addToStatement,
  emptyStatementTotals,
  statementLine,
  statementMonthRange,
  statementMonths,
} from './statement.ts';

const KARACHI = 'Asia/Karachi';

describe('monthly statement', () => {
  it('takes the month in Karachi time, to its last millisecond', () => {
    const { from, to } = statementMonthRange('2026-03', KARACHI);
    expect(from.toISOString()).toBe('2026-02-28T19:00:00.000Z');
    expect(to.toISOString()).toBe('2026-03-31T18:59:59.999Z');
    expect(statementMonthRange('2026-12', KARACHI).to.toISOString()).toBe('2026-12-31T18:59:59.999Z');
  });

  it('offers this month and the eleven before it, by the Karachi calendar', () => {
    // 21:00 UTC on 31 March is 1 April in Karachi.
    const months = statementMonths(new Date('2026-03-31T21:00:00Z'), KARACHI);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2026-04');
    expect(months[11]).toBe('2025-05');
  });

  it('counts cash collected only for delivered cash orders, and sums exactly in minor units', () => {
    const delivered = statementLine({
      status: 'DELIVERED',
      amountMinor: 150_000,
      deliveryFeeMinor: 8_500,
      discountMinor: 1_000,
      paymentMethod: 'CASH_ON_DELIVERY',
    });
    expect(delivered).toEqual({
      deliveryFeeMinor: 8_500,
      discountMinor: 1_000,
      payableFeeMinor: 7_500,
      cashCollectedMinor: 157_500,
    });
    const returned = statementLine({
      status: 'RETURNED_TO_VENDOR',
      amountMinor: 150_000,
      deliveryFeeMinor: 8_500,
      discountMinor: 0,
      paymentMethod: 'CASH_ON_DELIVERY',
    });
    expect(returned.cashCollectedMinor).toBe(0);
    const prepaid = statementLine({
      status: 'DELIVERED',
      amountMinor: 99_999,
      deliveryFeeMinor: 8_501,
      discountMinor: 0,
      paymentMethod: 'PAID',
    });
    expect(prepaid.cashCollectedMinor).toBe(0);
    const totals = emptyStatementTotals();
    addToStatement(totals, 'DELIVERED', delivered);
    addToStatement(totals, 'RETURNED_TO_VENDOR', returned);
    addToStatement(totals, 'DELIVERED', prepaid);
    expect(totals).toEqual({
      orders: 3,
      delivered: 2,
      returned: 1,
      deliveryFeeMinor: 25_501,
      discountMinor: 1_000,
      payableFeeMinor: 24_501,
      cashCollectedMinor: 157_500,
    });
  });
});
