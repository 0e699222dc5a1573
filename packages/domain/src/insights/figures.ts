import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, format, startOfDay } from 'date-fns';
import { type FixedDatePreset, presetRange } from '../date-presets.ts';
import { type CalendarDay, HISTORY_MAX_RANGE_DAYS, type HistoryDateRange } from '../order-history.ts';
import {
  type CancelReason,
  MERCHANT_CANCEL_REASONS,
  type OrderBucket,
  type OrderStatus,
  type StatusFilter,
} from '../order-status.ts';

// Insights (issue 39, docs/decisions/172-insights-rollups.md): the figures of a period of a vendor's orders, in
// the country's time zone, from rollups of its finished orders and a live count of its unfinished ones.

/**
 * The upper bounds, in minutes, of the delivery-time histogram's buckets: bucket i holds [bound[i-1], bound[i]),
 * the first [0, 5) and the last everything from the last bound on. Fixed, so rollups of any days add up.
 */
export const DELIVERY_MINUTE_BOUNDS = [
  0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 70, 80, 90, 105, 120, 150, 180, 240,
] as const;
/** The pickup wait's (rider at the outlet until the item is picked up): minute by minute at first. */
export const PICKUP_WAIT_MINUTE_BOUNDS = [0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 45, 60] as const;

export const DURATION_MEASURES = ['delivery', 'pickup_wait'] as const;
export type DurationMeasure = (typeof DURATION_MEASURES)[number];

export const MEASURE_BOUNDS: Record<DurationMeasure, readonly number[]> = {
  delivery: DELIVERY_MINUTE_BOUNDS,
  pickup_wait: PICKUP_WAIT_MINUTE_BOUNDS,
};

/** A histogram bucket's range in minutes; `to` is null for the last, open one. */
export function bucketRange(measure: DurationMeasure, bucket: number): { from: number; to: number | null } {
  const bounds = MEASURE_BOUNDS[measure];
  return { from: bounds[bucket - 1] ?? 0, to: bounds[bucket] ?? null };
}

/**
 * The bucket (1-based, as PostgreSQL's `width_bucket` numbers them) a duration falls in; the SQL of the rollups
 * uses width_bucket with the same bounds, and this is its definition for the tests.
 */
export function bucketOf(measure: DurationMeasure, minutes: number): number {
  const bounds = MEASURE_BOUNDS[measure];
  let bucket = 0;
  for (const bound of bounds) if (minutes >= bound) bucket++;
  return Math.max(1, bucket);
}

/**
 * A quantile (0–1) of a histogram, read as the rollups keep it (counts per bucket): the minute at which the
 * running count reaches the quantile, linearly within its bucket. The open last bucket answers its lower bound.
 * Null when the histogram is empty.
 */
export function histogramQuantile(
  measure: DurationMeasure,
  counts: ReadonlyMap<number, number>,
  quantile: number,
): number | null {
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const target = quantile * total;
  let below = 0;
  const buckets = [...counts.keys()].sort((a, b) => a - b);
  for (const bucket of buckets) {
    const count = counts.get(bucket) ?? 0;
    if (count === 0) continue;
    if (below + count >= target) {
      const { from, to } = bucketRange(measure, bucket);
      if (to === null) return from;
      const within = (target - below) / count;
      return Math.round((from + within * (to - from)) * 10) / 10;
    }
    below += count;
  }
  return bucketRange(measure, buckets.at(-1)!).from;
}

/**
 * The finished statuses the rollups keep, and the bucket each is listed in: an order in one of them never
 * changes status again. PAYMENT_FAILED is not among them: like History, insights leave out a card payment that
 * never succeeded (it placed no order for the merchant), and a PAYMENT_CANCELLED order that paid nothing.
 */
export const FINISHED_BUCKET_OF: Partial<Record<OrderStatus, OrderBucket>> = {
  DELIVERED: 'delivered',
  RETURNED_TO_VENDOR: 'returned',
  CANCELLED: 'cancelled',
  PAYMENT_CANCELLED: 'cancelled',
  STALLED: 'cancelled',
};

/** The History status filter that lists exactly the orders of a bucket (spec §4 buckets and filters). */
export const HISTORY_FILTER_OF_BUCKET: Record<OrderBucket, Exclude<StatusFilter, 'ANY'>> = {
  preorder: 'SCHEDULED',
  new: 'NEW',
  collected: 'COLLECTED',
  delivered: 'DELIVERED',
  returned: 'RETURNED',
  cancelled: 'CANCELLED',
};

