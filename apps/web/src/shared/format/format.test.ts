import { afterEach, describe, expect, it, vi } from 'vitest';
import { daysFromToday, formatDateTime, formatDay, formatTime } from './format.ts';

// 24 November 2026, 19:05 UTC: 00:05 on the 25th in Karachi (UTC+5), 19:05 on the 24th in London (GMT).
const instant = Date.UTC(2026, 10, 24, 19, 5);

describe('date and time formats', () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes the country's clock, not the browser's, on a 24-hour clock in both languages", () => {
    expect(formatDateTime(instant, 'Asia/Karachi', 'en')).toBe('25 Nov 2026, 00:05');
    expect(formatDateTime(instant, 'Europe/London', 'en')).toBe('24 Nov 2026, 19:05');
    expect(formatTime(instant, 'Asia/Karachi', 'en')).toBe('00:05');
    expect(formatTime(instant, 'Asia/Karachi', 'ur_alt')).toBe('00:05');
    expect(formatDay(instant, 'Asia/Karachi', 'en')).toBe('25 Nov');
    expect(formatDateTime(instant, 'Asia/Karachi', 'ur_alt')).toMatch(/2026/);
  });

  it('counts calendar days as the country does', () => {
    expect(daysFromToday(instant, Date.UTC(2026, 10, 24, 18, 0), 'Asia/Karachi')).toBe(1);
    expect(daysFromToday(instant, Date.UTC(2026, 10, 24, 18, 0), 'Europe/London')).toBe(0);
  });

  it('makes each formatter once and keeps it for the next call', () => {
    formatDateTime(instant, 'Asia/Dubai', 'en');
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    for (let minute = 0; minute < 50; minute++) formatDateTime(instant + minute * 60_000, 'Asia/Dubai', 'en');
    expect(made).not.toHaveBeenCalled();
    expect(formatDateTime(instant, 'Asia/Dubai', 'en')).toBe('24 Nov 2026, 23:05');
  });
});
