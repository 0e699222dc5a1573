import type { Order } from '@riderdesk/domain/contracts/orders';
import { startOfTodayInZone } from '@riderdesk/domain/date-presets';
import { guestSearchRefusal } from '@riderdesk/domain/guest/guest-rules';
import type { HistoryDrill } from '@riderdesk/domain/insights/drill';
import { bucketRange, type DurationMeasure } from '@riderdesk/domain/insights/figures';
import { reasonLabelKey } from '@riderdesk/domain/insights/tables';
import {
  DEFAULT_HISTORY_RANGE,
  type HistoryDateRange,
  type ResolvedRange,
  rangeQuery,
  resolveHistoryRange,
} from '@riderdesk/domain/order-history';
import type { StatusFilter } from '@riderdesk/domain/order-status';
import type { TFunction } from 'i18next';
import type { HistoryQuery } from './api/get-order-history.ts';

export type DateRange = { from: Date; to: Date };

/** The range the page opens on: the filters' range, or the default one while a custom range is incomplete. */
export function initialShownRange(filtersRange: HistoryDateRange, now: Date, timeZone: string): DateRange {
  const range = resolveHistoryRange(filtersRange, now, timeZone);
  if (range.ok) return { from: range.from, to: range.to };
  const fallback = resolveHistoryRange(DEFAULT_HISTORY_RANGE, now, timeZone);
  return fallback.ok ? { from: fallback.from, to: fallback.to } : { from: now, to: now };
}

/**
 * The range whose orders are shown: a complete range replaces it; while a custom range is being picked, the last
 * complete one stays on screen. Returns `shown` itself when nothing changed.
 */
export function nextShownRange(shown: DateRange, range: ResolvedRange): DateRange {
  if (!range.ok) return shown;
  if (range.from.getTime() === shown.from.getTime() && range.to.getTime() === shown.to.getTime()) return shown;
  return { from: range.from, to: range.to };
}

/** A range that covers today follows today's orders live too. */
export const coversToday = (range: DateRange, now: Date, timeZone: string) =>
  range.to.getTime() > startOfTodayInZone(now, timeZone).getTime();

/**
 * What is sent as the search (spec §5, decision 080): a guest may not search by order id, so only a phone possible
 * in the country is sent; anything else is refused with its translation key and not sent.
 */
export function historySearch(
  typed: string,
  options: { isGuest: boolean; countryCode: string },
): { sent: string; refusal: string | null } {
  const refusal = options.isGuest ? guestSearchRefusal(typed, options.countryCode) : null;
  return { sent: refusal ? '' : typed, refusal };
}

/** GET /vendor/{vendorId}/orders' query for the shown range and filters; null without a branch. */
export function historyQuery(input: {
  vendorId: string | null;
  includeOutlets: boolean;
  range: DateRange;
  status: StatusFilter;
  search: string;
  drill?: HistoryDrill;
}): HistoryQuery | null {
  if (!input.vendorId) return null;
  return {
    vendorId: input.vendorId,
    includeOutlets: input.includeOutlets,
    ...rangeQuery(input.range),
    status: input.status,
    search: input.search,
    drill: input.drill ?? {},
  };
}

/** What the list area shows. */
export type HistoryBody = 'loading' | 'error' | 'search-empty' | 'empty' | 'orders';

export function historyBody(state: {
  isPending: boolean;
  /** The last answer's rows, shown dimmed while the new filters load. */
  isStale: boolean;
  isError: boolean;
  orderCount: number;
  search: string;
}): HistoryBody {
  if (state.isPending || (state.isStale && state.orderCount === 0)) return 'loading';
  if (state.orderCount > 0) return 'orders';
  if (state.isError) return 'error';
  return state.search.trim() !== '' ? 'search-empty' : 'empty';
}

/** The order in the drawer: from the loaded pages, or fetched on its own (a link's order_id may lie outside them). */
export function selectedOrderOf(
  orders: readonly Order[],
  selectedOrderId: string | null,
  fetched: Order | undefined,
): { listed: Order | null; selected: Order | null } {
  const listed = orders.find((order) => order.order_id === selectedOrderId) ?? null;
  return { listed, selected: listed ?? fetched ?? null };
}

/**
 * The narrowing a link from insights applied, as the page names it (one phrase per part): the weekday and hour,
 * the delivery-time or pickup-wait bucket, the cancellation reason.
 */
export function drillPhrases(drill: HistoryDrill, t: TFunction): string[] {
  const phrases: string[] = [];
  const clock = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;
  const weekday = drill.weekday === undefined ? null : t(`insights.weekday.${drill.weekday}`);
  if (drill.hour !== undefined) {
    const hours = { from: clock(drill.hour), to: clock(drill.hour + 1) };
    phrases.push(weekday ? t('history.drill.weekday-hour', { weekday, ...hours }) : t('history.drill.hour', hours));
  } else if (weekday) {
    phrases.push(t('history.drill.weekday', { weekday }));
  }
  const range = (measure: DurationMeasure, bucket: number) => {
    const { from, to } = bucketRange(measure, bucket);
    return to === null ? t('insights.orders-from', { from }) : t('insights.orders-range', { from, to });
  };
  if (drill.delivery_bucket !== undefined) {
    phrases.push(t('history.drill.delivery', { range: range('delivery', drill.delivery_bucket) }));
  }
  if (drill.pickup_bucket !== undefined) {
    phrases.push(t('history.drill.pickup', { range: range('pickup_wait', drill.pickup_bucket) }));
  }
  if (drill.cancel_reason !== undefined) {
    phrases.push(t('history.drill.reason', { reason: t(reasonLabelKey(drill.cancel_reason)) }));
  }
  return phrases;
}
