import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../config.ts';
import { CANCELLED_BY } from '../insights/figures.ts';
import { resultOf, VendorIdSchema } from './common.ts';
import { EXPORT_FORMATS } from './order-list.ts';

// GET /vendor/{vendorId}/insights (issue 39, docs/decisions/172-insights-rollups.md).

// A real calendar day, 2000 to 2099: the rollups are keyed by day, and a day outside that is no one's period.
export const CalendarDaySchema = z.iso
  .date()
  .refine((day) => day >= '2000-01-01' && day <= '2099-12-31', 'validation.day-out-of-range');

const QueryBoolean = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

export const InsightsParamsSchema = z.object({ vendorId: VendorIdSchema });

/** The period, first and last day included, in the country's time zone; at most the History's 92 days. */
export const InsightsQuerySchema = z.object({
  start: CalendarDaySchema,
  end: CalendarDaySchema,
  /** A parent's figures cover its outlets too, and the outlets are compared side by side. */
  include_outlets: QueryBoolean,
});
export type InsightsQuery = z.infer<typeof InsightsQuerySchema>;

export const INSIGHTS_CHARTS = [
  'summary',
  'orders_per_day',
  'orders_by_hour',
  'delivery_time',
  'pickup_wait',
  'on_time',
  'cancellations',
  'money_per_day',
  'outlets',
] as const;
export type InsightsChart = (typeof INSIGHTS_CHARTS)[number];

/** GET /vendor/{vendorId}/insights/export: one chart's numbers as a file. */
export const InsightsExportQuerySchema = InsightsQuerySchema.extend({
  chart: z.enum(INSIGHTS_CHARTS),
  format: z.enum(EXPORT_FORMATS),
  lang: z.enum(SUPPORTED_LANGUAGES).default('en'),
});
export type InsightsExportQuery = z.infer<typeof InsightsExportQuerySchema>;

const Count = z.number().int().nonnegative();
/** Money in the currency's major units, as every amount of the API. */
const Money = z.number();

const DurationSummarySchema = z.object({
  /** Minutes; null when no order of the period has the measure. */
  median: z.number().nullable(),
  p90: z.number().nullable(),
  orders: Count,
});

/** The figures of a period, for the whole selection or one outlet. */
export const InsightsTotalsSchema = z.object({
  /** Every order of the period, finished or not (card orders that never paid are not orders). */
  orders: Count,
  delivered: Count,
  returned: Count,
  cancelled: Count,
  /** Not finished yet: new, collected or scheduled. */
  in_progress: Count,
  /** Finished orders that ran late (DELAYED) on their way. */
  delayed: Count,
  delivery_minutes: DurationSummarySchema,
  pickup_wait_minutes: DurationSummarySchema,
  /** Delivered orders with an ETA given at request, and those delivered by it. */
  on_time: z.object({ on_time: Count, measured: Count, share: z.number().nullable() }),
  /** The delivery fees after vouchers of the delivered and returned orders (the monthly statement's). */
  delivery_spend: Money,
  /** What riders collected at the door (the statement's cash collected). */
  cash_collected: Money,
  /** The vouchers' discounts on those orders, and how many used one. */
  voucher_savings: Money,
  vouchered_orders: Count,
});
export type InsightsTotals = z.infer<typeof InsightsTotalsSchema>;

const PeriodSchema = z.object({ start: z.string(), end: z.string() });

const HistogramBucketSchema = z.object({
  /** The bucket's minutes [from, to); `to` null for the last, open one. */
  from: z.number(),
  to: z.number().nullable(),
  orders: Count,
  previous_orders: Count,
});

export const InsightsSchema = z.object({
  period: PeriodSchema,
  previous_period: PeriodSchema,
  time_zone: z.string(),
  currency: z.string(),
  totals: InsightsTotalsSchema,
  previous_totals: InsightsTotalsSchema,
  /** Every day of the period, in order: orders by bucket (spec §4) and the day's money. */
  days: z.array(
    z.object({
      day: z.string(),
      delivered: Count,
      returned: Count,
      cancelled: Count,
      new: Count,
      collected: Count,
      preorder: Count,
      delivery_spend: Money,
      cash_collected: Money,
      voucher_savings: Money,
    }),
  ),
  /** Orders by the hour of the week they were placed in (ISO weekday 1 Monday … 7 Sunday, hour 0–23): 168 cells. */
  hours: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), orders: Count })),
  delivery_minutes: z.array(HistogramBucketSchema),
  pickup_wait_minutes: z.array(HistogramBucketSchema),
  cancellations: z.array(
    z.object({ reason: z.string(), cancelled_by: z.enum(CANCELLED_BY), orders: Count, previous_orders: Count }),
  ),
  /** The vendor and, with include_outlets, each outlet with orders in either period (or active), side by side. */
  outlets: z.array(
    z.object({
      vendor_id: z.string(),
      name: z.string(),
      totals: InsightsTotalsSchema,
      previous_totals: InsightsTotalsSchema,
    }),
  ),
});
export type Insights = z.infer<typeof InsightsSchema>;
export const InsightsAnswerSchema = resultOf(InsightsSchema);
