import { PREORDER_WINDOW_DAYS } from '../constants.ts';
import { isWithinServiceHours } from '../service-hours.ts';

/** spec §9 pre-order window: 2 days. */
export const PREORDER_WINDOW_MS = PREORDER_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** A pre-order is due later than now and at most the window ahead (spec §9). */
export function isWithinPreorderWindow(at: Date | number, now: Date | number): boolean {
  const ahead = new Date(at).getTime() - new Date(now).getTime();
  return ahead > 0 && ahead <= PREORDER_WINDOW_MS;
}

/** The last instant a pre-order placed now may be due at. */
export function preorderWindowEnd(now: Date | number): Date {
  return new Date(new Date(now).getTime() + PREORDER_WINDOW_MS);
}

/** Scheduled times are offered on the quarter hour. */
export const PREORDER_SLOT_MINUTES = 15;
/** The earliest slot leaves this much time to finish the request and find a rider. */
export const PREORDER_LEAD_MINUTES = 30;

const MS_PER_MINUTE = 60_000;

/**
 * The first time a pre-order placed now can be due: the first quarter hour at least the lead time ahead
 * that falls inside the service hours (spec §5) and the pre-order window (spec §9); null when there is
 * none in the window.
 */
export function firstPreorderSlot(now: Date | number, serviceHours: string | null, timeZone: string): Date | null {
  const nowMs = new Date(now).getTime();
  const slotMs = PREORDER_SLOT_MINUTES * MS_PER_MINUTE;
  const end = preorderWindowEnd(nowMs).getTime();
  for (let at = Math.ceil((nowMs + PREORDER_LEAD_MINUTES * MS_PER_MINUTE) / slotMs) * slotMs; at <= end; at += slotMs) {
    if (isWithinServiceHours(serviceHours, new Date(at), timeZone)) return new Date(at);
  }
  return null;
}
