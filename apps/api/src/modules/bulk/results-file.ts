import { BULK_COLUMNS, type BulkCell, type BulkColumn } from '@riderdesk/domain/bulk/bulk-sheet';
import type { BulkRow, BulkRowError } from '@riderdesk/domain/contracts/bulk';
import { spreadsheetDayNumber } from '../../infra/spreadsheet.ts';
import { type XlsxCell, xlsxStream } from '../orders/xlsx-stream.ts';
import type { BulkRowRecord } from './repo.ts';
import type { SheetTexts } from './sheet-texts.ts';

/** A row's problems in the merchant's words, as the browser words them (features/bulk/bulk-rules.ts). */
function problemText(row: BulkRow, texts: SheetTexts): string {
  const errors = row.errors.length > 0 ? row.errors : row.error ? [row.error] : [];
  const textOf = (error: BulkRowError) => {
    const values = error.values ?? {};
    const sheetWording = `bulk.row-errors.${error.key}`;
    if (texts.has(sheetWording)) return texts.text(sheetWording, values);
    return texts.has(error.key) ? texts.text(error.key, values) : texts.text('bulk.error.invalid-value');
  };
  return errors.map(textOf).join(texts.isRightToLeft ? '؛ ' : '; ');
}

// A number as a merchant writes one into a text cell (a CSV's cells are all text): "1500", "+1500", "1500.50", ".5".
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * One cell of the results file, typed: text as text, numbers as numbers, and the time column as a date in the
 * template's format (yyyy-mm-dd hh:mm), so a day number read back from it is a date again.
 */
function cellOf(value: BulkCell | undefined, column?: BulkColumn): XlsxCell {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return column === 'scheduled_time' ? { day: value } : value;
  }
  if (typeof value === 'boolean') return value;
  // The amount is kept as written (BulkRowInput) while the template's column holds numbers: one written as a
  // plain number goes back as a number.
  if (column === 'amount' && PLAIN_NUMBER.test(value.trim())) return Number(value.trim());
  // A time written as text ("2026-03-10 18:00", as the template's instructions allow) goes back as a date.
  const day = column === 'scheduled_time' ? spreadsheetDayNumber(value) : null;
  return day !== null ? { day } : value;
}

const RESULT_WIDTHS: Partial<Record<BulkColumn, number>> = { customer_name: 22, address: 40, rider_notes: 28 };

/**
 * The uploaded rows as written, plus each row's status, problem and order id (beyond spec §7: the merchant
 * corrects the refused rows in it and uploads them again). Every cell is written as a value of its own type,
 * never as a formula: text with the text format, so a cell typed "=…" stays text even once edited, and without
 * bidi controls.
 */
export async function buildResultsFile(
  rows: readonly BulkRowRecord[],
  views: readonly BulkRow[],
  texts: SheetTexts,
): Promise<Buffer> {
  const headings = [
    texts.text('bulk.results.row'),
    ...BULK_COLUMNS.map((column) => texts.headers[column]),
    texts.text('bulk.results.status'),
    texts.text('bulk.results.problem'),
    texts.text('bulk.results.order'),
  ];
  const lines = rows.map((row, index) => {
    const view = views[index]!;
    return [
      cellOf(row.row_number),
      ...BULK_COLUMNS.map((column) => cellOf(row.input[column], column)),
      cellOf(texts.text(`bulk.row-status.${row.status}`)),
      cellOf(problemText(view, texts)),
      cellOf(row.order_id),
    ];
  });
  const file = xlsxStream(
    {
      name: texts.text('bulk.template.sheet-orders'),
      headings,
      widths: [8, ...BULK_COLUMNS.map((column) => RESULT_WIDTHS[column] ?? 16), 14, 48, 20],
      rightToLeft: texts.isRightToLeft,
      isTextFormatted: true,
    },
    (async function* () {
      yield lines;
    })(),
  );
  return Buffer.concat(await file.toArray());
}
