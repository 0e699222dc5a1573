import * as XLSX from '@e965/xlsx';
import { BULK_COLUMNS, type BulkCell, type BulkColumn } from '@riderdesk/domain/bulk/bulk-sheet';
import type { BulkRow, BulkRowError } from '@riderdesk/domain/contracts/bulk';
import { spreadsheetDayNumber, withoutBidiControls } from '../../infra/spreadsheet.ts';
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

// The template's format for the time column (template.ts): a day number read back from it is a date again.
const DATE_FORMAT = 'yyyy-mm-dd hh:mm';
// The text number format: a cell with it stays text when someone edits it, so "=…" never becomes a formula.
const TEXT_FORMAT = '@';
// A number as a merchant writes one into a text cell (a CSV's cells are all text): "1500", "+1500", "1500.50", ".5".
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** One cell of the results file, typed: text as text (type 's', text format), numbers and dates as numbers. */
function cellOf(value: BulkCell | undefined, column?: BulkColumn): XLSX.CellObject | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return column === 'scheduled_time' ? { t: 'n', v: value, z: DATE_FORMAT } : { t: 'n', v: value };
  }
  if (typeof value === 'boolean') return { t: 'b', v: value };
  // The amount is kept as written (BulkRowInput) while the template's column holds numbers: one written as a
  // plain number goes back as a number.
  if (column === 'amount' && PLAIN_NUMBER.test(value.trim())) return { t: 'n', v: Number(value.trim()) };
  // A time written as text ("2026-03-10 18:00", as the template's instructions allow) goes back as a date.
  const day = column === 'scheduled_time' ? spreadsheetDayNumber(value) : null;
  if (day !== null) return { t: 'n', v: day, z: DATE_FORMAT };
  return { t: 's', v: withoutBidiControls(value), z: TEXT_FORMAT };
}

/**
 * The uploaded rows as written, plus each row's status, problem and order id (beyond spec §7: the merchant
 * corrects the refused rows in it and uploads them again). Every cell is written as a value of its own type,
 * never as a formula: text with the text format, so a cell typed "=…" stays text even once edited, and without
 * bidi controls.
 */
export function buildResultsFile(rows: readonly BulkRowRecord[], views: readonly BulkRow[], texts: SheetTexts) {
  const header = [
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
  const sheet = XLSX.utils.aoa_to_sheet([header.map((text) => cellOf(text)), ...lines]);
  if (texts.isRightToLeft) sheet['!views'] = [{ RTL: true }];
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, texts.text('bulk.template.sheet-orders'));
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
