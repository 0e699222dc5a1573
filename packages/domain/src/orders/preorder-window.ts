import { PREORDER_WINDOW_DAYS } from '../constants.ts';

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
