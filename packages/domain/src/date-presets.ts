import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay, subDays } from 'date-fns';
import { DATE_PRESET_DAYS } from './constants.ts';

// spec §4 "Order list buckets": date range options; the default is yesterday. Today is the day so far, for
// a merchant checking what went out this morning (the tracking page shows only what is still on its way).
export const DATE_PRESETS = ['Today', 'Yesterday', 'PastWeek', 'PastMonth', 'Custom'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export type FixedDatePreset = Exclude<DatePreset, 'Custom'>;
/** The presets that end where today starts. */
export type PastDatePreset = Exclude<FixedDatePreset, 'Today'>;

export const DEFAULT_DATE_PRESET: DatePreset = 'Yesterday';

export function startOfTodayInZone(now: Date, timeZone: string): Date {
  return new Date(startOfDay(new TZDate(now.getTime(), timeZone)).getTime());
}

/** Local midnight at the start of the day `days` days before today, in the given time zone. */
export function startOfDayDaysAgoInZone(now: Date, days: number, timeZone: string): Date {
  return new Date(startOfDay(subDays(new TZDate(now.getTime(), timeZone), days)).getTime());
}

/**
 * Today: from local midnight to the start of tomorrow. spec §4: Yesterday, PastWeek (last 7 days up to yesterday) and PastMonth (last 30 days up to
 * yesterday), in the country time zone. The range is half-open: `from` is local midnight at the start
 * of its first day and `to` is local midnight at the start of today, the instant yesterday ends.
 */
export function presetRange(preset: FixedDatePreset, now: Date, timeZone: string): { from: Date; to: Date } {
  const today = startOfDay(new TZDate(now.getTime(), timeZone));
  if (preset === 'Today') {
    return { from: new Date(today.getTime()), to: new Date(startOfDay(addDays(today, 1)).getTime()) };
  }
  // startOfDay again: on a day whose midnight was skipped by daylight saving, `today` starts at 01:00.
  const from = startOfDay(subDays(today, DATE_PRESET_DAYS[preset]));
  return { from: new Date(from.getTime()), to: new Date(today.getTime()) };
}
