import * as XLSX from '@e965/xlsx';
import { BULK_COLUMNS } from '@riderdesk/domain/bulk/bulk-sheet';
import type { BulkRow } from '@riderdesk/domain/contracts/bulk';
import type { BulkRowRecord } from './repo.ts';
import type { SheetTexts } from './sheet-texts.ts';

/** A row's problem in the merchant's words, as the browser words it (features/bulk/bulk-rules.ts). */
function problemText(row: BulkRow, texts: SheetTexts): string {
  if (!row.error) return '';
  const values = row.error.values ?? {};
  const sheetWording = `bulk.row-errors.${row.error.key}`;
  if (texts.has(sheetWording)) return texts.text(sheetWording, values);
  return texts.has(row.error.key) ? texts.text(row.error.key, values) : texts.text('bulk.error.invalid-value');
}

/**
 * The uploaded rows as written, plus each row's status, problem and order id (beyond spec §7: the merchant
 * corrects the refused rows in it and uploads them again). Every cell is written as a value of its own type,
 * never as a formula, so a cell typed "=…" stays text.
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
      row.row_number,
      ...BULK_COLUMNS.map((column) => {
        const value = row.input[column];
        return value === null || (typeof value === 'number' && Number.isNaN(value)) ? '' : value;
      }),
      texts.text(`bulk.row-status.${row.status}`),
      problemText(view, texts),
      row.order_id ?? '',
    ];
  });
  const sheet = XLSX.utils.aoa_to_sheet([header, ...lines]);
  if (texts.isRightToLeft) sheet['!views'] = [{ RTL: true }];
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, texts.text('bulk.template.sheet-orders'));
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
