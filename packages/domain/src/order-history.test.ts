import { describe, expect, it } from 'vitest';
import {
  calendarDayInZone,
  compactSearchTerm,
  exportProgressPercent,
  HISTORY_MAX_RANGE_DAYS,
  historyPageSize,
  isExportJobPending,
  isHistoryOrder,
  isWithinHistoryLimit,
  paymentAndRefundStatus,
  resolveHistoryRange,
} from './order-history.ts';
import { matchesStatusFilter, ORDER_STATUSES, STATUS_FILTERS, statusesOfFilter } from './order-status.ts';

const KARACHI = 'Asia/Karachi';
// 00:30 on 10 March 2026 in Karachi (UTC+5).
const NOW = new Date('2026-03-09T19:30:00Z');

describe('resolveHistoryRange', () => {
  it('computes the presets in Karachi time, ending where today starts', () => {
    expect(resolveHistoryRange({ preset: 'Yesterday' }, NOW, KARACHI)).toEqual({
      ok: true,
      from: new Date('2026-03-08T19:00:00Z'),
      to: new Date('2026-03-09T19:00:00Z'),
    });
    const week = resolveHistoryRange({ preset: 'PastWeek' }, NOW, KARACHI);
    expect(week.ok && week.from.toISOString()).toBe('2026-03-02T19:00:00.000Z');
    const month = resolveHistoryRange({ preset: 'PastMonth' }, NOW, KARACHI);
    expect(month.ok && month.from.toISOString()).toBe('2026-02-07T19:00:00.000Z');
  });

  it('covers the first and the last day of a custom range whole', () => {
    expect(resolveHistoryRange({ preset: 'Custom', start: '2026-03-01', end: '2026-03-01' }, NOW, KARACHI)).toEqual({
      ok: true,
      from: new Date('2026-02-28T19:00:00Z'),
      to: new Date('2026-03-01T19:00:00Z'),
    });
  });

  it.each([
    [{ start: null, end: '2026-03-01' }, 'history.range.incomplete'],
    [{ start: '2026-03-01', end: 'not-a-day' }, 'history.range.incomplete'],
    [{ start: '2026-03-02', end: '2026-03-01' }, 'history.range.end-before-start'],
    [{ start: '2025-11-01', end: '2026-03-02' }, 'history.range.too-long'],
  ])('refuses %o with %s', (range, error) => {
    expect(resolveHistoryRange({ preset: 'Custom', ...range }, NOW, KARACHI)).toEqual({ ok: false, error });
  });

  it('accepts exactly the longest period and refuses one day more', () => {
    const ok = resolveHistoryRange({ preset: 'Custom', start: '2026-01-01', end: '2026-04-02' }, NOW, KARACHI);
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(isWithinHistoryLimit(ok.from, ok.to)).toBe(true);
    const tooLong = resolveHistoryRange({ preset: 'Custom', start: '2026-01-01', end: '2026-04-03' }, NOW, KARACHI);
    expect(tooLong.ok).toBe(false);
    expect(HISTORY_MAX_RANGE_DAYS).toBe(92);
  });
});

describe('statusesOfFilter', () => {
  it('stands for the same statuses as matchesStatusFilter, DELAYED aside (placed by its history)', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    // SCHEDULED also asks for a pre-ordered time to come: with one, the same statuses.
    const preordered_for = Date.parse('2026-03-02T10:00:00Z') / 1000;
    for (const filter of STATUS_FILTERS) {
      const statuses = statusesOfFilter(filter);
      for (const status of ORDER_STATUSES.filter((s) => s !== 'DELAYED')) {
        expect(statuses === null || statuses.includes(status)).toBe(
          matchesStatusFilter({ status, status_history: [], preordered_for }, filter, now),
        );
      }
    }
  });
});

describe('history helpers', () => {
  it('pages 30 orders, 50 with outlets (spec §9)', () => {
    expect(historyPageSize(false)).toBe(30);
    expect(historyPageSize(true)).toBe(50);
  });

  it('ignores spaces in a search term', () => {
    expect(compactSearchTerm(' 0300 123 4567 ')).toBe('03001234567');
  });

  it('takes live updates only for orders created before today', () => {
    const startOfToday = new Date('2026-03-09T19:00:00Z');
    expect(isHistoryOrder('2026-03-09T18:59:59Z', startOfToday)).toBe(true);
    expect(isHistoryOrder('2026-03-09T19:00:00Z', startOfToday)).toBe(false);
  });
});

describe('calendarDayInZone', () => {
  it('is the Karachi day, not the UTC one', () => {
    expect(calendarDayInZone(NOW, KARACHI)).toBe('2026-03-10');
  });
});

describe('e-mailed export progress', () => {
  it('is pending while queued or running, and counts whole percent of a known total', () => {
    expect(isExportJobPending('QUEUED')).toBe(true);
    expect(isExportJobPending('RUNNING')).toBe(true);
    expect(isExportJobPending('READY')).toBe(false);
    expect(isExportJobPending('FAILED')).toBe(false);
    expect(exportProgressPercent(2_000, 5_000)).toBe(40);
    expect(exportProgressPercent(4_999, 5_000)).toBe(99);
    expect(exportProgressPercent(7, 0)).toBe(100);
    expect(exportProgressPercent(10, null)).toBeNull();
  });
});

describe('payment columns of the export', () => {
  it('reads a refund as a captured payment plus the refund, and any other state as the payment alone', () => {
    expect(paymentAndRefundStatus('refunded')).toEqual({ payment: 'captured', refund: 'refunded' });
    expect(paymentAndRefundStatus('refund_failed')).toEqual({ payment: 'captured', refund: 'refund_failed' });
    expect(paymentAndRefundStatus('captured')).toEqual({ payment: 'captured', refund: null });
    expect(paymentAndRefundStatus('failed')).toEqual({ payment: 'failed', refund: null });
  });
});
