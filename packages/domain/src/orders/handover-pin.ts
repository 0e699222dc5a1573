// The handover PIN (issue 37, decision 175): four digits the customer gives the rider at the door; the rider API
// refuses `delivered` without them, and a few wrong tries lock the order into an exception for a person to solve.

export const HANDOVER_PIN_LENGTH = 4;

/** Wrong PINs a rider may give for one order; the last one locks it (an exception the operators see). */
export const HANDOVER_PIN_TRIES = 3;

export const HANDOVER_PIN_PATTERN = /^\d{4}$/;

export const isHandoverPin = (text: string): boolean => HANDOVER_PIN_PATTERN.test(text);

/** Tries a rider has left after `attempts` wrong PINs (never below zero). */
export const pinTriesLeft = (attempts: number): number => Math.max(0, HANDOVER_PIN_TRIES - attempts);

/** The exceptions an order can be flagged with, for the operators to solve (the console lists them). */
export const ORDER_EXCEPTION_KINDS = ['handover_pin_failed'] as const;
export type OrderExceptionKind = (typeof ORDER_EXCEPTION_KINDS)[number];

/** What a PIN given at the door does: nothing to check, right, missing, wrong (with tries left), or locked. */
export type PinCheck =
  | { kind: 'none' }
  | { kind: 'right' }
  | { kind: 'missing' }
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'locked' };

/**
 * Judges a PIN given at the door against the order's: an order without one, or already checked, needs none; an
 * order out of tries is locked whatever is given; a missing PIN is no try. `isSame` compares in constant time.
 */
export function judgeHandoverPin(
  order: { pin: string | null; attempts: number; checkedAt: Date | null },
  given: string | undefined,
  isSame: (a: string, b: string) => boolean,
): Exclude<PinCheck, { kind: 'wrong' }> | { kind: 'wrong' } {
  if (order.pin === null || order.checkedAt !== null) return { kind: 'none' };
  if (order.attempts >= HANDOVER_PIN_TRIES) return { kind: 'locked' };
  if (given === undefined) return { kind: 'missing' };
  return isSame(given, order.pin) ? { kind: 'right' } : { kind: 'wrong' };
}
