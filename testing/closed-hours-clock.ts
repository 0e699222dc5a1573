import { latestHalfPastMidnightInKarachi, shiftDate } from './clock.ts';

/**
 * Every unit suite runs with the clock inside closed service hours (Karachi 00:30, service 09:00-23:00),
 * so a test that leans on the wall clock fails at any hour, not only at night. Time still flows.
 *
 * TEST_CLOCK picks the start: unset → the latest 00:30 Karachi time before now; an ISO instant → that
 * instant; `wall` → the real clock.
 */
function startInstant(setting: string | undefined, wallNow: number): number | null {
  if (setting === 'wall') return null;
  if (!setting) return latestHalfPastMidnightInKarachi(wallNow);
  const instant = Date.parse(setting);
  if (Number.isNaN(instant)) throw new Error(`TEST_CLOCK: not an ISO instant or "wall": ${setting}`);
  return instant;
}

const wallNow = Date.now();
const start = startInstant(process.env.TEST_CLOCK, wallNow);
if (start !== null) shiftDate(start - wallNow);
