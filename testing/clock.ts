/**
 * Replaces the global Date with one that reads `offsetMs` later (or earlier) than the real clock; time
 * still flows, timers are untouched. Self-contained, so end-to-end tests can also inject it into pages.
 *
 * A function rather than a subclass: `Date()` called without `new` keeps working and every date,
 * whoever made it, stays `instanceof Date`; Reflect.construct with new.target keeps subclasses of Date
 * (time-zone dates such as @date-fns/tz's TZDate) working, which fake-timer clocks do not.
 */
export function shiftDate(offsetMs: number): void {
  const RealDate = globalThis.Date as DateConstructor & { isShifted?: boolean };
  if (RealDate.isShifted) return;
  const now = () => RealDate.now() + offsetMs;
  const ShiftedDate = function (this: unknown, ...args: unknown[]) {
    if (!new.target) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
  } as unknown as DateConstructor;
  // Writable, as on the real Date: fake timers (vi.useFakeTimers) copy and replace them.
  const property = (value: unknown) => ({ value, writable: true, configurable: true });
  Object.defineProperties(ShiftedDate, {
    prototype: { value: RealDate.prototype },
    now: property(now),
    parse: property(RealDate.parse),
    UTC: property(RealDate.UTC),
    isShifted: property(true),
  });
  globalThis.Date = ShiftedDate;
}

const KARACHI_OFFSET_MS = 5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The latest 00:30 Karachi time (UTC+5 all year, no daylight saving) at or before `now`. */
export function latestHalfPastMidnightInKarachi(now: number): number {
  const midnight = Math.floor((now + KARACHI_OFFSET_MS) / DAY_MS) * DAY_MS - KARACHI_OFFSET_MS;
  const candidate = midnight + 30 * 60 * 1000;
  return candidate <= now ? candidate : candidate - DAY_MS;
}
