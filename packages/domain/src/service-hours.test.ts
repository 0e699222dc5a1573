import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatServiceHours, formatTimeInZone, isWithinServiceHours, parseServiceHours } from './service-hours.ts';

const KARACHI = 'Asia/Karachi';
// Karachi is UTC+5 all year.
const karachiTime = (hhmm: string) => new Date(`2024-05-01T${hhmm}:00+05:00`);

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
const minuteOfDay = fc.integer({ min: 0, max: 24 * 60 - 1 });
const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});

describe('parseServiceHours', () => {
  it.each([
    ['0900:2100', { start: 540, end: 1260 }],
    ['0000:2359', { start: 0, end: 1439 }],
    ['2200:0600', { start: 1320, end: 360 }],
    [' 0800:1700 ', { start: 480, end: 1020 }],
    ['1200:1200', { start: 720, end: 720 }],
    ['2400:0100', null],
    ['2360:0100', null],
    ['0960:1000', null],
    ['900:2100', null],
    ['09:00-21:00', null],
    ['0900-2100', null],
    ['abcd:efgh', null],
    ['', null],
  ])('%j → %j', (value, expected) => {
    expect(parseServiceHours(value)).toEqual(expected);
  });

  it('reads back every valid HHMM:HHMM', () => {
    fc.assert(
      fc.property(minuteOfDay, minuteOfDay, (start, end) => {
        expect(parseServiceHours(`${hhmm(start)}:${hhmm(end)}`)).toEqual({ start, end });
      }),
    );
  });
});

describe('isWithinServiceHours', () => {
  it.each([
    ['0900:2100', '08:59', false],
    ['0900:2100', '09:00', true],
    ['0900:2100', '20:59', true],
    ['0900:2100', '21:00', false],
    ['2200:0600', '21:59', false],
    ['2200:0600', '22:00', true],
    ['2200:0600', '00:00', true],
    ['2200:0600', '05:59', true],
    ['2200:0600', '06:00', false],
    ['2200:0600', '12:00', false],
    ['1000:1000', '03:00', true],
    ['garbage', '03:00', true],
    [null, '03:00', true],
    [undefined, '03:00', true],
    ['', '03:00', true],
  ])('%j at %s Karachi time → %s', (hours, time, expected) => {
    expect(isWithinServiceHours(hours, karachiTime(time), KARACHI)).toBe(expected);
  });

  it('compares the wall-clock time of the given zone, not of the host', () => {
    const instantAt = new Date('2024-05-01T04:30:00Z');
    expect(isWithinServiceHours('0900:1000', instantAt, KARACHI)).toBe(true);
    expect(isWithinServiceHours('0900:1000', instantAt, 'UTC')).toBe(false);
    expect(isWithinServiceHours('0400:0500', instantAt, 'UTC')).toBe(true);
  });

  it('is always open when start equals end', () => {
    fc.assert(
      fc.property(minuteOfDay, instant, (start, now) => {
        expect(isWithinServiceHours(`${hhmm(start)}:${hhmm(start)}`, now, KARACHI)).toBe(true);
      }),
    );
  });

  it('opens an overnight window exactly when the swapped daytime window is closed', () => {
    fc.assert(
      fc.property(minuteOfDay, minuteOfDay, instant, (a, b, now) => {
        fc.pre(a !== b);
        const day = `${hhmm(Math.min(a, b))}:${hhmm(Math.max(a, b))}`;
        const overnight = `${hhmm(Math.max(a, b))}:${hhmm(Math.min(a, b))}`;
        expect(isWithinServiceHours(overnight, now, KARACHI)).toBe(!isWithinServiceHours(day, now, KARACHI));
      }),
    );
  });

  it('opens a daytime window exactly for the minutes from start up to before end', () => {
    fc.assert(
      fc.property(minuteOfDay, minuteOfDay, minuteOfDay, (a, b, minute) => {
        fc.pre(a < b);
        const now = karachiTime(`${hhmm(minute).slice(0, 2)}:${hhmm(minute).slice(2)}`);
        expect(isWithinServiceHours(`${hhmm(a)}:${hhmm(b)}`, now, KARACHI)).toBe(minute >= a && minute < b);
      }),
    );
  });
});

describe('formatServiceHours', () => {
  it.each([
    ['0900:2100', { from: '09:00', to: '21:00' }],
    ['2230:0615', { from: '22:30', to: '06:15' }],
    ['0000:0000', { from: '00:00', to: '00:00' }],
    ['bad', null],
  ])('%j → %j', (hours, expected) => {
    expect(formatServiceHours(hours)).toEqual(expected);
  });
});

describe('formatTimeInZone', () => {
  it.each([
    ['2024-05-01T04:30:59Z', KARACHI, '09:30'],
    ['2024-05-01T19:05:00Z', KARACHI, '00:05'],
    ['2024-05-01T04:30:00Z', 'UTC', '04:30'],
    ['2024-05-01T04:30:00Z', 'Asia/Kathmandu', '10:15'],
  ])('%s in %s → %s', (iso, zone, expected) => {
    expect(formatTimeInZone(new Date(iso), zone)).toBe(expected);
  });
});
