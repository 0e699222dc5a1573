import type { Insights, InsightsChart, InsightsTotals } from '../contracts/insights.ts';
import { CANCEL_REASONS } from '../order-status.ts';
import { relativeChange } from './figures.ts';

// Every chart's numbers as a table: the page shows it to screen readers (and as "Table" on request), and the
// export writes it as CSV or XLSX (the history export's writer and safety rules). One definition, so the file
// holds exactly the numbers the chart shows.

export type TableCell = string | number | null;
export interface InsightsTable {
  headings: string[];
  rows: TableCell[][];
}

/** Looks a catalogue key up; the web app passes i18next's t, the API the export's translator. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The catalogue key of a cancellation's reason (insights/figures.ts cancellationReasonOf). */
export function reasonLabelKey(reason: string): string {
  return (CANCEL_REASONS as readonly string[]).includes(reason)
    ? `cancel.reason.${reason}`
    : `insights.reason.${reason}`;
}

/** A share (0–1) as a percentage with one decimal, as the tables show it. */
export const percent = (share: number | null): number | null => (share === null ? null : Math.round(share * 1000) / 10);

export const HOURS_OF_DAY = Array.from({ length: 24 }, (_, hour) => hour);
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The figures the summary compares, each with how it is read from a period's totals. */
export const SUMMARY_FIGURES = [
  ['orders', (t: InsightsTotals) => t.orders],
  ['delivered', (t: InsightsTotals) => t.delivered],
  ['returned', (t: InsightsTotals) => t.returned],
  ['cancelled', (t: InsightsTotals) => t.cancelled],
  ['in_progress', (t: InsightsTotals) => t.in_progress],
  ['delayed', (t: InsightsTotals) => t.delayed],
  ['delivery_median', (t: InsightsTotals) => t.delivery_minutes.median],
  ['delivery_p90', (t: InsightsTotals) => t.delivery_minutes.p90],
  ['pickup_wait_median', (t: InsightsTotals) => t.pickup_wait_minutes.median],
  ['pickup_wait_p90', (t: InsightsTotals) => t.pickup_wait_minutes.p90],
  ['on_time_share', (t: InsightsTotals) => percent(t.on_time.share)],
  ['delivery_spend', (t: InsightsTotals) => t.delivery_spend],
  ['cash_collected', (t: InsightsTotals) => t.cash_collected],
  ['voucher_savings', (t: InsightsTotals) => t.voucher_savings],
  ['vouchered_orders', (t: InsightsTotals) => t.vouchered_orders],
] as const satisfies readonly (readonly [string, (totals: InsightsTotals) => number | null])[];
export type SummaryFigure = (typeof SUMMARY_FIGURES)[number][0];

const heading = (t: Translate, key: string) => t(`insights.column.${key}`);

export function insightsTable(insights: Insights, chart: InsightsChart, t: Translate): InsightsTable {
  switch (chart) {
    case 'summary':
      return {
        headings: ['figure', 'this_period', 'previous_period', 'change'].map((key) => heading(t, key)),
        rows: SUMMARY_FIGURES.map(([key, read]) => {
          const current = read(insights.totals);
          const previous = read(insights.previous_totals);
          const change = current === null || previous === null ? null : relativeChange(current, previous);
          return [t(`insights.figure.${key}`), current, previous, percent(change)];
        }),
      };
    case 'orders_per_day':
      return {
        headings: ['day', 'delivered', 'returned', 'cancelled', 'new', 'collected', 'preorder', 'orders'].map((key) =>
          heading(t, key),
        ),
        rows: insights.days.map((day) => [
          day.day,
          day.delivered,
          day.returned,
          day.cancelled,
          day.new,
          day.collected,
          day.preorder,
          day.delivered + day.returned + day.cancelled + day.new + day.collected + day.preorder,
        ]),
      };
    case 'orders_by_hour':
      return {
        headings: [heading(t, 'weekday'), ...HOURS_OF_DAY.map((hour) => `${String(hour).padStart(2, '0')}:00`)],
        rows: ISO_WEEKDAYS.map((weekday) => [
          t(`insights.weekday.${weekday}`),
          ...HOURS_OF_DAY.map(
            (hour) => insights.hours.find((cell) => cell.weekday === weekday && cell.hour === hour)?.orders ?? 0,
          ),
        ]),
      };
    case 'delivery_time':
    case 'pickup_wait': {
      const buckets = chart === 'delivery_time' ? insights.delivery_minutes : insights.pickup_wait_minutes;
      return {
        headings: ['from_minutes', 'to_minutes', 'orders', 'previous_orders'].map((key) => heading(t, key)),
        rows: buckets.map((bucket) => [bucket.from, bucket.to, bucket.orders, bucket.previous_orders]),
      };
    }
    case 'on_time':
      return {
        headings: ['outlet', 'on_time', 'measured', 'on_time_share', 'previous_share'].map((key) => heading(t, key)),
        rows: [
          [t('insights.all-outlets'), ...onTimeCells(insights.totals, insights.previous_totals)],
          ...(insights.outlets.length > 1
            ? insights.outlets.map((outlet) => [outlet.name, ...onTimeCells(outlet.totals, outlet.previous_totals)])
            : []),
        ],
      };
    case 'cancellations':
      return {
        headings: ['reason', 'cancelled_by', 'orders', 'previous_orders'].map((key) => heading(t, key)),
        rows: insights.cancellations.map((row) => [
          t(reasonLabelKey(row.reason)),
          t(`insights.cancelled-by.${row.cancelled_by}`),
          row.orders,
          row.previous_orders,
        ]),
      };
    case 'money_per_day':
      return {
        headings: ['day', 'delivery_spend', 'cash_collected', 'voucher_savings'].map((key) => heading(t, key)),
        rows: insights.days.map((day) => [day.day, day.delivery_spend, day.cash_collected, day.voucher_savings]),
      };
    case 'outlets':
      return {
        headings: [
          'outlet',
          'outlet_id',
          'orders',
          'delivered',
          'returned',
          'cancelled',
          'in_progress',
          'on_time_share',
          'delivery_median',
          'delivery_p90',
          'pickup_wait_median',
          'delivery_spend',
          'cash_collected',
          'voucher_savings',
        ].map((key) => heading(t, key)),
        rows: insights.outlets.map(({ name, vendor_id, totals }) => [
          name,
          vendor_id,
          totals.orders,
          totals.delivered,
          totals.returned,
          totals.cancelled,
          totals.in_progress,
          percent(totals.on_time.share),
          totals.delivery_minutes.median,
          totals.delivery_minutes.p90,
          totals.pickup_wait_minutes.median,
          totals.delivery_spend,
          totals.cash_collected,
          totals.voucher_savings,
        ]),
      };
  }
}

function onTimeCells(current: InsightsTotals, previous: InsightsTotals): TableCell[] {
  return [
    current.on_time.on_time,
    current.on_time.measured,
    percent(current.on_time.share),
    percent(previous.on_time.share),
  ];
}
