import { describe, expect, it } from 'vitest';
import {
  bucketOf,
  bucketRange,
  cancellationReasonOf,
  cancelledByOf,
  daysOfPeriod,
  histogramQuantile,
  instantsOfPeriod,
  isoWeekday,
  periodOfRange,
  periodRefusal,
  previousPeriod,
} from './figures.ts';

const ZONE = 'Asia/Karachi';

describe('histogram buckets', () => {
  it('number buckets as width_bucket does, the last one open', () => {
    expect(bucketOf('delivery', 0)).toBe(1);
    expect(bucketOf('delivery', 4.99)).toBe(1);
    expect(bucketOf('delivery', 5)).toBe(2);
    expect(bucketOf('delivery', 30)).toBe(7);
    expect(bucketRange('delivery', 7)).toEqual({ from: 30, to: 35 });
    expect(bucketOf('delivery', 1_000)).toBe(21);
    expect(bucketRange('delivery', 21)).toEqual({ from: 240, to: null });
    expect(bucketOf('pickup_wait', 4)).toBe(5);
    expect(bucketRange('pickup_wait', 5)).toEqual({ from: 4, to: 5 });
  });

  it('reads quantiles from counts, linearly within a bucket', () => {
    // 20, 30 and 50 minutes: the median is halfway into [30, 35), the 90th percentile 0.7 into [50, 55).
    const counts = new Map([
      [bucketOf('delivery', 20), 1],
      [bucketOf('delivery', 30), 1],
      [bucketOf('delivery', 50), 1],
    ]);
    expect(histogramQuantile('delivery', counts, 0.5)).toBe(32.5);
    expect(histogramQuantile('delivery', counts, 0.9)).toBe(53.5);
    expect(histogramQuantile('delivery', new Map(), 0.5)).toBeNull();
    // Everything in the open bucket: its lower bound.
    expect(histogramQuantile('delivery', new Map([[21, 4]]), 0.9)).toBe(240);
  });
});

describe('cancellations', () => {
  it('name the reason, and who cancelled', () => {
    expect(cancellationReasonOf('CANCELLED', 'mistake_error')).toBe('mistake_error');
    expect(cancellationReasonOf('CANCELLED', null)).toBe('reason_unknown');
    expect(cancellationReasonOf('PAYMENT_CANCELLED', null)).toBe('payment_cancelled');
    expect(cancellationReasonOf('STALLED', null)).toBe('stalled');
    expect(cancelledByOf('mistake_error')).toBe('merchant');
    expect(cancelledByOf('reason_unknown')).toBe('merchant');
    expect(cancelledByOf('no_courier')).toBe('logistics');
    expect(cancelledByOf('payment_cancelled')).toBe('payment');
    expect(cancelledByOf('stalled')).toBe('system');
  });
});

describe('periods in the country time zone', () => {
  // 00:30 on 10 March 2026 in Karachi is still 9 March in UTC.
  const now = new Date('2026-03-09T19:30:00Z');

  it('turn History presets into Karachi days', () => {
    expect(periodOfRange({ preset: 'Today' }, now, ZONE)).toEqual({ start: '2026-03-10', end: '2026-03-10' });
    expect(periodOfRange({ preset: 'Yesterday' }, now, ZONE)).toEqual({ start: '2026-03-09', end: '2026-03-09' });
    expect(periodOfRange({ preset: 'PastWeek' }, now, ZONE)).toEqual({ start: '2026-03-03', end: '2026-03-09' });
    expect(periodOfRange({ preset: 'Custom', start: '2026-03-01', end: null }, now, ZONE)).toBeNull();
  });

  it('compare with the period of the same length before', () => {
    expect(previousPeriod({ start: '2026-03-01', end: '2026-03-31' }, ZONE)).toEqual({
      start: '2026-01-29',
      end: '2026-02-28',
    });
    expect(daysOfPeriod({ start: '2026-02-27', end: '2026-03-02' }, ZONE)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(instantsOfPeriod({ start: '2026-03-10', end: '2026-03-10' }, ZONE)).toEqual({
      from: new Date('2026-03-09T19:00:00Z'),
      to: new Date('2026-03-10T19:00:00Z'),
    });
    expect(isoWeekday('2026-03-09')).toBe(1);
    expect(isoWeekday('2026-03-15')).toBe(7);
  });

  it('keep History’s limits', () => {
    expect(periodRefusal({ start: '2026-03-10', end: '2026-03-09' }, ZONE)).toBe('history.range.end-before-start');
    expect(periodRefusal({ start: '2026-01-01', end: '2026-04-03' }, ZONE)).toBe('history.range.too-long');
    expect(periodRefusal({ start: '2026-01-01', end: '2026-04-02' }, ZONE)).toBeNull();
  });
});
