import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { zoneTimeFormatter } from '../src/modules/orders/export-format.ts';

describe('export times in a time zone', () => {
  it('writes what date-fns writes, minute by minute across offset changes and odd offsets', () => {
    const zones = ['Asia/Karachi', 'Europe/London', 'America/St_Johns', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
    // Around the 2026 spring and autumn changes of London, St John's and Lord Howe (30-minute shift).
    const starts = ['2026-03-29T00:00:00Z', '2026-10-25T00:00:00Z', '2026-03-08T03:00:00Z', '2026-04-04T14:00:00Z'];
    for (const timeZone of zones) {
      const inZone = zoneTimeFormatter(timeZone);
      for (const start of starts) {
        for (let minute = 0; minute < 240; minute += 1) {
          const instant = Date.parse(start) + minute * 60_000 + 17_000;
          expect(inZone(instant), `${timeZone} ${new Date(instant).toISOString()}`).toBe(
            format(new TZDate(instant, timeZone), 'yyyy-MM-dd HH:mm:ss'),
          );
        }
      }
    }
  });
});
