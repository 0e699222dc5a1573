import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, format, startOfDay } from 'date-fns';
import { languageTag } from './config.ts';
import { PAGE_SIZE_HISTORY, PAGE_SIZE_HISTORY_OUTLETS } from './constants.ts';
import type { OrderPaymentStatus } from './contracts/order-payment.ts';
import { DEFAULT_DATE_PRESET, type FixedDatePreset, presetRange } from './date-presets.ts';

// spec §5 "Custom date range: end not before start, and not too long a period". A quarter: long enough
// to reconcile a quarter at once, short enough that one export or one search stays a bounded scan.
export const HISTORY_MAX_RANGE_DAYS = 92;

/** A calendar day in the country time zone, as the date picker gives it: YYYY-MM-DD. */
export type CalendarDay = string;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

export type HistoryDateRange =
  | { preset: FixedDatePreset }
  | { preset: 'Custom'; start: CalendarDay | null; end: CalendarDay | null };

export const DEFAULT_HISTORY_RANGE: HistoryDateRange = { preset: DEFAULT_DATE_PRESET as FixedDatePreset };

export const CUSTOM_RANGE_ERRORS = {
  incomplete: 'history.range.incomplete',
  endBeforeStart: 'history.range.end-before-start',
  tooLong: 'history.range.too-long',
} as const;
export type CustomRangeError = (typeof CUSTOM_RANGE_ERRORS)[keyof typeof CUSTOM_RANGE_ERRORS];

export type ResolvedRange = { ok: true; from: Date; to: Date } | { ok: false; error: CustomRangeError };

function isCalendarDay(value: string | null): value is CalendarDay {
  return value !== null && CALENDAR_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** Local midnight at the start of a calendar day in the time zone. */
function startOfCalendarDay(day: CalendarDay, timeZone: string): TZDate {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return startOfDay(new TZDate(year, month - 1, date, timeZone));
}

/**
 * The half-open instant range [from, to) a history filter stands for, in the country time zone (spec §4):
 * a preset ends where today starts; a custom range covers its first and its last day whole.
 */
export function resolveHistoryRange(range: HistoryDateRange, now: Date, timeZone: string): ResolvedRange {
  if (range.preset !== 'Custom') return { ok: true, ...presetRange(range.preset, now, timeZone) };
  if (!isCalendarDay(range.start) || !isCalendarDay(range.end)) {
    return { ok: false, error: CUSTOM_RANGE_ERRORS.incomplete };
  }
  const start = startOfCalendarDay(range.start, timeZone);
  const end = startOfCalendarDay(range.end, timeZone);
  if (end.getTime() < start.getTime()) return { ok: false, error: CUSTOM_RANGE_ERRORS.endBeforeStart };
  if (differenceInCalendarDays(end, start) + 1 > HISTORY_MAX_RANGE_DAYS) {
    return { ok: false, error: CUSTOM_RANGE_ERRORS.tooLong };
  }
  return { ok: true, from: new Date(start.getTime()), to: new Date(startOfDay(addDays(end, 1)).getTime()) };
}

/** True when an instant range is within the longest period history answers (with an hour of daylight-saving slack). */
export function isWithinHistoryLimit(from: Date, to: Date): boolean {
  return to.getTime() - from.getTime() <= (HISTORY_MAX_RANGE_DAYS * 24 + 1) * 3_600_000;
}

/** spec §9 page sizes: history 30, 50 with outlets. */
export function historyPageSize(includeOutlets: boolean): number {
  return includeOutlets ? PAGE_SIZE_HISTORY_OUTLETS : PAGE_SIZE_HISTORY;
}

// A search term longer than any order id, phone or name the portal keeps is refused by the contract.
export const HISTORY_SEARCH_MAX_LENGTH = 64;

/** spec §4: search ignores spaces. Empty when nothing is left to search for. */
export function compactSearchTerm(term: string): string {
  return term.replace(/\s+/g, '');
}

/** spec §2: live updates reach history only for orders created before today (country time zone). */
export function isHistoryOrder(createdAt: string, startOfToday: Date): boolean {
  return Date.parse(createdAt) < startOfToday.getTime();
}

/**
 * The from/to query of GET /vendor/{id}/orders for a resolved range. The API's `to` is inclusive, so the
 * half-open range ends one millisecond before the next day starts.
 */
export function rangeQuery(range: { from: Date; to: Date }): { from: string; to: string } {
  return { from: range.from.toISOString(), to: new Date(range.to.getTime() - 1).toISOString() };
}

/** Today's calendar day in the time zone (the last day a custom range may end on). */
export function calendarDayInZone(now: Date, timeZone: string): CalendarDay {
  return format(new TZDate(now.getTime(), timeZone), 'yyyy-MM-dd');
}

// Exports e-mailed as a link (docs/decisions/047-e-mailed-exports.md): the direct XLSX download stops at
// this many rows, and the e-mailed file's link lives this long.
export const DIRECT_XLSX_MAX_ROWS = 10_000;
export const EXPORT_LINK_TTL_DAYS = 7;
export const EXPORT_JOB_STATUSES = ['QUEUED', 'RUNNING', 'READY', 'FAILED'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

/** Whether the page should keep asking how an e-mailed export is getting on. */
export function isExportJobPending(status: ExportJobStatus): boolean {
  return status === 'QUEUED' || status === 'RUNNING';
}

/** Whole percent of an export's rows written; null while the total is not known. */
export function exportProgressPercent(done: number, total: number | null): number | null {
  if (total === null) return null;
  if (total <= 0) return 100;
  return Math.min(100, Math.floor((done / total) * 100));
}

const REFUND_STATUSES = [
  'refund_pending',
  'refunded',
  'refund_failed',
] as const satisfies readonly OrderPaymentStatus[];

/**
 * An online payment's state as two columns of the export: the payment (a refund only follows a captured
 * payment) and the refund, if one was started.
 */
export function paymentAndRefundStatus(status: OrderPaymentStatus): {
  payment: OrderPaymentStatus;
  refund: OrderPaymentStatus | null;
} {
  return (REFUND_STATUSES as readonly OrderPaymentStatus[]).includes(status)
    ? { payment: 'captured', refund: status }
    : { payment: status, refund: null };
}

/**
 * An export's period as its e-mail names it: from and to in the merchant's language and the country's time
 * zone, e.g. "Mar 9, 2026, 12:00 AM – 11:59 PM" (the end is the last instant the export includes).
 */
export function exportPeriodText(range: { from: string; to: string }, language: string, timeZone: string): string {
  const formatter = new Intl.DateTimeFormat(languageTag(language), {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  // ICU's narrow and thin spaces ("12:00\u202fAM\u2009–\u2009…") as plain ones: the text goes into a mail subject.
  return formatter.formatRange(new Date(range.from), new Date(range.to)).replace(/[\u00a0\u2009\u202f]/g, ' ');
}
