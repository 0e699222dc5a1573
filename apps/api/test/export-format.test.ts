import { TZDate } from '@date-fns/tz';
import { stringify } from 'csv-stringify/sync';
import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvRecord,
  type ExportCell,
  neutraliseForCsv,
  zoneTimeFormatter,
} from '../src/modules/orders/export-format.ts';

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

describe('CSV records', () => {
  // Text made of what CSV and spreadsheets treat specially, and of Urdu.
  const tricky = fc.string({
    unit: fc.constantFrom('a', 'Z', '1', ' ', ',', '"', "'", '\n', '\r', '\t', '=', '+', '-', '@', 'ز', 'ی', '•', ';'),
    maxLength: 12,
  });
  const cell: fc.Arbitrary<ExportCell> = fc.oneof(
    tricky,
    fc.constant(null),
    fc.constant(''),
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
  );

  it('writes byte for byte what csv-stringify wrote, neutralised as before', () => {
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 30 }), (cells) => {
        expect(csvRecord(cells)).toBe(stringify([cells.map(neutraliseForCsv)]));
        expect(csvRecord(cells, { neutralise: false })).toBe(stringify([cells]));
      }),
      { numRuns: 2000 },
    );
  });

  it('quotes a cell with a comma, a quote or a line break, and neutralises one that starts like a formula', () => {
    expect(csvRecord(['a,b', 'say "hi"', 'two\nlines', '=1+1', '-5', -5, null, '', 'زینب'])).toBe(
      `"a,b","say ""hi""","two\nlines",'=1+1,'-5,-5,,,زینب\n`,
    );
  });
});
