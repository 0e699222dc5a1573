import type { Insights, InsightsTotals } from '../contracts/insights.ts';
import { fromMinor } from '../money.ts';
import type { OrderBucket, OrderStatus } from '../order-status.ts';
import { statementLine } from '../orders/statement.ts';
import {
  bucketRange,
  cancellationReasonOf,
  cancelledByOf,
  type DayPeriod,
  type DurationMeasure,
  daysOfPeriod,
  FINISHED_BUCKET_OF,
  histogramQuantile,
  MEASURE_BOUNDS,
  previousPeriod,
} from './figures.ts';

// The figures of a period from what the rollups hold (docs/decisions/172-insights-rollups.md): the API's read
// groups the rollup rows, this turns them into the answer. Pure, so the rules are tested without a database.

export type InsightsPeriodName = 'current' | 'previous';

/** Finished orders of one key, summed: by day over the vendors (vendorId null) or by vendor over the days. */
export interface FinishedRollup {
  period: InsightsPeriodName;
  vendorId: string | null;
  day: string | null;
  status: OrderStatus;
  cancelReason: string | null;
  paymentMethod: string;
  orders: number;
  delayed: number;
  vouchered: number;
  feeMinor: number;
  discountMinor: number;
  amountMinor: number;
  onTime: number;
  measured: number;
}

/** A histogram bucket's count: over the vendors (vendorId null) or of one vendor. */
export interface DurationRollup {
  period: InsightsPeriodName;
  vendorId: string | null;
  measure: DurationMeasure;
  bucket: number;
  orders: number;
}

/** Finished orders by the hour of the week they were placed in, in the period. */
export interface HourRollup {
  weekday: number;
  hour: number;
  orders: number;
}

/** An order not finished yet, read live (a handful: they are the ones still on their way or scheduled). */
export interface UnfinishedOrder {
  period: InsightsPeriodName;
  vendorId: string;
  day: string;
  weekday: number;
  hour: number;
  /** Its list bucket now (spec §4); null for a card order still waiting for its payment, which is no order yet. */
  bucket: OrderBucket | null;
}

export interface InsightsInput {
  period: DayPeriod;
  timeZone: string;
  currency: string;
  /** The vendors shown side by side, in order, with their names. */
  outlets: readonly { vendorId: string; name: string }[];
  finished: readonly FinishedRollup[];
  durations: readonly DurationRollup[];
  hours: readonly HourRollup[];
  unfinished: readonly UnfinishedOrder[];
}

interface Accumulator {
  byBucket: Record<OrderBucket, number>;
  delayed: number;
  vouchered: number;
  payableFeeMinor: number;
  cashMinor: number;
  discountMinor: number;
  onTime: number;
  measured: number;
  histograms: Record<DurationMeasure, Map<number, number>>;
}

const emptyAccumulator = (): Accumulator => ({
  byBucket: { preorder: 0, new: 0, collected: 0, delivered: 0, returned: 0, cancelled: 0 },
  delayed: 0,
  vouchered: 0,
  payableFeeMinor: 0,
  cashMinor: 0,
  discountMinor: 0,
  onTime: 0,
  measured: 0,
  histograms: { delivery: new Map(), pickup_wait: new Map() },
});

/** The statement's money of a rollup row: its sums are sums of orders, and the statement's line is linear. */
function moneyOf(row: FinishedRollup) {
  const bucket = FINISHED_BUCKET_OF[row.status];
  const isCharged = bucket === 'delivered' || bucket === 'returned';
  if (!isCharged) return { payableFeeMinor: 0, cashMinor: 0, discountMinor: 0 };
  const line = statementLine({
    status: row.status,
    amountMinor: row.amountMinor,
    deliveryFeeMinor: row.feeMinor,
    discountMinor: row.discountMinor,
    paymentMethod: row.paymentMethod,
  });
  return {
    payableFeeMinor: line.payableFeeMinor,
    cashMinor: line.cashCollectedMinor,
    discountMinor: line.discountMinor,
  };
}

function addFinished(into: Accumulator, row: FinishedRollup): void {
  const bucket = FINISHED_BUCKET_OF[row.status];
  if (!bucket) return;
  into.byBucket[bucket] += row.orders;
  into.delayed += row.delayed;
  const money = moneyOf(row);
  into.payableFeeMinor += money.payableFeeMinor;
  into.cashMinor += money.cashMinor;
  into.discountMinor += money.discountMinor;
  if (bucket === 'delivered' || bucket === 'returned') into.vouchered += row.vouchered;
  into.onTime += row.onTime;
  into.measured += row.measured;
}

function totalsOf(from: Accumulator, currency: string): InsightsTotals {
  const b = from.byBucket;
  const duration = (measure: DurationMeasure) => {
    const counts = from.histograms[measure];
    return {
      median: histogramQuantile(measure, counts, 0.5),
      p90: histogramQuantile(measure, counts, 0.9),
      orders: [...counts.values()].reduce((sum, count) => sum + count, 0),
    };
  };
  const inProgress = b.new + b.collected + b.preorder;
  return {
    orders: b.delivered + b.returned + b.cancelled + inProgress,
    delivered: b.delivered,
    returned: b.returned,
    cancelled: b.cancelled,
    in_progress: inProgress,
    delayed: from.delayed,
    delivery_minutes: duration('delivery'),
    pickup_wait_minutes: duration('pickup_wait'),
    on_time: {
      on_time: from.onTime,
      measured: from.measured,
      share: from.measured === 0 ? null : from.onTime / from.measured,
    },
    delivery_spend: fromMinor(from.payableFeeMinor, currency),
    cash_collected: fromMinor(from.cashMinor, currency),
    voucher_savings: fromMinor(from.discountMinor, currency),
    vouchered_orders: from.vouchered,
  };
}

