import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nextWebhookAttempt,
  WEBHOOK_FIRST_RETRY_MS,
  WEBHOOK_MAX_RETRY_MS,
  WEBHOOK_RETRY_WINDOW_MS,
  webhookRetryDelayMs,
} from './webhook-retry.ts';

describe('webhook retry schedule', () => {
  it('doubles the wait from about 30 s, jittered within the second half of each step', () => {
    expect(webhookRetryDelayMs(1, () => 0)).toBe(WEBHOOK_FIRST_RETRY_MS / 2);
    expect(webhookRetryDelayMs(1, () => 0.999999)).toBeCloseTo(WEBHOOK_FIRST_RETRY_MS, -1);
    expect(webhookRetryDelayMs(2, () => 0)).toBe(WEBHOOK_FIRST_RETRY_MS);
    expect(webhookRetryDelayMs(3, () => 0)).toBe(2 * WEBHOOK_FIRST_RETRY_MS);
  });

  it('never waits longer than the cap, however many failures', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.double({ min: 0, max: 0.9999, noNaN: true }), (n, r) => {
        const delay = webhookRetryDelayMs(n, () => r);
        const step = Math.min(WEBHOOK_MAX_RETRY_MS, WEBHOOK_FIRST_RETRY_MS * 2 ** Math.min(n - 1, 30));
        expect(delay).toBeGreaterThanOrEqual(step / 2);
        expect(delay).toBeLessThanOrEqual(step);
      }),
    );
  });

  it('keeps retrying for a day after the first attempt and then gives up', () => {
    const first = new Date('2026-03-10T08:00:00Z');
    for (const random of [() => 0, () => 0.5, () => 0.9999]) {
      let now = first;
      let failures = 0;
      let next: Date | null = first;
      while (next) {
        failures++;
        now = next;
        next = nextWebhookAttempt({ failedAttempts: failures, firstAttemptAt: first, now, random });
        if (next) expect(next.getTime()).toBeGreaterThan(now.getTime());
      }
      // The last attempt lies within the day, and the one after would not have.
      expect(now.getTime() - first.getTime()).toBeLessThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
      expect(now.getTime() - first.getTime()).toBeGreaterThan(WEBHOOK_RETRY_WINDOW_MS - WEBHOOK_MAX_RETRY_MS);
      expect(failures).toBeGreaterThan(10);
      expect(failures).toBeLessThan(30);
    }
  });
});
