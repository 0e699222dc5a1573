import type { Insights, InsightsTotals } from '@riderdesk/domain/contracts/insights';
import { DATE_PRESETS } from '@riderdesk/domain/date-presets';
import { drillOf, type HistoryDrill } from '@riderdesk/domain/insights/drill';
import {
  type DayPeriod,
  HISTORY_FILTER_OF_BUCKET,
  periodOfRange,
  periodRefusal,
  relativeChange,
} from '@riderdesk/domain/insights/figures';
import type { HistoryDateRange } from '@riderdesk/domain/order-history';
import type { OrderBucket } from '@riderdesk/domain/order-status';
import { paths } from '@riderdesk/domain/paths';

// The insights page's rules that need no React: the period, the chart series, History's links, sorting.

export const INSIGHTS_DEFAULT_RANGE: HistoryDateRange = { preset: 'PastWeek' };
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A stored period, checked like any outside input: an edited or old value falls back to the default. */
export function parseStoredRange(value: unknown): HistoryDateRange {
  if (typeof value !== 'object' || value === null) return INSIGHTS_DEFAULT_RANGE;
  const { preset, start, end } = value as Record<string, unknown>;
  if (!DATE_PRESETS.includes(preset as HistoryDateRange['preset'])) return INSIGHTS_DEFAULT_RANGE;
  if (preset !== 'Custom') return { preset: preset as Exclude<HistoryDateRange['preset'], 'Custom'> };
  const day = (input: unknown) => (typeof input === 'string' && CALENDAR_DAY.test(input) ? input : null);
  return { preset: 'Custom', start: day(start), end: day(end) };
}

export type ResolvedPeriod =
  | { ok: true; period: DayPeriod }
  | { ok: false; error: 'history.range.incomplete' | 'history.range.end-before-start' | 'history.range.too-long' };

/** The days a chosen range stands for, or why it cannot be shown (History's rules and messages). */
export function resolvePeriod(range: HistoryDateRange, now: Date, timeZone: string): ResolvedPeriod {
  const period = periodOfRange(range, now, timeZone);
  if (!period) return { ok: false, error: 'history.range.incomplete' };
  const refusal = periodRefusal(period, timeZone);
  return refusal ? { ok: false, error: refusal } : { ok: true, period };
}

/** The buckets a day's bar is stacked by, bottom first, with their colours. */
export const DAY_BUCKETS: readonly { bucket: OrderBucket; color: string }[] = [
  { bucket: 'delivered', color: 'teal.6' },
  { bucket: 'returned', color: 'orange.6' },
  { bucket: 'cancelled', color: 'red.6' },
  { bucket: 'collected', color: 'blue.5' },
  { bucket: 'new', color: 'indigo.3' },
  { bucket: 'preorder', color: 'gray.5' },
];

/**
 * History opened on the orders behind a bar or a cell: a vendor's, of some days, of one bucket (or all), narrowed
 * to the cell's weekday and hour, the bar's duration bucket or cancellation reason.
 */
export function historyLink(
  vendorId: string,
  period: DayPeriod,
  bucket: OrderBucket | null = null,
  drill: HistoryDrill = {},
): string {
  return paths.history(vendorId, {
    start: period.start,
    end: period.end,
    status: bucket ? HISTORY_FILTER_OF_BUCKET[bucket] : null,
    ...drillOf(drill),
  });
}

export type Trend = 'up' | 'down' | 'same' | 'none';

/** How a figure moved since the previous period, and by how much (a share of the previous, or points). */
export function trendOf(current: number | null, previous: number | null): { trend: Trend; change: number | null } {
  if (current === null || previous === null) return { trend: 'none', change: null };
  if (current === previous) return { trend: 'same', change: 0 };
  const change = relativeChange(current, previous);
  if (change === null) return { trend: 'none', change: null };
  return { trend: change > 0 ? 'up' : 'down', change };
}

export const OUTLET_COLUMNS = [
  'orders',
  'delivered',
  'returned',
  'cancelled',
  'in_progress',
  'on_time_share',
  'delivery_median',
  'pickup_wait_median',
  'delivery_spend',
  'cash_collected',
  'voucher_savings',
] as const;
export type OutletColumn = (typeof OUTLET_COLUMNS)[number];

/** A column's number of an outlet's totals (null when not measured). */
export function outletValue(totals: InsightsTotals, column: OutletColumn): number | null {
  switch (column) {
    case 'on_time_share':
      return totals.on_time.share;
    case 'delivery_median':
      return totals.delivery_minutes.median;
    case 'pickup_wait_median':
      return totals.pickup_wait_minutes.median;
    default:
      return totals[column];
  }
}

/** The bucket a count column of the outlets' table lists in History; null for every order. */
export const OUTLET_COLUMN_BUCKET: Partial<Record<OutletColumn, OrderBucket | null>> = {
  orders: null,
  delivered: 'delivered',
  returned: 'returned',
  cancelled: 'cancelled',
};

export type SortDirection = 'ascending' | 'descending';

/** The outlets sorted by a column; an unmeasured figure sorts last either way, then by name. */
export function sortOutlets(
  outlets: Insights['outlets'],
  column: OutletColumn | 'name',
  direction: SortDirection,
  collator: Intl.Collator,
): Insights['outlets'] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...outlets].sort((a, b) => {
    if (column === 'name') return sign * collator.compare(a.name, b.name);
    const x = outletValue(a.totals, column);
    const y = outletValue(b.totals, column);
    if (x === null || y === null) return x === y ? collator.compare(a.name, b.name) : x === null ? 1 : -1;
    return sign * (x - y) || collator.compare(a.name, b.name);
  });
}

/** Whether the period has anything to chart at all. */
export const hasOrders = (insights: Insights) => insights.totals.orders > 0 || insights.previous_totals.orders > 0;
