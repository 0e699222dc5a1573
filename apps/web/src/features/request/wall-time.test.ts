import { describe, expect, it } from 'vitest';
import { preorderDays, preorderWindow, wallTimeInZone, zonedWallTimeToEpochMs } from './wall-time.ts';

const HOUR = 60 * 60 * 1000;

// The product's first zone has no daylight saving; a deployment's may. These zones change their offset.
describe('wall time in zones that change their offset', () => {
  it('reads a wall time on either side of a change as the instant it names', () => {
    expect(zonedWallTimeToEpochMs('2026-03-29 00:30:00', 'Europe/London')).toBe(Date.UTC(2026, 2, 29, 0, 30));
    expect(zonedWallTimeToEpochMs('2026-03-29 02:30:00', 'Europe/London')).toBe(Date.UTC(2026, 2, 29, 1, 30));
    expect(zonedWallTimeToEpochMs('2026-11-01 00:30:00', 'America/New_York')).toBe(Date.UTC(2026, 10, 1, 4, 30));
    expect(zonedWallTimeToEpochMs('2026-11-01 03:00:00', 'America/New_York')).toBe(Date.UTC(2026, 10, 1, 8, 0));
    expect(zonedWallTimeToEpochMs('2026-04-05 12:00', 'Australia/Lord_Howe')).toBe(Date.UTC(2026, 3, 5, 1, 30));
  });

  it('reads a wall time a spring change skips as the same time after the change, and a repeated one as one of its two instants', () => {
    // 01:30 does not exist in London on 29 March: the clock goes from 01:00 to 02:00, so it is 02:30 summer time.
    expect(zonedWallTimeToEpochMs('2026-03-29 01:30:00', 'Europe/London')).toBe(Date.UTC(2026, 2, 29, 1, 30));
    expect(zonedWallTimeToEpochMs('2026-03-08 02:30:00', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 7, 30));
    expect([Date.UTC(2026, 9, 25, 0, 30), Date.UTC(2026, 9, 25, 1, 30)]).toContain(
      zonedWallTimeToEpochMs('2026-10-25 01:30:00', 'Europe/London'),
    );
    expect([Date.UTC(2026, 10, 1, 5, 30), Date.UTC(2026, 10, 1, 6, 30)]).toContain(
      zonedWallTimeToEpochMs('2026-11-01 01:30:00', 'America/New_York'),
    );
  });

  it('shows an instant as the zone clock shows it, before and after a change', () => {
    expect(wallTimeInZone(Date.UTC(2026, 2, 29, 0, 59, 59), 'Europe/London')).toBe('2026-03-29 00:59:59');
    expect(wallTimeInZone(Date.UTC(2026, 2, 29, 1, 0, 0), 'Europe/London')).toBe('2026-03-29 02:00:00');
    expect(wallTimeInZone(Date.UTC(2026, 9, 25, 0, 30), 'Europe/London')).toBe('2026-10-25 01:30:00');
    expect(wallTimeInZone(Date.UTC(2026, 9, 25, 1, 30), 'Europe/London')).toBe('2026-10-25 01:30:00');
  });

  it('round-trips every half hour across a spring and an autumn change', () => {
    for (const zone of ['Europe/London', 'America/New_York', 'Asia/Karachi', 'Australia/Lord_Howe']) {
      for (const start of [Date.UTC(2026, 2, 28), Date.UTC(2026, 9, 24), Date.UTC(2026, 3, 4)]) {
        for (let at = start; at < start + 72 * HOUR; at += HOUR / 2) {
          const wall = wallTimeInZone(at, zone);
          const back = zonedWallTimeToEpochMs(wall, zone);
          // An hour the autumn change repeats names two instants; either shows the same wall time.
          expect(back === null ? null : wallTimeInZone(back, zone), `${zone} ${new Date(at).toISOString()}`).toBe(wall);
        }
      }
    }
  });

  it('lists each pre-order day once, with its noon, across a change', () => {
    const now = Date.UTC(2026, 2, 28, 10, 0);
    expect(preorderDays(now, 'Europe/London')).toEqual([
      { date: '2026-03-28', noon: Date.UTC(2026, 2, 28, 12) },
      { date: '2026-03-29', noon: Date.UTC(2026, 2, 29, 11) },
      { date: '2026-03-30', noon: Date.UTC(2026, 2, 30, 11) },
    ]);
    expect(preorderWindow(now, 'Europe/London')).toEqual({ min: '2026-03-28 10:00:00', max: '2026-03-30 11:00:00' });
  });
});
