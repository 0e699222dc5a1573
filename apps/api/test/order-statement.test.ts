import { inflateSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, createVendor, type Merchant, uniqueId } from './support/factories.ts';
import { placeOrder, translationKey } from './support/orders.ts';

/** The text a PDF shows: its content streams inflated, the hex strings of each TJ/Tj joined (pdfkit's way). */
function pdfText(pdf: Buffer): string {
  const text: string[] = [];
  const source = pdf.toString('latin1');
  // Each stream's bytes as its dictionary's /Length counts them: compressed bytes may end in a carriage return.
  const streams = /\/Length (\d+)[^>]*>>\s*stream\r?\n/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    let content: string;
    try {
      const start = match.index + match[0].length;
      content = inflateSync(pdf.subarray(start, start + Number(match[1]))).toString('latin1');
    } catch {
      continue;
    }
    for (const shown of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hex = shown[1] ? [...shown[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join('') : shown[2]!;
      text.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return text.join('\n');
}

/** Each piece of text a PDF shows (Latin text; an embedded font's glyph ids read as bytes) and where it starts. */
function pdfPieces(pdf: Buffer): { text: string; x: number; y: number }[] {
  const pieces: { text: string; x: number; y: number }[] = [];
  const source = pdf.toString('latin1');
  const streams = /\/Length (\d+)[^>]*>>\s*stream\r?\n/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    let content: string;
    try {
      const start = match.index + match[0].length;
      content = inflateSync(pdf.subarray(start, start + Number(match[1]))).toString('latin1');
    } catch {
      continue;
    }
    // pdfkit writes each piece as "1 0 0 1 x y Tm" then its hex strings; y counts up from the foot of the A4
    // landscape page, and is given here from its top.
    for (const shown of content.matchAll(/([\d.-]+) ([\d.-]+) Tm\s*(?:\/\S+ [\d.]+ Tf\s*)?\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...shown[3]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join('');
      const y = Math.round((595.28 - Number(shown[2])) * 100) / 100;
      pieces.push({ text: Buffer.from(hex, 'hex').toString('latin1'), x: Number(shown[1]), y });
    }
  }
  return pieces;
}

describe.each(databases())('monthly statement on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let stranger: Merchant;
  let outletId: string;
  let template: string;

  // Each request from its own address: the route's per-client limit is not what these tests are about.
  let client = 0;
  const statement = (query: Record<string, string>, who = merchant, vendorId = merchant.vendorId) =>
    t.app.inject({
      method: 'GET',
      remoteAddress: `10.1.0.${++client}`,
      url: `/api/v1/vendor/${vendorId}/statement?${new URLSearchParams(query)}`,
      headers: who.headers,
    });

  /** One order of `vendorId` as the statement reads it, copied from a real one. */
  async function order(values: {
    id: string;
    vendorId?: string;
    status: string;
    at: string;
    fee: number;
    discount?: number;
    amount?: number;
    payment?: string;
    vat?: string | null;
  }) {
    await t.db.query(
      `insert into orders (order_id, vendor_id, tracking_token, status, created_at, updated_at, currency,
         delivery_fee_minor, discount_minor, distance_m, customer_name, customer_phone, customer_address,
         customer_latitude, customer_longitude, pickup_latitude, pickup_longitude, amount_minor, description,
         payment_method, vat_number)
       select $2, $3, md5($2), $4, $5, $5, o.currency, $6, $7, o.distance_m, 'زینب علی', o.customer_phone,
              o.customer_address, o.customer_latitude, o.customer_longitude, o.pickup_latitude, o.pickup_longitude,
              $8, o.description, $9, $10
         from orders o where o.order_id = $1`,
      [
        template,
        values.id,
        values.vendorId ?? merchant.vendorId,
        values.status,
        values.at,
        values.fee,
        values.discount ?? 0,
        values.amount ?? 0,
        values.payment ?? 'CASH_ON_DELIVERY',
        values.vat ?? null,
      ],
    );
  }

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t, { is_parent: true });
    stranger = await createMerchant(t);
    outletId = uniqueId('outlet');
    await createVendor(t.db, { vendor_id: outletId, parent_vendor_id: merchant.vendorId, name: 'صدر برانچ' });
    template = await placeOrder(t, merchant);
    // The template itself is NEW: the statement leaves it out.
    await order({
      id: 'ST-A',
      status: 'DELIVERED',
      at: '2026-03-01T10:00:00Z',
      fee: 10_000,
      discount: 2_000,
      amount: 150_000,
      vat: '=1+2',
    });
    await order({ id: 'ST-B', status: 'RETURNED_TO_VENDOR', at: '2026-03-05T10:00:00Z', fee: 10_000, amount: 90_000 });
    await order({ id: 'ST-C', status: 'CANCELLED', at: '2026-03-06T10:00:00Z', fee: 10_000, amount: 90_000 });
    // 23:30 on 28 February in Karachi: February's.
    await order({ id: 'ST-D', status: 'DELIVERED', at: '2026-02-28T18:30:00Z', fee: 7_000, amount: 10_000 });
    // 00:30 on 1 March in Karachi: March's.
    await order({
      id: 'ST-E',
      vendorId: outletId,
      status: 'DELIVERED',
      at: '2026-02-28T19:30:00Z',
      fee: 5_000,
      amount: 40_000,
      payment: 'PAID',
    });
  });
  afterAll(() => t.close());

  it('totals a parent’s month with its outlets as XLSX: fees, discounts, cash collected, subtotals', async () => {
    const response = await statement({ month: '2026-03', format: 'xlsx', include_outlets: 'true' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="statement-${merchant.vendorId}-2026-03.xlsx"`,
    );
    const book = XLSX.read(response.rawPayload, { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    expect(Object.values(sheet).filter((cell) => (cell as XLSX.CellObject).f !== undefined)).toEqual([]);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: false });
    const headingAt = rows.findIndex((row) => row[0] === 'Order ID');
    expect(rows[headingAt]).toEqual([
      'Order ID',
      'Created',
      'Branch',
      'Branch ID',
      'Status',
      'Delivery fee',
      'Discount',
      'Fee charged',
      'VAT number',
      'Payment method',
      'Cash collected',
    ]);
    const lines = rows.slice(headingAt + 1).filter((row) => String(row[0]).startsWith('ST-'));
    // Oldest first; cancelled, February and NEW orders left out.
    expect(lines.map((row) => row[0])).toEqual(['ST-E', 'ST-A', 'ST-B']);
    const byId = Object.fromEntries(lines.map((row) => [row[0], row]));
    // The time is a date (a day number with a date format), shown as the wall-clock time in Karachi.
    const [address] = Object.entries(sheet).find(([, cell]) => (cell as XLSX.CellObject).v === 'ST-A') ?? [''];
    const created = sheet[`B${address.slice(1)}`] as XLSX.CellObject;
    expect([created.t, created.w]).toEqual(['n', '2026-03-01 15:00']);
    expect(byId['ST-A']).toEqual([
      'ST-A',
      created.v,
      expect.any(String),
      merchant.vendorId,
      'Delivered',
      100,
      20,
      80,
      '=1+2',
      'Cash on delivery',
      1580,
    ]);
    expect(byId['ST-B']?.slice(4)).toEqual(['Returned', 100, 0, 100, undefined, 'Cash on delivery', 0]);
    // A VAT number that starts like a formula is text, in the text format, so editing it does not evaluate it.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rowOfA = workbook.worksheets[0]!.getRows(1, 100)!.find((row) => row.getCell(1).value === 'ST-A')!;
    const vatCell = rowOfA.getCell(9);
    expect(vatCell.value).toBe('=1+2');
    expect(vatCell.numFmt).toBe('@');
    expect(byId['ST-E']?.[2]).toBe('صدر برانچ');
    expect(byId['ST-E']?.[10]).toBe(0);
    const total = rows.find((row) => row[0] === 'Total')!;
    expect(total.slice(4)).toEqual(['3 (Delivered: 2, Returned: 1)', 250, 20, 230, undefined, undefined, 1580]);
    const subtotals = rows.filter((row) => String(row[0]).startsWith('Subtotal'));
    expect(subtotals).toHaveLength(2);
    expect(subtotals.map((row) => row[7] as number).reduce((sum, value) => sum + value, 0)).toBe(230);
  });

  it('gives an outlet its own statement, and the parent alone without include_outlets', async () => {
    const parentOnly = await statement({ month: '2026-03', format: 'xlsx' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(
      XLSX.read(parentOnly.rawPayload, { type: 'buffer' }).Sheets.Statement!,
      { header: 1, raw: true, blankrows: false },
    );
    expect(rows.filter((row) => String(row[0]).startsWith('ST-')).map((row) => row[0])).toEqual(['ST-A', 'ST-B']);
    expect(rows.find((row) => row[0] === 'Total')?.[10]).toBe(1580);
    expect(rows.some((row) => String(row[0]).startsWith('Subtotal'))).toBe(false);

    const outlet = await statement({ month: '2026-03', format: 'xlsx', lang: 'ur_alt' }, merchant, outletId);
    expect(outlet.statusCode).toBe(200);
    const outletRows = XLSX.utils.sheet_to_json<unknown[]>(
      XLSX.read(outlet.rawPayload, { type: 'buffer' }).Sheets.Statement!,
      { header: 1, raw: true, blankrows: false },
    );
    expect(outletRows[0]).toEqual(['ماہانہ اسٹیٹمنٹ']);
    expect(outletRows.find((row) => row[0] === 'کل')?.slice(5, 8)).toEqual([50, 0, 50]);
    // The counts beside the total are joined with the Urdu comma, not a Latin one.
    const counts = String(outletRows.find((row) => row[0] === 'کل')?.[4]);
    expect(counts).toContain('، ');
    expect(counts).not.toContain(',');
    // The Urdu statement reads from the right, and its headings stay in view.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(outlet.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    // Title, branch, month, currency, when it was made and a blank row, then the headings.
    expect(sheet.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 7 });
    expect(sheet.getRow(7).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(8).getCell(1).font?.bold).toBeFalsy();
  });

  it('lays a busy month out over many pages, a slice of rows at a time, with every order and the totals', async () => {
    const count = 600;
    await t.db.query(
      `insert into orders (order_id, vendor_id, tracking_token, status, created_at, updated_at, currency,
         delivery_fee_minor, discount_minor, distance_m, customer_name, customer_phone, customer_address,
         customer_latitude, customer_longitude, pickup_latitude, pickup_longitude, amount_minor, description,
         payment_method)
       select 'JAN-' || lpad(g::text, 4, '0'), $2, md5('JAN-' || g), 'DELIVERED',
              timestamptz '2026-01-02T08:00:00Z' + make_interval(mins => g), o.updated_at, o.currency, 10000, 0,
              o.distance_m, o.customer_name, o.customer_phone, o.customer_address, o.customer_latitude,
              o.customer_longitude, o.pickup_latitude, o.pickup_longitude, 0, o.description, 'CASH_ON_DELIVERY'
         from orders o, generate_series(1, ${count}) g where o.order_id = $1`,
      [template, merchant.vendorId],
    );
    const response = await statement({ month: '2026-01', format: 'pdf' });
    expect(response.statusCode).toBe(200);
    const lines = pdfText(response.rawPayload).split('\n');
    const ids = lines.filter((line) => line.startsWith('JAN-'));
    expect(ids).toHaveLength(count);
    expect(ids[0]).toBe('JAN-0001');
    expect(ids.at(-1)).toBe(`JAN-${String(count).padStart(4, '0')}`);
    // The headings open every page: 600 rows at 12 points each take many A4 pages.
    const pages = (response.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    expect(pages).toBeGreaterThan(5);
    expect(lines.filter((line) => line === 'Order ID')).toHaveLength(pages);
    expect(lines.slice(lines.indexOf('Total') + 1, lines.indexOf('Total') + 2)).toEqual([`${count} orders`]);
  });

  it('writes the same month as an English PDF whose totals match', async () => {
    const response = await statement({ month: '2026-03', format: 'pdf', include_outlets: 'true' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Monthly statement');
    for (const id of ['ST-A', 'ST-B', 'ST-E']) expect(text).toContain(id);
    expect(text).not.toContain('ST-C');
    expect(text).not.toContain('ST-D');
    const total = text.split('\n').indexOf('Total');
    expect(total).toBeGreaterThan(0);
    // The total row: orders, delivered, returned, fee, discount, fee charged, (no VAT), cash collected.
    expect(text.split('\n').slice(total + 1, total + 8)).toEqual([
      '3 orders',
      '2 delivered',
      '1 returned',
      '250.00',
      '20.00',
      '230.00',
      '1,580.00',
    ]);
    // The rows name the branch by its id; an Urdu branch name is written in the embedded Urdu font.
    expect(text).toContain(outletId);
    expect(text).not.toContain('صدر');
  });

  it('wraps a long subtotal label within its column, its row growing, above the total', async () => {
    await t.db.query('update vendors set name = $2 where vendor_id = $1', [
      outletId,
      'Clifton Block Five Seaview Commercial Area Branch',
    ]);
    try {
      const response = await statement({ month: '2026-03', format: 'pdf', include_outlets: 'true' });
      expect(response.statusCode).toBe(200);
      const pieces = pdfPieces(response.rawPayload);
      const subtotal = pieces.find((piece) => piece.text.startsWith(`Subtotal: ${'Clifton'}`));
      expect(subtotal, pieces.map((piece) => piece.text).join('|')).toBeDefined();
      // The label's lines: in the first column, one under the other, all of the name and the id.
      const label = pieces.filter(
        (piece) => piece.x === subtotal!.x && piece.y >= subtotal!.y && piece.y < subtotal!.y + 60,
      );
      const rowEnd = pieces.find((piece) => piece.text === '1 orders' && piece.y >= subtotal!.y);
      const total = pieces.find((piece) => piece.text === 'Total')!;
      const labelLines = label.filter((piece) => piece.y < total.y);
      expect(labelLines.length).toBeGreaterThan(1);
      expect(labelLines.map((piece) => piece.text).join(' ')).toContain(`Seaview Commercial Area Branch (${outletId})`);
      for (const [index, line] of labelLines.entries()) {
        if (index > 0) expect(line.y - labelLines[index - 1]!.y).toBeGreaterThanOrEqual(10);
      }
      // The next row (the other outlet's subtotal, then the total) starts below the label's last line.
      const next = pieces.filter((piece) => piece.x === subtotal!.x && piece.y > labelLines.at(-1)!.y);
      expect(next.length).toBeGreaterThan(0);
      expect(next[0]!.y - labelLines.at(-1)!.y).toBeGreaterThanOrEqual(10);
      expect(rowEnd?.y).toBe(subtotal!.y);
    } finally {
      await t.db.query('update vendors set name = $2 where vendor_id = $1', [outletId, 'صدر برانچ']);
    }
  });

  it('writes the PDF in Urdu, right to left, in an embedded Urdu font', async () => {
    const response = await statement({ month: '2026-03', format: 'pdf', include_outlets: 'true', lang: 'ur_alt' });
    expect(response.statusCode).toBe(200);
    const source = response.rawPayload.toString('latin1');
    expect(source).toMatch(/\/FontName \/[A-Z]{6}\+NotoNaskhArabic/);
    const pieces = pdfPieces(response.rawPayload);
    const texts = pieces.map((piece) => piece.text);
    // No English heading or label; the ids, times and amounts are there.
    for (const english of ['Order ID', 'Total', 'Monthly statement', '3 orders']) expect(texts).not.toContain(english);
    expect(texts).toContain('ST-A');
    expect(texts).toContain('1,580.00');
    // The first column (the order id) is at the right of the page, the last (cash collected) at the left.
    const id = pieces.find((piece) => piece.text === 'ST-A')!;
    expect(id.x).toBeGreaterThan(600);
    expect(Math.min(...pieces.filter((piece) => piece.y === id.y).map((piece) => piece.x))).toBeLessThan(200);
  });

  it('refuses another merchant’s vendor, a month not yet begun and a malformed month', async () => {
    expect((await statement({ month: '2026-03', format: 'pdf' }, stranger)).statusCode).toBe(403);
    const future = await statement({ month: '2026-04', format: 'xlsx' });
    expect(future.statusCode).toBe(400);
    expect(translationKey(future)).toBe('statement.future-month');
    expect((await statement({ month: '2026-13', format: 'xlsx' })).statusCode).toBe(400);
    expect((await statement({ month: '2026-03', format: 'csv' })).statusCode).toBe(400);
  });
});
