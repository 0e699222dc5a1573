import { describe, expect, it } from 'vitest';
import { fromQuietHours, QUIET_TIMES, toQuietHours } from './quiet-hours.ts';

describe('quiet hours on the settings page', () => {
  it("reads and writes the server's HHMM:HHMM", () => {
    expect(fromQuietHours('2200:0830')).toEqual({ from: '22:00', to: '08:30' });
    expect(fromQuietHours(null)).toBeNull();
    expect(toQuietHours('22:00', '08:30')).toBe('2200:0830');
    expect(toQuietHours('08:00', '08:00')).toBeNull();
  });

  it('offers every half hour of the day', () => {
    expect(QUIET_TIMES).toHaveLength(48);
    expect(QUIET_TIMES[0]).toBe('00:00');
    expect(QUIET_TIMES.at(-1)).toBe('23:30');
  });
});