export const CANCELLED_BY = ['merchant', 'logistics', 'payment', 'system'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/**
 * Why a cancelled order ended, as the chart names it: its cancel reason, or for the statuses that carry none the
 * status itself (a card payment cancelled after it was paid; an order the platform failed to process).
 */
export function cancellationReasonOf(status: OrderStatus, reason: string | null): string {
  if (status === 'PAYMENT_CANCELLED') return 'payment_cancelled';
  if (status === 'STALLED') return 'stalled';
  return reason ?? 'reason_unknown';
}

/**
 * Who cancelled: the merchant for the reasons a merchant gives (the merchant API calls them CLIENT), the card
 * payment, the platform that could not process the order, else logistics (no rider, an accident, the weather).
 */
export function cancelledByOf(reason: string): CancelledBy {
  if (reason === 'payment_cancelled') return 'payment';
  if (reason === 'stalled') return 'system';
  return (MERCHANT_CANCEL_REASONS as readonly string[]).includes(reason as CancelReason) ? 'merchant' : 'logistics';
}

/** A period of whole days in the country's time zone, first and last day included. */
export interface DayPeriod {
  start: CalendarDay;
  end: CalendarDay;
}

const dayOf = (date: Date, timeZone: string) => format(new TZDate(date.getTime(), timeZone), 'yyyy-MM-dd');

function dateOfDay(day: CalendarDay, timeZone: string): TZDate {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, date, timeZone);
}

/** The days a History period stands for (a preset ends where today starts; Today is today). */
export function periodOfRange(range: HistoryDateRange, now: Date, timeZone: string): DayPeriod | null {
  if (range.preset === 'Custom') return range.start && range.end ? { start: range.start, end: range.end } : null;
  const { from, to } = presetRange(range.preset as FixedDatePreset, now, timeZone);
  return { start: dayOf(from, timeZone), end: dayOf(new Date(to.getTime() - 1), timeZone) };
}

/** How many days a period covers. */
export function periodLength(period: DayPeriod, timeZone: string): number {
  return differenceInCalendarDays(dateOfDay(period.end, timeZone), dateOfDay(period.start, timeZone)) + 1;
}

/** The period of the same length that ends the day before this one starts. */
export function previousPeriod(period: DayPeriod, timeZone: string): DayPeriod {
  const length = periodLength(period, timeZone);
  const start = dateOfDay(period.start, timeZone);
  return {
    start: format(addDays(start, -length), 'yyyy-MM-dd'),
    end: format(addDays(start, -1), 'yyyy-MM-dd'),
  };
}

/** Every day of the period, in order. */
export function daysOfPeriod(period: DayPeriod, timeZone: string): CalendarDay[] {
  const start = dateOfDay(period.start, timeZone);
  return Array.from({ length: periodLength(period, timeZone) }, (_, index) =>
    format(addDays(start, index), 'yyyy-MM-dd'),
  );
}

/** The instants the period covers, half-open: local midnight of its first day to local midnight after its last. */
export function instantsOfPeriod(period: DayPeriod, timeZone: string): { from: Date; to: Date } {
  return {
    from: new Date(startOfDay(dateOfDay(period.start, timeZone)).getTime()),
    to: new Date(startOfDay(addDays(dateOfDay(period.end, timeZone), 1)).getTime()),
  };
}

export type PeriodRefusal = 'history.range.end-before-start' | 'history.range.too-long';

/** The History limits (decision 045): end not before start, at most HISTORY_MAX_RANGE_DAYS days. */
export function periodRefusal(period: DayPeriod, timeZone: string): PeriodRefusal | null {
  const length = periodLength(period, timeZone);
  if (length < 1) return 'history.range.end-before-start';
  if (length > HISTORY_MAX_RANGE_DAYS) return 'history.range.too-long';
  return null;
}

/** Change from the previous period as a share of it (0.25 = +25 %); null when the previous period had none. */
export function relativeChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / previous;
}

/** The ISO weekday (1 Monday … 7 Sunday) of a calendar day. */
export function isoWeekday(day: CalendarDay): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}