function histogramOf(
  measure: DurationMeasure,
  current: ReadonlyMap<number, number>,
  previous: ReadonlyMap<number, number>,
) {
  return MEASURE_BOUNDS[measure].map((_, index) => {
    const bucket = index + 1;
    return {
      ...bucketRange(measure, bucket),
      orders: current.get(bucket) ?? 0,
      previous_orders: previous.get(bucket) ?? 0,
    };
  });
}

export function assembleInsights(input: InsightsInput): Insights {
  const { currency } = input;
  const totals = { current: emptyAccumulator(), previous: emptyAccumulator() };
  const outletTotals = new Map<string, { current: Accumulator; previous: Accumulator }>();
  const outletOf = (vendorId: string) => {
    let found = outletTotals.get(vendorId);
    if (!found) {
      found = { current: emptyAccumulator(), previous: emptyAccumulator() };
      outletTotals.set(vendorId, found);
    }
    return found;
  };
  const days = new Map(
    daysOfPeriod(input.period, input.timeZone).map((day) => [
      day,
      { ...emptyAccumulator().byBucket, payableFeeMinor: 0, cashMinor: 0, discountMinor: 0 },
    ]),
  );
  const cancellations = new Map<string, { orders: number; previous_orders: number }>();

  for (const row of input.finished) {
    if (row.vendorId !== null) {
      addFinished(outletOf(row.vendorId)[row.period], row);
      continue;
    }
    addFinished(totals[row.period], row);
    const bucket = FINISHED_BUCKET_OF[row.status];
    if (bucket === 'cancelled') {
      const reason = cancellationReasonOf(row.status, row.cancelReason);
      const entry = cancellations.get(reason) ?? { orders: 0, previous_orders: 0 };
      if (row.period === 'current') entry.orders += row.orders;
      else entry.previous_orders += row.orders;
      cancellations.set(reason, entry);
    }
    const day = row.period === 'current' && row.day !== null ? days.get(row.day) : undefined;
    if (day && bucket) {
      day[bucket] += row.orders;
      const money = moneyOf(row);
      day.payableFeeMinor += money.payableFeeMinor;
      day.cashMinor += money.cashMinor;
      day.discountMinor += money.discountMinor;
    }
  }
  for (const row of input.durations) {
    const into = row.vendorId === null ? totals[row.period] : outletOf(row.vendorId)[row.period];
    const histogram = into.histograms[row.measure];
    histogram.set(row.bucket, (histogram.get(row.bucket) ?? 0) + row.orders);
  }
  const hours = new Map<string, number>();
  for (const row of input.hours) hours.set(`${row.weekday}-${row.hour}`, row.orders);
  for (const order of input.unfinished) {
    if (order.bucket === null) continue;
    totals[order.period].byBucket[order.bucket]++;
    outletOf(order.vendorId)[order.period].byBucket[order.bucket]++;
    if (order.period !== 'current') continue;
    const day = days.get(order.day);
    if (day) day[order.bucket]++;
    const key = `${order.weekday}-${order.hour}`;
    hours.set(key, (hours.get(key) ?? 0) + 1);
  }

  return {
    period: input.period,
    previous_period: previousPeriod(input.period, input.timeZone),
    time_zone: input.timeZone,
    currency,
    totals: totalsOf(totals.current, currency),
    previous_totals: totalsOf(totals.previous, currency),
    days: [...days].map(([day, value]) => ({
      day,
      delivered: value.delivered,
      returned: value.returned,
      cancelled: value.cancelled,
      new: value.new,
      collected: value.collected,
      preorder: value.preorder,
      delivery_spend: fromMinor(value.payableFeeMinor, currency),
      cash_collected: fromMinor(value.cashMinor, currency),
      voucher_savings: fromMinor(value.discountMinor, currency),
    })),
    hours: Array.from({ length: 7 * 24 }, (_, index) => {
      const weekday = Math.floor(index / 24) + 1;
      const hour = index % 24;
      return { weekday, hour, orders: hours.get(`${weekday}-${hour}`) ?? 0 };
    }),
    delivery_minutes: histogramOf('delivery', totals.current.histograms.delivery, totals.previous.histograms.delivery),
    pickup_wait_minutes: histogramOf(
      'pickup_wait',
      totals.current.histograms.pickup_wait,
      totals.previous.histograms.pickup_wait,
    ),
    cancellations: [...cancellations]
      .map(([reason, counts]) => ({ reason, cancelled_by: cancelledByOf(reason), ...counts }))
      .sort((a, b) => b.orders - a.orders || b.previous_orders - a.previous_orders || a.reason.localeCompare(b.reason)),
    outlets: input.outlets.map(({ vendorId, name }) => {
      const found = outletTotals.get(vendorId) ?? { current: emptyAccumulator(), previous: emptyAccumulator() };
      return {
        vendor_id: vendorId,
        name,
        totals: totalsOf(found.current, currency),
        previous_totals: totalsOf(found.previous, currency),
      };
    }),
  };
}
