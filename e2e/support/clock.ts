import { latestHalfPastMidnightInKarachi } from '../../testing/clock.ts';

/**
 * The end-to-end servers and browsers run at night in Karachi (00:30, service hours 09:00-23:00), so
 * every journey passes at any hour and the closed-hours path is tried on every run.
 */
/**
 * Set once by playwright.config.ts (workers re-read it from the environment): the instant the servers'
 * clocks start at (CLOCK_AT), and the real time it was taken at.
 */
export function e2eClock(): { startAt: string; takenAt: number } {
  process.env.E2E_CLOCK_TAKEN_AT ??= String(Date.now());
  process.env.E2E_CLOCK_AT ??= new Date(
    latestHalfPastMidnightInKarachi(Number(process.env.E2E_CLOCK_TAKEN_AT)),
  ).toISOString();
  return { startAt: process.env.E2E_CLOCK_AT, takenAt: Number(process.env.E2E_CLOCK_TAKEN_AT) };
}

/** What the servers' clocks read now (they started a few seconds after the clock was taken; close enough). */
export function serverNow(): number {
  const { startAt, takenAt } = e2eClock();
  return Date.parse(startAt) + (Date.now() - takenAt);
}
