import { z } from 'zod';
import { queryNumberSchema } from '../contracts/common.ts';
import { CANCEL_REASONS, type OrderStatus } from '../order-status.ts';
import { DELIVERY_MINUTE_BOUNDS, PICKUP_WAIT_MINUTE_BOUNDS } from './figures.ts';

// A click on an insights chart opens History on exactly the orders behind the bar or cell (issue 39): besides the
// period and the status filter, History then narrows to a weekday and hour (the heat map), a delivery-time or a
// pickup-wait bucket (the distributions) or a cancellation reason. The facts are those of the rollups.

/** The reasons the cancellations chart names (cancellationReasonOf): the spec's, and two statuses' own. */
export const CANCELLATION_REASONS = [...CANCEL_REASONS, 'payment_cancelled', 'stalled'] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];
export const CancellationReasonSchema = z.enum(CANCELLATION_REASONS);

const bucketSchema = (bounds: readonly number[]) => queryNumberSchema(z.number().int().min(1).max(bounds.length));

/** The narrowing a link carries, as query parameters of History's URL and of the order list and export calls. */
export const HistoryDrillSchema = z.object({
  /** ISO weekday (1 Monday … 7 Sunday) the order was placed on, in the country's time zone. */
  weekday: queryNumberSchema(z.number().int().min(1).max(7)).optional(),
  /** The hour (0–23) it was placed in, in the country's time zone. */
  hour: queryNumberSchema(z.number().int().min(0).max(23)).optional(),
  /** A delivered order whose delivery time fell in this bucket of DELIVERY_MINUTE_BOUNDS (1-based). */
  delivery_bucket: bucketSchema(DELIVERY_MINUTE_BOUNDS).optional(),
  /** An order whose pickup wait fell in this bucket of PICKUP_WAIT_MINUTE_BOUNDS (1-based). */
  pickup_bucket: bucketSchema(PICKUP_WAIT_MINUTE_BOUNDS).optional(),
  /** A cancelled order of this reason, as the cancellations chart names it. */
  cancel_reason: CancellationReasonSchema.optional(),
});
export type HistoryDrill = z.output<typeof HistoryDrillSchema>;

/** The same narrowing in a JSON body (the e-mailed export's), numbers as numbers. */
export const HistoryDrillBodySchema = z.object({
  weekday: z.number().int().min(1).max(7).optional(),
  hour: z.number().int().min(0).max(23).optional(),
  delivery_bucket: z.number().int().min(1).max(DELIVERY_MINUTE_BOUNDS.length).optional(),
  pickup_bucket: z.number().int().min(1).max(PICKUP_WAIT_MINUTE_BOUNDS.length).optional(),
  cancel_reason: CancellationReasonSchema.optional(),
}) satisfies z.ZodType<HistoryDrill>;

export const HISTORY_DRILL_KEYS = Object.keys(HistoryDrillSchema.shape) as (keyof HistoryDrill)[];

/** The drill of a URL's query, or none when a parameter is missing its pair or does not parse. */
export function drillOfSearch(search: URLSearchParams): HistoryDrill {
  const raw = Object.fromEntries(
    HISTORY_DRILL_KEYS.flatMap((key) => {
      const value = search.get(key);
      return value === null ? [] : [[key, value]];
    }),
  );
  const parsed = HistoryDrillSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

/** A drill as query parameters (numbers as text), for a link or a call. */
export function drillParams(drill: HistoryDrill): Record<string, string> {
  return Object.fromEntries(Object.entries(drillOf(drill)).map(([key, value]) => [key, String(value)]));
}

/** The drill of a wider object (a call's query or body): its drill keys that are set, and nothing else. */
export function drillOf(source: HistoryDrill): HistoryDrill {
  return Object.fromEntries(
    HISTORY_DRILL_KEYS.flatMap((key) => (source[key] === undefined ? [] : [[key, source[key]]])),
  ) as HistoryDrill;
}

export function hasDrill(drill: HistoryDrill): boolean {
  return HISTORY_DRILL_KEYS.some((key) => drill[key] !== undefined);
}

/**
 * The orders a cancellation reason stands for (the inverse of cancellationReasonOf): a status, and the stored
 * reason (`null` matching an order cancelled without one, which the chart counts as reason_unknown).
 */
export function ordersOfCancellationReason(reason: CancellationReason): {
  status: OrderStatus;
  cancelReasons: readonly (string | null)[] | null;
} {
  if (reason === 'payment_cancelled') return { status: 'PAYMENT_CANCELLED', cancelReasons: null };
  if (reason === 'stalled') return { status: 'STALLED', cancelReasons: null };
  return { status: 'CANCELLED', cancelReasons: reason === 'reason_unknown' ? [null, reason] : [reason] };
}
