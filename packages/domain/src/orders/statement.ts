import { TZDate } from '@date-fns/tz';
import { addMonths, format, startOfMonth } from 'date-fns';
import type { OrderStatus } from '../order-status.ts';
import { orderCharges } from './charges.ts';

// The monthly statement (transaction-history download, spec §7 "not described in detail";
// docs/decisions/048-monthly-statements.md): a month's finished orders of a vendor, or of each of its outlets,
// with what they cost and what the riders collected.

/** The orders a statement lists: delivered, or returned to the vendor. */
export const STATEMENT_STATUSES = ['DELIVERED', 'RETURNED_TO_VENDOR'] as const satisfies readonly OrderStatus[];

/** A calendar month, `yyyy-MM`. */
export type StatementMonth = string;
export const STATEMENT_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** How many past months the statement offers (the current one included). */
export const STATEMENT_MONTHS_OFFERED = 12;

/** The month's first instant and its last millisecond, in the country's time zone. */
export function statementMonthRange(month: StatementMonth, timeZone: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const start = new TZDate(year, monthNumber - 1, 1, timeZone);
  const next = addMonths(start, 1);
  return { from: new Date(start.getTime()), to: new Date(next.getTime() - 1) };
}

/** The months a merchant may ask for, newest first: this month and the ones before it. */
export function statementMonths(now: Date, timeZone: string, count = STATEMENT_MONTHS_OFFERED): StatementMonth[] {
  const current = startOfMonth(new TZDate(now.getTime(), timeZone));
  return Array.from({ length: count }, (_, index) => format(addMonths(current, -index), 'yyyy-MM'));
}

export interface StatementLine {
  deliveryFeeMinor: number;
  discountMinor: number;
  /** The fee after the discount: what the delivery cost. */
  payableFeeMinor: number;
  /** What the rider collected at the door: nothing for a returned order or one paid beforehand. */
  cashCollectedMinor: number;
}

export function statementLine(order: {
  status: OrderStatus;
  amountMinor: number;
  deliveryFeeMinor: number;
  discountMinor: number;
  paymentMethod: string;
}): StatementLine {
  const charges = orderCharges(order);
  return {
    deliveryFeeMinor: charges.deliveryFeeMinor,
    discountMinor: charges.discountMinor,
    payableFeeMinor: charges.payableFeeMinor,
    cashCollectedMinor: order.status === 'DELIVERED' ? charges.collectMinor : 0,
  };
}

export interface StatementTotals extends StatementLine {
  orders: number;
  delivered: number;
  returned: number;
}

export const emptyStatementTotals = (): StatementTotals => ({
  orders: 0,
  delivered: 0,
  returned: 0,
  deliveryFeeMinor: 0,
  discountMinor: 0,
  payableFeeMinor: 0,
  cashCollectedMinor: 0,
});

/** Adds one order to running totals (minor units: the sums are exact). */
export function addToStatement(totals: StatementTotals, status: OrderStatus, line: StatementLine): void {
  totals.orders += 1;
  if (status === 'DELIVERED') totals.delivered += 1;
  else totals.returned += 1;
  totals.deliveryFeeMinor += line.deliveryFeeMinor;
  totals.discountMinor += line.discountMinor;
  totals.payableFeeMinor += line.payableFeeMinor;
  totals.cashCollectedMinor += line.cashCollectedMinor;
}
