import { BULK_COLUMNS, type BulkColumn } from '@riderdesk/domain/bulk/bulk-sheet';
import ExcelJS from 'exceljs';

/** One order as a merchant types it into the template; columns left out stay empty. */
export type BulkSheetRow = Partial<Record<BulkColumn, string | number>>;

/** A row that passes every check for a vendor at the demo outlets: cash on delivery, now, near Zamzama. */
export function validBulkRow(overrides: BulkSheetRow = {}): BulkSheetRow {
  return {
    customer_name: 'Ayesha Khan',
    phone_number: '03001234567',
    address: 'House 12, Street 4, Clifton',
    latitude: 24.8148,
    longitude: 67.04,
    rider_notes: 'Ring the bell twice',
    item_description: 'Two biryani boxes',
    amount: 1500,
    payment_method: 'CASH_ON_DELIVERY',
    delivery_type: 'INSTANT',
    ...overrides,
  };
}

/**
 * The downloaded template filled in as a merchant would in Excel: the example row replaced by `rows`, every
 * column in the template's order. The one way the API tests, the end-to-end test and the benchmark make a
 * real bulk file.
 */
export async function fillTemplate(template: Uint8Array, rows: readonly BulkSheetRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(template) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  sheet.spliceRows(2, 1);
  rows.forEach((row, index) => {
    const line = sheet.getRow(index + 2);
    BULK_COLUMNS.forEach((column, position) => {
      const value = row[column];
      if (value !== undefined) line.getCell(position + 1).value = value;
    });
    line.commit();
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
