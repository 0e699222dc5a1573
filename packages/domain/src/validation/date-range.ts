import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';

// spec §5 "Other": a custom range must not be "too long a period"; the spec gives no figure, so it is
// one calendar month at most, which also covers the longest preset (PastMonth, 30 days).
export const DATE_RANGE_MAX_DAYS = 31;

export type DateRange = { from: Date; to: Date };

export type DateRangeErrorKey = 'validation.date-range.end-before-start' | 'validation.date-range.too-long';

/**
 * Ranges are half-open, [from, to), with boundaries at local midnight of the country zone, so a range
 * covering 1 to 31 January ends at 1 February 00:00. Day counting uses the zone's calendar so a
 * daylight-saving shift does not change the result.
 */
export function validateDateRange(range: DateRange, timeZone: string): DateRangeErrorKey | null {
  if (range.to.getTime() < range.from.getTime()) return 'validation.date-range.end-before-start';
  const latestEnd = addDays(new TZDate(range.from.getTime(), timeZone), DATE_RANGE_MAX_DAYS);
  if (range.to.getTime() > latestEnd.getTime()) return 'validation.date-range.too-long';
  return null;
}
