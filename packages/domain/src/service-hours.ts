import { TZDate } from '@date-fns/tz';

export type ServiceHours = {
  /** Minutes after local midnight. */
  start: number;
  /** Minutes after local midnight. */
  end: number;
};

const MINUTES_PER_DAY = 24 * 60;
// spec §5: "four digits, colon, four digits, each at most 2359".
const SERVICE_HOURS_PATTERN = /^(\d{2})(\d{2}):(\d{2})(\d{2})$/;

function toMinutes(hours: string | undefined, minutes: string | undefined): number | null {
  const h = Number(hours);
  const m = Number(minutes);
  if (!Number.isInteger(h) || !Number.isInteger(m) || h > 23 || m > 59) return null;
  return h * 60 + m;
}

export function parseServiceHours(value: string): ServiceHours | null {
  const match = SERVICE_HOURS_PATTERN.exec(value.trim());
  if (!match) return null;
  const start = toMinutes(match[1], match[2]);
  const end = toMinutes(match[3], match[4]);
  return start === null || end === null ? null : { start, end };
}

export function minutesOfDayInZone(now: Date, timeZone: string): number {
  const local = new TZDate(now.getTime(), timeZone);
  return local.getHours() * 60 + local.getMinutes();
}

/**
 * spec §5: start equal to end means always open, start after end means overnight, and hours that
 * cannot be read mean open. The window includes its start minute and excludes its end minute.
 */
export function isWithinServiceHours(hours: string | null | undefined, now: Date, timeZone: string): boolean {
  const parsed = hours ? parseServiceHours(hours) : null;
  if (parsed === null || parsed.start === parsed.end) return true;
  const minute = minutesOfDayInZone(now, timeZone);
  if (parsed.start < parsed.end) return minute >= parsed.start && minute < parsed.end;
  return minute >= parsed.start || minute < parsed.end;
}

function formatMinutes(minutes: number): string {
  const wrapped = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const h = Math.floor(wrapped / 60);
  const m = wrapped % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** The {from} and {to} of spec §8 'Service hours: {from} to {to}. It's {time}'. */
export function formatServiceHours(hours: string): { from: string; to: string } | null {
  const parsed = parseServiceHours(hours);
  return parsed === null ? null : { from: formatMinutes(parsed.start), to: formatMinutes(parsed.end) };
}

/** The {time} of spec §8 'Service hours: {from} to {to}. It's {time}', as HH:MM in the zone. */
export function formatTimeInZone(now: Date, timeZone: string): string {
  return formatMinutes(minutesOfDayInZone(now, timeZone));
}
