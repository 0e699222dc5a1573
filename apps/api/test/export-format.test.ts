import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRecord, type ExportCell, exportTime, neutraliseForCsv, runsAsFormula } from '../src/infra/spreadsheet.ts';
import { EXPORT_COLUMNS, exportColumnWidths } from '../src/modules/orders/export-format.ts';

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

  it('leaves out bidi controls, so a cell reads in the order it was typed, and neutralises what they hid', () => {
    expect(csvRecord(['Invoice \u202Efdp.exe\u202C', '\u2067=1+1\u2069', 'زینب\u200F'])).toBe(
      "Invoice fdp.exe,'=1+1,زینب\n",
    );
  });

  it('quotes a cell with a comma, a quote or a line break, and neutralises one that starts like a formula', () => {
    expect(csvRecord(['a,b', 'say "hi"', 'two\nlines', '=1+1', '-5-5', -5, null, '', 'زینب'])).toBe(
      `"a,b","say ""hi""","two\nlines",'=1+1,'-5-5,-5,,,زینب\n`,
    );
  });

  it('leaves numbers and phone numbers that start with + or - alone, and writes a time as its text', () => {
    expect(csvRecord(['+923001234567', '-5', '+1.5', '-.5', exportTime('2026-03-09 23:59:00'), exportTime(null)])).toBe(
      '+923001234567,-5,+1.5,-.5,2026-03-09 23:59:00,\n',
    );
    // Text around a number, or a phone with something after it, still runs as a formula and is neutralised.
    expect(csvRecord(['+92300-1', '-5+cmd|calc', '+923001234567;x', '+1e5', '\t5', '@5'])).toBe(
      "'+92300-1,'-5+cmd|calc,'+923001234567;x,'+1e5,'\t5,'@5\n",
    );
    expect(runsAsFormula('+923001234567')).toBe(false);
    expect(runsAsFormula('=1')).toBe(true);
  });
});

describe('export column widths', () => {
  it('fit what a column holds, widen for a long heading, and stop at 40', () => {
    const headings = EXPORT_COLUMNS.map(() => 'ID');
    headings[EXPORT_COLUMNS.indexOf('rider')] = 'The rider who collected and delivered it';
    headings[EXPORT_COLUMNS.indexOf('status')] = 'Status of the order now';
    const widths = exportColumnWidths(headings);
    expect(widths).toHaveLength(EXPORT_COLUMNS.length);
    expect(widths[EXPORT_COLUMNS.indexOf('created_at')]).toBeGreaterThanOrEqual('2026-03-09 17:00:00'.length);
    expect(widths[EXPORT_COLUMNS.indexOf('status')]).toBe('Status of the order now'.length + 2);
    expect(widths[EXPORT_COLUMNS.indexOf('rider')]).toBe(40);
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(12);
  });
});
