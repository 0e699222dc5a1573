/**
 * When a failed webhook delivery is tried again (issue 35, decision 152): exponential back-off with jitter,
 * for at most a day after the first attempt. Pure: the caller passes the instants and the random source.
 */

/** The first retry waits about this long; each later one about twice the one before. */
export const WEBHOOK_FIRST_RETRY_MS = 30_000;
/** No single wait is longer than this. */
export const WEBHOOK_MAX_RETRY_MS = 4 * 60 * 60_000;
/** No attempt is made later than this after the first. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;
/** After this many failed attempts in a row, over all its deliveries, an endpoint is disabled. */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 50;

/**
 * The wait after the `failedAttempts`-th failure (1 for the first): the exponential step, capped, of which
 * the second half is random ("equal jitter"), so receivers coming back after an outage are not hit at once.
 * `random` answers in [0, 1).
 */
export function webhookRetryDelayMs(failedAttempts: number, random: () => number): number {
  const exponent = Math.max(0, Math.min(failedAttempts - 1, 30));
  const step = Math.min(WEBHOOK_MAX_RETRY_MS, WEBHOOK_FIRST_RETRY_MS * 2 ** exponent);
  return Math.round(step / 2 + random() * (step / 2));
}

/** The instant of the next attempt, or null when it would fall outside the retry window: the delivery has failed. */
export function nextWebhookAttempt(input: {
  failedAttempts: number;
  firstAttemptAt: Date;
  now: Date;
  random: () => number;
}): Date | null {
  const at = input.now.getTime() + webhookRetryDelayMs(input.failedAttempts, input.random);
  return at - input.firstAttemptAt.getTime() > WEBHOOK_RETRY_WINDOW_MS ? null : new Date(at);
}
