import {
  BULK_COLUMNS,
  BULK_DELIVERY_TYPES,
  BULK_REQUIRED_COLUMNS,
  type BulkColumn,
} from '@riderdesk/domain/bulk/bulk-sheet';
import { BULK_OFFERED_PAYMENT_TYPES } from '@riderdesk/domain/constants';
import ExcelJS from 'exceljs';
import { columnName } from '../../infra/spreadsheet.ts';
import type { SheetTexts } from './sheet-texts.ts';

/** Rows of the template that carry the drop-downs: far more than anyone types by hand. */
const VALIDATED_ROWS = 5000;

const WIDTHS: Partial<Record<BulkColumn, number>> = {
  customer_name: 22,
  phone_number: 18,
  address: 44,
  rider_notes: 30,
  item_description: 30,
  payment_method: 22,
  delivery_type: 16,
  scheduled_time: 20,
  collection_point_id: 20,
  age_check: 16,
  handover_pin: 16,
};

// Phone numbers, ids and units are text: Excel would drop a phone's leading zero.
const TEXT_COLUMNS: readonly BulkColumn[] = ['phone_number', 'unit', 'building', 'collection_point_id'];

const listOf = (values: readonly string[]) => [`"${values.join(',')}"`];

/**
 * spec §7 GET /bulk-job/example-file: the template named Template, written by the product. The first sheet
 * holds the columns in the merchant's language, an example row and drop-downs for the fixed choices; the
 * second explains every column. exceljs writes it because it writes data validation (decision 050).
 */
export async function buildTemplate(texts: SheetTexts, example: { collectionPointId: string }): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Riderdesk';
  const sheet = workbook.addWorksheet(texts.text('bulk.template.sheet-orders'), {
    views: [{ state: 'frozen', ySplit: 1, rightToLeft: texts.isRightToLeft }],
  });
  sheet.columns = BULK_COLUMNS.map((column) => ({
    header: BULK_REQUIRED_COLUMNS.includes(column) ? `${texts.headers[column]} *` : texts.headers[column],
    key: column,
    width: WIDTHS[column] ?? 14,
    style: TEXT_COLUMNS.includes(column)
      ? { numFmt: '@' }
      : column === 'scheduled_time'
        ? { numFmt: 'yyyy-mm-dd hh:mm' }
        : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8590C' } };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.height = 30;

  sheet.addRow({
    customer_name: 'Ayesha Khan',
    phone_number: '03001234567',
    address: 'Zamzama Commercial, DHA Phase 5, Karachi',
    unit: 'Flat 3',
    building: 'Sea Breeze Tower',
    rider_notes: texts.text('bulk.template.example-notes'),
    item_description: texts.text('bulk.template.example-item'),
    amount: 1500,
    payment_method: 'CASH_ON_DELIVERY',
    delivery_type: 'INSTANT',
    collection_point_id: example.collectionPointId,
    age_check: texts.text('bulk.template.no'),
  });

  // exceljs 4.4 keeps range validations in `dataValidations` (one entry per range in the file) but does not
  // declare it in its types.
  const validations = (
    sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }
  ).dataValidations;
  const letter = (column: BulkColumn) => columnName(BULK_COLUMNS.indexOf(column));
  const range = (column: BulkColumn) => `${letter(column)}2:${letter(column)}${VALIDATED_ROWS}`;
  const choice = (column: BulkColumn, values: readonly string[], error: string) =>
    validations.add(range(column), {
      type: 'list',
      allowBlank: true,
      formulae: listOf(values),
      showErrorMessage: true,
      errorStyle: 'stop',
      errorTitle: texts.headers[column],
      error: texts.text(error),
    });
  choice('payment_method', BULK_OFFERED_PAYMENT_TYPES, 'bulk.template.choose-payment');
  choice('delivery_type', BULK_DELIVERY_TYPES, 'bulk.template.choose-delivery');
  choice(
    'age_check',
    [texts.text('bulk.template.yes'), texts.text('bulk.template.no')],
    'bulk.template.choose-age-check',
  );
  choice(
    'handover_pin',
    [texts.text('bulk.template.yes'), texts.text('bulk.template.no')],
    'bulk.template.choose-handover-pin',
  );
  validations.add(range('amount'), {
    type: 'decimal',
    operator: 'greaterThanOrEqual',
    allowBlank: true,
    formulae: [0],
    showErrorMessage: true,
    errorTitle: texts.headers.amount,
    error: texts.text('bulk.template.amount-number'),
  });

  const instructions = workbook.addWorksheet(texts.text('bulk.template.sheet-instructions'), {
    views: [{ rightToLeft: texts.isRightToLeft }],
  });
  instructions.columns = [
    { header: texts.text('bulk.template.column'), key: 'column', width: 28 },
    { header: texts.text('bulk.template.required'), key: 'required', width: 14 },
    { header: texts.text('bulk.template.how'), key: 'how', width: 90 },
  ];
  instructions.getRow(1).font = { bold: true };
  for (const column of BULK_COLUMNS) {
    instructions.addRow({
      column: texts.headers[column],
      required: texts.text(BULK_REQUIRED_COLUMNS.includes(column) ? 'bulk.template.yes' : 'bulk.template.no'),
      how: texts.text(`bulk.template.help.${column}`),
    });
  }
  instructions.addRow({});
  for (const key of ['one-row', 'checked', 'limit'] as const) {
    instructions.addRow({ column: texts.text(`bulk.template.notes.${key}`) });
  }
  instructions.getColumn('how').alignment = { wrapText: true, vertical: 'top' };

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
