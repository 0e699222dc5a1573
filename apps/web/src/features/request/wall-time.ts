import { TZDate } from '@date-fns/tz';
import { preorderWindowEnd } from '@riderdesk/domain/orders/preorder-window';

// The date picker works in wall time of the country's zone, the API in unix seconds. Zone arithmetic is
// @date-fns/tz's, as in the domain (service hours, presets, statements).

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

const two = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' of an instant as a clock in the zone shows it. */
export function wallTimeInZone(epochMs: number, timeZone: string): string {
  const at = new TZDate(epochMs, timeZone);
  return (
    `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ` +
    `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`
  );
}

/** The instant at which a clock in the zone shows this wall time. */
export function zonedWallTimeToEpochMs(wallTime: string, timeZone: string): number | null {
  const match = WALL_TIME.exec(wallTime.trim());
  if (!match) return null;
  const [, y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = match.map((part) => Number(part ?? 0));
  return new TZDate(y, mo - 1, d, h, mi, s, timeZone).getTime();
}

/** spec §9: later deliveries are within 2 days from now. */
export function preorderWindow(nowMs: number, timeZone: string): { min: string; max: string } {
  return {
    min: wallTimeInZone(nowMs, timeZone),
    max: wallTimeInZone(preorderWindowEnd(nowMs).getTime(), timeZone),
  };
}

/** The days a pre-order can fall on, from today to the window's end: their wall date and an instant at noon. */
export function preorderDays(nowMs: number, timeZone: string): { date: string; noon: number }[] {
  const last = wallTimeInZone(preorderWindowEnd(nowMs).getTime(), timeZone).slice(0, 10);
  const days: { date: string; noon: number }[] = [];
  let date = wallTimeInZone(nowMs, timeZone).slice(0, 10);
  while (date <= last && days.length < 10) {
    const noon = zonedWallTimeToEpochMs(`${date} 12:00:00`, timeZone) ?? nowMs;
    days.push({ date, noon });
    date = wallTimeInZone(noon + 24 * 60 * 60 * 1000, timeZone).slice(0, 10);
  }
  return days;
}
