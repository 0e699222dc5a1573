import { TZDate } from '@date-fns/tz';
import { differenceInCalendarDays } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATE_PRESET_DAYS } from './constants.ts';
import {
  DATE_PRESETS,
  DEFAULT_DATE_PRESET,
  presetRange,
  startOfDayDaysAgoInZone,
  startOfTodayInZone,
} from './date-presets.ts';

const KARACHI = 'Asia/Karachi';
const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});

describe('DATE_PRESETS', () => {
  it('lists Today and the four options of spec §4 and defaults to yesterday', () => {
    expect(DATE_PRESETS).toEqual(['Today', 'Yesterday', 'PastWeek', 'PastMonth', 'Custom']);
    expect(DEFAULT_DATE_PRESET).toBe('Yesterday');
  });
});

describe('startOfTodayInZone', () => {
  it.each([
    // 02:00 in Karachi on 1 May, still 30 April in UTC.
    ['2024-04-30T21:00:00Z', KARACHI, '2024-04-30T19:00:00.000Z'],
    ['2024-04-30T18:59:59Z', KARACHI, '2024-04-29T19:00:00.000Z'],
    ['2024-04-30T19:00:00Z', KARACHI, '2024-04-30T19:00:00.000Z'],
    ['2024-04-30T21:00:00Z', 'UTC', '2024-04-30T00:00:00.000Z'],
    ['2024-03-31T12:00:00Z', 'Europe/Berlin', '2024-03-30T23:00:00.000Z'],
  ])('%s in %s → %s', (now, zone, expected) => {
    expect(startOfTodayInZone(new Date(now), zone).toISOString()).toBe(expected);
  });
});

describe('presetRange', () => {
  // 02:00 on 1 May 2024 in Karachi.
  const now = new Date('2024-04-30T21:00:00Z');

  it.each([
    ['Yesterday', '2024-04-29T19:00:00.000Z', '2024-04-30T19:00:00.000Z'],
    ['PastWeek', '2024-04-23T19:00:00.000Z', '2024-04-30T19:00:00.000Z'],
    ['PastMonth', '2024-03-31T19:00:00.000Z', '2024-04-30T19:00:00.000Z'],
  ] as const)('%s in Karachi → [%s, %s)', (preset, from, to) => {
    const range = presetRange(preset, now, KARACHI);
    expect([range.from.toISOString(), range.to.toISOString()]).toEqual([from, to]);
  });

  it('Today runs from this morning’s local midnight to the next one', () => {
    const range = presetRange('Today', now, KARACHI);
    expect([range.from.toISOString(), range.to.toISOString()]).toEqual([
      '2024-04-30T19:00:00.000Z',
      '2024-05-01T19:00:00.000Z',
    ]);
  });

  it('keeps boundaries at local midnight across a daylight-saving change', () => {
    const range = presetRange('PastWeek', new Date('2024-04-02T10:00:00Z'), 'Europe/Berlin');
    expect(range.from.toISOString()).toBe('2024-03-25T23:00:00.000Z');
    expect(range.to.toISOString()).toBe('2024-04-01T22:00:00.000Z');
  });

  it.each([
    // Pakistan moved its clocks from 00:00 to 01:00 on 1 June 2008: that day starts at 01:00.
    [
      'on the day of a skipped midnight',
      'Yesterday',
      '2008-06-01T06:00:00Z',
      KARACHI,
      '2008-05-30T19:00:00.000Z',
      '2008-05-31T19:00:00.000Z',
    ],
    [
      'day after a skipped midnight',
      'Yesterday',
      '2008-06-01T20:00:00Z',
      KARACHI,
      '2008-05-31T19:00:00.000Z',
      '2008-06-01T18:00:00.000Z',
    ],
    [
      '30 days back to a skipped midnight',
      'PastMonth',
      '2008-07-01T12:00:00Z',
      KARACHI,
      '2008-05-31T19:00:00.000Z',
      '2008-06-30T18:00:00.000Z',
    ],
    // São Paulo skipped midnight on 4 November 2018.
    [
      'week back to a skipped midnight',
      'PastWeek',
      '2018-11-11T15:00:00Z',
      'America/Sao_Paulo',
      '2018-11-04T03:00:00.000Z',
      '2018-11-11T02:00:00.000Z',
    ],
  ] as const)('%s', (_name, preset, at, zone, from, to) => {
    const range = presetRange(preset, new Date(at), zone);
    expect([range.from.toISOString(), range.to.toISOString()]).toEqual([from, to]);
  });

  const zones = ['Asia/Karachi', 'Europe/Berlin', 'America/Sao_Paulo', 'Asia/Kathmandu', 'Pacific/Chatham'];

  it.each(['Yesterday', 'PastWeek', 'PastMonth'] as const)(
    '%s covers its number of whole local days and ends where today starts, in any zone',
    (preset) => {
      fc.assert(
        fc.property(instant, fc.constantFrom(...zones), (at, zone) => {
          const range = presetRange(preset, at, zone);
          expect(range.to.getTime()).toBe(startOfTodayInZone(at, zone).getTime());
          expect(startOfTodayInZone(range.from, zone).getTime()).toBe(range.from.getTime());
          expect(differenceInCalendarDays(new TZDate(range.to, zone), new TZDate(range.from, zone))).toBe(
            DATE_PRESET_DAYS[preset],
          );
        }),
      );
    },
  );

  it('uses 24-hour days in Karachi since Pakistan stopped daylight saving', () => {
    const recent = fc.date({
      min: new Date('2010-01-01T00:00:00Z'),
      max: new Date('2100-01-01T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(recent, (at) => {
        const range = presetRange('PastMonth', at, KARACHI);
        expect(range.to.getTime() - range.from.getTime()).toBe(30 * 86_400_000);
        expect(at.getTime() - range.to.getTime()).toBeLessThan(86_400_000);
      }),
    );
  });
});

describe('startOfDayDaysAgoInZone', () => {
  it('is local midnight of the day N days back in the zone', () => {
    // 2026-03-31 02:00 in Karachi (UTC+5) is 2026-03-30 21:00 UTC.
    const now = new Date('2026-03-30T21:00:00Z');
    expect(startOfDayDaysAgoInZone(now, 30, 'Asia/Karachi').toISOString()).toBe('2026-02-28T19:00:00.000Z');
  });
});
