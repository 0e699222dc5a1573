import * as XLSX from '@e965/xlsx';
import { BULK_FILE_MAX_BYTES } from '@riderdesk/domain/constants';
import type { BulkJobDetailAnswer, BulkRow } from '@riderdesk/domain/contracts/bulk';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BulkSheetRow, fillTemplate, validBulkRow } from '../../../testing/bulk-sheet.ts';
import { bulkFileParser } from '../src/modules/bulk/parse-file.ts';
import { storedZip, unpackEntries, ZipRefusal, zipEntries } from '../src/modules/bulk/zip-reader.mjs';
import type { OrderRow } from '../src/modules/orders/model.ts';
import { linkUserToVendor } from '../src/modules/vendors/repo.ts';
import { mintGodroidToken, revokeGodroidToken } from '../src/ops/commands.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { downloadTemplate, uploadBulkFile, workbookParts, zipOf } from './support/bulk.ts';
import { createMerchant, createVendor, type Merchant, uniqueId } from './support/factories.ts';
import { countOrders, PNG_1PX, translationKey } from './support/orders.ts';

async function readWorkbook(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return workbook;
}

describe.each(databases())('bulk orders on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let stranger: Merchant;
  let template: Buffer;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
    stranger = await createMerchant(t);
    template = await downloadTemplate(t, merchant);
  });
  afterAll(() => t.close());

  async function upload(rows: readonly BulkSheetRow[], who = merchant) {
    const response = await uploadBulkFile(t, who, await fillTemplate(template, rows));
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as BulkJobDetailAnswer).body;
  }

  /** An outlet of the merchant's vendor, linked to the merchant's login: a collection point its rows may name. */
  async function merchantOutlet() {
    const outlet = await createVendor(t.db, {
      vendor_id: uniqueId('out'),
      parent_vendor_id: merchant.vendorId,
      latitude: 24.83,
      longitude: 67.03,
      delivery_area: { type: 'radius', radius_km: 8 },
      payment_methods: { CASH_ON_DELIVERY: true },
    });
    const [user] = await t.db.query<{ id: string }>('select id from users where email = $1', [merchant.email]);
    await linkUserToVendor(t.db, user!.id, outlet.vendor_id);
    return outlet;
  }

  const rowError = (rows: BulkRow[], rowNumber: number) => rows.find((row) => row.row_number === rowNumber)?.error?.key;

  describe('GET /bulk-job/example-file', () => {
    it('is an XLSX named Template with the columns, an example row, drop-downs and instructions', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/bulk-job/example-file',
        headers: merchant.headers,
      });
      expect(response.headers['content-type']).toContain('spreadsheetml');
      expect(response.headers['content-disposition']).toContain('filename="Template.xlsx"');
      const workbook = await readWorkbook(response.rawPayload);
      const [orders, instructions] = workbook.worksheets;
      expect(orders?.name).toBe('Orders');
      expect(orders?.getRow(1).getCell(1).value).toBe('Customer name *');
      expect(orders?.getRow(2).getCell(11).value).toBe('CASH_ON_DELIVERY');
      expect(instructions?.name).toBe('Instructions');
      expect(instructions?.rowCount).toBeGreaterThan(14);
      const validations = (orders as unknown as { dataValidations: { model: Record<string, { formulae: string[] }> } })
        .dataValidations.model;
      const lists = Object.values(validations).map((rule) => rule.formulae[0]);
      // Decision 117: a bulk row is never paid by card, so the list does not offer it.
      expect(lists).toContain('"PAID,CASH_ON_DELIVERY"');
      expect(lists.join()).not.toContain('ONLINE_PAYMENT');
      expect(lists).toContain('"INSTANT,SCHEDULED"');
      expect(lists).toContain('"Yes,No"');
      expect(orders?.getRow(1).getCell(15).value).toBe('Age check');
    });

    it('writes the headers in Urdu, right to left, and a filled Urdu template reads back', async () => {
      const urdu = await downloadTemplate(t, merchant, 'ur_alt');
      const workbook = await readWorkbook(urdu);
      const orders = workbook.worksheets[0];
      expect(orders?.getRow(1).getCell(1).value).toBe('گاہک کا نام *');
      expect(orders?.views[0]?.rightToLeft).toBe(true);
      expect(orders?.getRow(1).getCell(15).value).toBe('عمر کی تصدیق');
      const body = (
        (await uploadBulkFile(t, merchant, await fillTemplate(urdu, [validBulkRow()]))).json() as BulkJobDetailAnswer
      ).body;
      expect(body.bulk_job.status).toBe('PREPROCESS_SUCCESS');
    });

    it('needs a caller', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/bulk-job/example-file' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('POST /bulk-job/create refusals, before parsing', () => {
    it('refuses a PNG renamed .xlsx as invalid format', async () => {
      const response = await uploadBulkFile(t, merchant, PNG_1PX);
      expect(response.statusCode).toBe(400);
      expect(translationKey(response)).toBe('bulk.error.invalid-format');
    });

    it('refuses a file over 5 242 880 bytes as too large', async () => {
      const file = Buffer.alloc(BULK_FILE_MAX_BYTES + 1, 0x41);
      file.writeUInt32LE(0x04034b50, 0);
      const response = await uploadBulkFile(t, merchant, file);
      expect(response.statusCode).toBe(413);
      expect(translationKey(response)).toBe('bulk.error.too-large');
    });

    it('refuses a body far past the limit with the same key', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/bulk-job/create',
        headers: { ...merchant.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ vendor_id: merchant.vendorId, content: 'A'.repeat(8 * 1024 * 1024) }),
      });
      expect(response.statusCode).toBe(413);
      expect(translationKey(response)).toBe('bulk.error.too-large');
    });

    it('refuses a zip bomb that declares its size', async () => {
      const bomb = zipOf(workbookParts({ name: 'sheet', data: Buffer.alloc(60 * 1024 * 1024) }));
      expect(bomb.length).toBeLessThan(BULK_FILE_MAX_BYTES);
      const response = await uploadBulkFile(t, merchant, bomb);
      expect(response.statusCode).toBe(400);
      expect(translationKey(response)).toBe('bulk.error.unsafe-file');
    });

    it('refuses a zip bomb whose headers lie about its size', async () => {
      const bomb = zipOf(workbookParts({ name: 'sheet', data: Buffer.alloc(60 * 1024 * 1024), declaredSize: 1000 }));
      const response = await uploadBulkFile(t, merchant, bomb);
      expect(response.statusCode).toBe(400);
      expect(translationKey(response)).toBe('bulk.error.unsafe-file');
    });

    it('refuses an entry whose local header says deflate while the directory says stored, 0 bytes', async () => {
      // The directory's "stored, 0 bytes" passes every size check; a reader that follows the local header
      // inflates the 100 MB it hides.
      const hidden = { compressedSize: 0, uncompressedSize: 0 };
      const bomb = zipOf(
        workbookParts({
          name: 'sheet',
          data: Buffer.alloc(100 * 1024 * 1024),
          central: { method: 0, ...hidden },
          local: hidden,
        }),
      );
      expect(bomb.length).toBeLessThan(BULK_FILE_MAX_BYTES);
      const response = await uploadBulkFile(t, merchant, bomb);
      expect(response.statusCode).toBe(400);
      expect(translationKey(response)).toBe('bulk.error.unsafe-file');
    });

    it('refuses entries whose local header and directory entry disagree about their sizes', async () => {
      const sheet = Buffer.from('<worksheet><sheetData/></worksheet>');
      const lyingLocal = zipOf(workbookParts({ name: 'sheet', data: sheet, local: { uncompressedSize: 10 } }));
      expect(translationKey(await uploadBulkFile(t, merchant, lyingLocal))).toBe('bulk.error.unsafe-file');
      const lyingCentral = zipOf(workbookParts({ name: 'sheet', data: sheet, central: { compressedSize: 3 } }));
      expect(translationKey(await uploadBulkFile(t, merchant, lyingCentral))).toBe('bulk.error.unsafe-file');
    });

    it('refuses a zip that is not a workbook, and a truncated one', async () => {
      const notWorkbook = zipOf([{ name: 'photo.jpg', data: Buffer.from('not a workbook') }]);
      expect(translationKey(await uploadBulkFile(t, merchant, notWorkbook))).toBe('bulk.error.invalid-format');
      const valid = await fillTemplate(template, [validBulkRow()]);
      const truncated = valid.subarray(0, Math.floor(valid.length / 2));
      expect(translationKey(await uploadBulkFile(t, merchant, truncated))).toBe('bulk.error.invalid-format');
    });

    it('refuses an upload without a vendor, and for another merchant’s vendor', async () => {
      const file = await fillTemplate(template, [validBulkRow()]);
      const none = await uploadBulkFile(t, merchant, file, { vendorId: '' });
      expect(none.statusCode).toBe(400);
      expect(translationKey(none)).toBe('bulk.error.no-vendor');
      const foreign = await uploadBulkFile(t, merchant, file, { vendorId: stranger.vendorId });
      expect(foreign.statusCode).toBe(403);
    });

    it('refuses a sheet without the template’s columns, and one without rows', async () => {
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('Sheet1').addRow(['Name', 'Phone']);
      const noColumns = await uploadBulkFile(t, merchant, Buffer.from(await workbook.xlsx.writeBuffer()));
      expect(translationKey(noColumns)).toBe('bulk.error.missing-columns');
      const empty = await uploadBulkFile(t, merchant, await fillTemplate(template, []));
      expect(translationKey(empty)).toBe('bulk.error.no-rows');
    });

    it('reads a CSV file too', async () => {
      const csv = [
        'Customer name,Customer phone,Drop-off address,Latitude,Longitude,Item description,Order amount,Payment type',
        'Bilal Ahmed,03001234568,Clifton Block 2,24.8188,67.0225,Shoes,2500,PAID',
      ].join('\n');
      const response = await uploadBulkFile(t, merchant, Buffer.from(csv), { fileName: 'orders.csv' });
      expect(response.statusCode, response.body).toBe(200);
      const body = (response.json() as BulkJobDetailAnswer).body;
      expect(body.orders[0]).toMatchObject({ status: 'VALID', phone_number: '03001234568', payment_method: 'PAID' });
    });

    it('reads a .csv file only as delimited text: HTML, SpreadsheetML, SYLK or a zip named .csv are not', async () => {
      const sheet = XLSX.utils.aoa_to_sheet([
        [
          'Customer name',
          'Customer phone',
          'Drop-off address',
          'Latitude',
          'Longitude',
          'Item description',
          'Order amount',
          'Payment type',
        ],
        ['Bilal Ahmed', '03001234568', 'Clifton Block 2', 24.8188, 67.0225, 'Shoes', 2500, 'PAID'],
      ]);
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'Orders');
      const as = (bookType: XLSX.BookType) => Buffer.from(XLSX.write(book, { bookType, type: 'buffer' }) as Buffer);
      // Each of these is a valid spreadsheet of one good row, in a format a .csv name does not say.
      for (const bookType of ['html', 'xlml', 'xlsx'] as const) {
        const response = await uploadBulkFile(t, merchant, as(bookType), { fileName: 'orders.csv' });
        expect(response.statusCode, bookType).toBe(400);
        expect(translationKey(response), bookType).toBe('bulk.error.invalid-format');
      }
      // SYLK is plain text too: it is read as delimited text, in which its records are no columns.
      const sylk = await uploadBulkFile(t, merchant, as('sylk'), { fileName: 'orders.csv' });
      expect(sylk.statusCode).toBe(400);
      expect(translationKey(sylk)).toBe('bulk.error.missing-columns');
      // A byte-order mark and a semicolon as the separator are still a CSV.
      const semicolons = `\uFEFF${XLSX.utils.sheet_to_csv(sheet, { FS: ';' })}`;
      const response = await uploadBulkFile(t, merchant, Buffer.from(semicolons), { fileName: 'orders.csv' });
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as BulkJobDetailAnswer).body.orders[0]).toMatchObject({ status: 'VALID' });
    });
  });

  describe('rows checked like a single order', () => {
    it('gives each bad row the key a single order would get', async () => {
      const far = { latitude: 25.4, longitude: 68.4 };
      const body = await upload([
        validBulkRow(),
        validBulkRow({ customer_name: 'Agent 007' }),
        validBulkRow({ phone_number: '12' }),
        validBulkRow({ address: '' }),
        validBulkRow({ amount: 50 }),
        validBulkRow({ amount: '' }),
        validBulkRow({ payment_method: 'CARD' }),
        validBulkRow({ payment_method: 'ONLINE_PAYMENT' }),
        validBulkRow({ ...far, phone_number: '03001112223' }),
        validBulkRow({ delivery_type: 'SCHEDULED', phone_number: '03001112224' }),
        validBulkRow({ delivery_type: 'SCHEDULED', scheduled_time: '2026-03-13 14:00', phone_number: '03001112225' }),
        validBulkRow({ delivery_type: 'SCHEDULED', scheduled_time: '2026-03-11 03:00', phone_number: '03001112226' }),
        validBulkRow({ delivery_type: 'SCHEDULED', scheduled_time: 'tomorrow', phone_number: '03001112227' }),
        validBulkRow(),
        validBulkRow({ collection_point_id: uniqueId('nobody'), phone_number: '03001112228' }),
        validBulkRow({ latitude: '', longitude: '', address: 'Qwxzv Plmkjh 99', phone_number: '03001112229' }),
        validBulkRow({ delivery_type: 'LATER', phone_number: '03001112230' }),
        validBulkRow({ item_description: 'x'.repeat(201), phone_number: '03001112231' }),
      ]);
      const keys = body.orders.map((row) => [row.row_number, row.error?.key ?? null]);
      expect(keys).toEqual([
        [2, null],
        [3, 'validation.wrong-customer-name'],
        [4, 'validation.phone-incorrect'],
        [5, 'validation.fill-address'],
        [6, 'Minimum amount of 100 PKR'],
        [7, 'validation.fill-amount'],
        [8, 'bulk.error.payment-type'],
        [9, 'bulk.error.online-payment'],
        [10, 'request.error.undeliverable-address'],
        [11, 'bulk.error.scheduled-time-missing'],
        [12, 'validation.preorder-window'],
        [13, 'request.error.service-hours'],
        [14, 'bulk.error.scheduled-time-invalid'],
        [15, 'bulk.error.duplicate-row'],
        [16, 'bulk.error.collection-point'],
        [17, 'validation.invalid-coordinates'],
        [18, 'bulk.error.delivery-type'],
        [19, 'validation.fill-description'],
      ]);
      expect(body.orders.find((row) => row.row_number === 3)?.error?.field).toBe('customer_name');
      expect(body.orders.find((row) => row.row_number === 15)?.error?.values).toEqual({ row: '2' });
      expect(body.orders.find((row) => row.row_number === 13)?.error?.values).toMatchObject({ from: '09:00' });
      expect(body.bulk_job.status).toBe('PREPROCESS_SUCCESS_WITH_ERROR');
      expect(body.bulk_job.totals).toEqual({ total_rows: 18, orders_to_be_placed: 1, orders_placed: 0, errors: 17 });
    });

    it('lists every problem of a row, its error first, and keeps them in the results file', async () => {
      const body = await upload([
        validBulkRow({
          customer_name: 'Agent 007',
          phone_number: '12',
          amount: 50,
          payment_method: 'CARD',
          age_check: 'maybe',
        }),
      ]);
      const [row] = body.orders;
      expect(row!.errors.map((error) => [error.key, error.field])).toEqual([
        ['bulk.error.payment-type', 'payment_method'],
        ['bulk.error.age-check', 'age_check'],
        ['validation.wrong-customer-name', 'customer_name'],
        ['validation.phone-incorrect', 'phone_number'],
        ['Minimum amount of 100 PKR', 'amount'],
      ]);
      expect(row!.error).toEqual(row!.errors[0]);
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/v1/bulk-job/detail/${merchant.vendorId}/${body.bulk_job.metadata.bulk_job_id}`,
        headers: merchant.headers,
      });
      expect((page.json() as BulkJobDetailAnswer).body.orders[0]!.errors).toHaveLength(5);
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/v1/bulk-job/results-file/${merchant.vendorId}/${body.bulk_job.metadata.bulk_job_id}`,
        headers: merchant.headers,
      });
      const results = await readWorkbook(file.rawPayload);
      const problem = String(results.worksheets[0]!.getRow(2).values?.toString());
      expect(problem).toContain('Payment type must be CASH_ON_DELIVERY or PAID.');
      expect(problem).toContain('This phone number is not valid.');
    });

    it('geocodes an address without coordinates, prices every good row and accepts an outlet as collection point', async () => {
      const outlet = await merchantOutlet();
      const body = await upload([
        validBulkRow({ latitude: '', longitude: '', address: 'Zamzama Commercial' }),
        validBulkRow({ collection_point_id: outlet.vendor_id, phone_number: '03009998887' }),
        validBulkRow({ delivery_type: 'SCHEDULED', scheduled_time: '2026-03-10 18:00', phone_number: '03009998886' }),
      ]);
      expect(body.orders.map((row) => row.status)).toEqual(['VALID', 'VALID', 'VALID']);
      expect(body.orders[1]?.collection_point).toBe(outlet.vendor_id);
      expect(body.orders[2]?.scheduled_for).toBe('2026-03-10T13:00:00.000Z');
      expect(body.orders.every((row) => (row.delivery_fee ?? 0) > 0)).toBe(true);
      const total = body.orders.reduce((sum, row) => sum + (row.delivery_fee ?? 0), 0);
      expect(body.bulk_job.total_fee).toBe(total);
      expect(body.bulk_job.payment_types).toEqual({ CASH_ON_DELIVERY: 3 });
      expect(body.bulk_job.status).toBe('PREPROCESS_SUCCESS');
    });
  });

  describe('placement', () => {
    it('places the good rows once, however often it is asked, and lists the job in the history', async () => {
      const before = await countOrders(t.db, merchant.vendorId);
      const body = await upload([
        validBulkRow({ phone_number: '03005550001' }),
        validBulkRow({ phone_number: '03005550002' }),
        validBulkRow({ phone_number: '12' }),
      ]);
      const jobId = body.bulk_job.metadata.bulk_job_id;
      const history = () =>
        t.app.inject({ method: 'GET', url: `/api/v1/bulk-job/all/${merchant.vendorId}`, headers: merchant.headers });
      // A checked job not placed yet is listed too, so the merchant can come back to place it.
      const unplaced = (await history()).json().body as { metadata: { bulk_job_id: string }; placement: string }[];
      expect(unplaced.find((job) => job.metadata.bulk_job_id === jobId)?.placement).toBe('NOT_STARTED');

      const place = () =>
        t.app.inject({ method: 'POST', url: `/api/v1/bulk-job/place-orders/${jobId}`, headers: merchant.headers });
      const [first, second] = await Promise.all([place(), place()]);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(first.json().body.bulk_job.placement).toBe('IN_PROGRESS');
      await t.app.jobs.drain();
      await place();
      await t.app.jobs.drain();

      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/v1/bulk-job/detail/${merchant.vendorId}/${jobId}`,
        headers: merchant.headers,
      });
      const placed = (detail.json() as BulkJobDetailAnswer).body;
      expect(await countOrders(t.db, merchant.vendorId)).toBe(before + 2);
      expect(placed.bulk_job.status).toBe('ORDER_PLACEMENT_SUCCESS_WITH_ERROR');
      expect(placed.bulk_job.totals).toEqual({ total_rows: 3, orders_to_be_placed: 2, orders_placed: 2, errors: 1 });
      expect(placed.orders.map((row) => row.status)).toEqual(['PLACED', 'PLACED', 'INVALID']);
      const orderIds = placed.orders.map((row) => row.order_id).filter(Boolean);
      expect(new Set(orderIds).size).toBe(2);

      // The orders are real orders: listed for the vendor like any other.
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/v1/vendor/${merchant.vendorId}/orders?count=200`,
        headers: merchant.headers,
      });
      const listed = list.json().result.data.map((order: { order_id: string }) => order.order_id);
      for (const id of orderIds) expect(listed).toContain(id);
      // The test clock stands still, so the jobs listed share their time: the job is found by its id.
      const jobs = (await history()).json().body as { metadata: { bulk_job_id: string }; placement: string }[];
      expect(jobs.find((job) => job.metadata.bulk_job_id === jobId)?.placement).toBe('DONE');
    });

    describe('stops once whoever started it may no longer place', () => {
      /** A job of three good rows uploaded by `who`, its placement asked for by `who`, not yet run. */
      async function placementAskedBy(who: Merchant) {
        const body = await upload(
          ['03004440001', '03004440002', '03004440003'].map((phone_number) => validBulkRow({ phone_number })),
          who,
        );
        const jobId = body.bulk_job.metadata.bulk_job_id;
        const asked = await t.app.inject({
          method: 'POST',
          url: `/api/v1/bulk-job/place-orders/${jobId}`,
          headers: who.headers,
        });
        expect(asked.statusCode, asked.body).toBe(200);
        return jobId;
      }

      async function outcomeOf(jobId: string) {
        const rows = await t.db.query<{ status: string; error_key: string | null; order_id: string | null }>(
          'select status, error_key, order_id from bulk_job_rows where bulk_job_id = $1 order by row_number',
          [jobId],
        );
        const [job] = await t.db.query<{ status: string; placement: string }>(
          'select status, placement from bulk_jobs where bulk_job_id = $1',
          [jobId],
        );
        return { job, rows };
      }

      const stopped = {
        job: { status: 'ORDER_PLACEMENT_FAIL', placement: 'DONE' },
        rows: Array.from({ length: 3 }, () => ({
          status: 'FAILED',
          error_key: 'bulk.error.placement-stopped',
          order_id: null,
        })),
      };

      it('places nothing after the login that asked for it is signed out', async () => {
        const owner = await createMerchant(t);
        const jobId = await placementAskedBy(owner);
        const logout = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: owner.headers });
        expect(logout.statusCode).toBe(200);
        await t.app.jobs.drain();
        expect(await outcomeOf(jobId)).toEqual(stopped);
        expect(await countOrders(t.db, owner.vendorId)).toBe(0);
      });

      it('places nothing after the partner token that asked for it is revoked, and places with a live one', async () => {
        const owner = await createMerchant(t);
        const ops = { db: t.db, config: t.config, now: t.clock.now };
        const partnerOf = async () => {
          const minted = await mintGodroidToken(ops, owner.vendorId, { days: 30 });
          return { partner: { ...owner, headers: { authorization: `GoDroid ${minted.token}` } }, tokenId: minted.id };
        };
        const revoked = await partnerOf();
        const revokedJob = await placementAskedBy(revoked.partner);
        await revokeGodroidToken(ops, revoked.tokenId);
        await t.app.jobs.drain();
        expect(await outcomeOf(revokedJob)).toEqual(stopped);
        expect(await countOrders(t.db, owner.vendorId)).toBe(0);

        const live = await partnerOf();
        const liveJob = await placementAskedBy(live.partner);
        await t.app.jobs.drain();
        const placed = await outcomeOf(liveJob);
        expect(placed.job?.status).toBe('ORDER_PLACEMENT_SUCCESS');
        expect(placed.rows.every((row) => row.status === 'PLACED' && row.order_id !== null)).toBe(true);
      });
    });

    it('places each row as the order its cells describe: outlet, drop-off, customer, amount and time', async () => {
      const outlet = await merchantOutlet();
      const body = await upload([
        validBulkRow({
          unit: 'Flat 3',
          building: 'Sea View',
          address: 'Block 5, Clifton',
          latitude: 24.8151,
          longitude: 67.0411,
          customer_name: 'Bilal Ahmed',
          phone_number: '0300 5551234',
          item_description: 'Karahi for four',
          amount: 2350,
          rider_notes: 'Gate 2',
        }),
        validBulkRow({ collection_point_id: outlet.vendor_id, phone_number: '03005551235' }),
        validBulkRow({ delivery_type: 'SCHEDULED', scheduled_time: '2026-03-10 18:00', phone_number: '03005551236' }),
      ]);
      expect(body.orders.map((row) => row.status)).toEqual(['VALID', 'VALID', 'VALID']);
      const jobId = body.bulk_job.metadata.bulk_job_id;
      await t.app.inject({ method: 'POST', url: `/api/v1/bulk-job/place-orders/${jobId}`, headers: merchant.headers });
      await t.app.jobs.drain();
      type PlacedOrder = Pick<
        OrderRow,
        | 'vendor_id'
        | 'customer_name'
        | 'customer_phone'
        | 'customer_address'
        | 'customer_notes'
        | 'customer_latitude'
        | 'customer_longitude'
        | 'description'
        | 'preordered_for'
      > & { row_number: number; amount_minor: string; delivery_fee_minor: string; row_fee_minor: string };
      const orders = await t.db.query<PlacedOrder>(
        `select r.row_number, o.vendor_id, o.customer_name, o.customer_phone, o.customer_address, o.customer_notes,
                o.customer_latitude, o.customer_longitude, o.amount_minor, o.description, o.preordered_for,
                o.delivery_fee_minor, r.delivery_fee_minor as row_fee_minor
           from bulk_job_rows r join orders o on o.order_id = r.order_id
          where r.bulk_job_id = $1 order by r.row_number`,
        [jobId],
      );
      expect(orders).toHaveLength(3);
      expect(orders[0]).toMatchObject({
        vendor_id: merchant.vendorId,
        customer_name: 'Bilal Ahmed',
        customer_phone: '+923005551234',
        customer_address: 'Flat 3, Sea View, Block 5, Clifton',
        customer_notes: 'Gate 2',
        customer_latitude: 24.8151,
        customer_longitude: 67.0411,
        description: 'Karahi for four',
        preordered_for: null,
      });
      expect(Number(orders[0]!.amount_minor)).toBe(235000);
      expect(orders[1]!.vendor_id).toBe(outlet.vendor_id);
      expect(orders[2]!.preordered_for?.toISOString()).toBe('2026-03-10T13:00:00.000Z');
      // The fee the merchant was shown is the fee placed (the same trip, quoted again at placement).
      for (const order of orders) expect(order.delivery_fee_minor).toBe(order.row_fee_minor);
    });

    it('carries each row’s age check onto its order, in either language, and refuses any other answer', async () => {
      const body = await upload([
        validBulkRow({ age_check: 'Yes', phone_number: '03005552001' }),
        validBulkRow({ age_check: 'ہاں', phone_number: '03005552002' }),
        validBulkRow({ age_check: 'No', phone_number: '03005552003' }),
        validBulkRow({ phone_number: '03005552004' }),
        validBulkRow({ age_check: 'maybe', phone_number: '03005552005' }),
      ]);
      expect(body.orders.map((row) => row.status)).toEqual(['VALID', 'VALID', 'VALID', 'VALID', 'INVALID']);
      expect(body.orders[4]!.error).toMatchObject({ key: 'bulk.error.age-check', field: 'age_check' });
      const jobId = body.bulk_job.metadata.bulk_job_id;
      await t.app.inject({ method: 'POST', url: `/api/v1/bulk-job/place-orders/${jobId}`, headers: merchant.headers });
      await t.app.jobs.drain();
      const orders = await t.db.query<{ row_number: number; age_validation_required: boolean }>(
        `select r.row_number, o.age_validation_required
           from bulk_job_rows r join orders o on o.order_id = r.order_id
          where r.bulk_job_id = $1 order by r.row_number`,
        [jobId],
      );
      expect(orders.map((order) => order.age_validation_required)).toEqual([true, true, false, false]);
    });

    it('refuses to place a job without valid rows', async () => {
      const body = await upload([validBulkRow({ phone_number: '12' })]);
      expect(body.bulk_job.status).toBe('PREPROCESS_FAIL');
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/bulk-job/place-orders/${body.bulk_job.metadata.bulk_job_id}`,
        headers: merchant.headers,
      });
      expect(response.statusCode).toBe(409);
      expect(translationKey(response)).toBe('bulk.error.nothing-to-place');
      // A file without a valid row has nothing to come back to: it is not listed.
      const history = await t.app.inject({
        method: 'GET',
        url: `/api/v1/bulk-job/all/${merchant.vendorId}`,
        headers: merchant.headers,
      });
      const ids = (history.json().body as { metadata: { bulk_job_id: string } }[]).map(
        (job) => job.metadata.bulk_job_id,
      );
      expect(ids).not.toContain(body.bulk_job.metadata.bulk_job_id);
    });
  });

  describe('GET /bulk-job/results-file', () => {
    it('gives the rows back with their outcome, in the merchant’s language, formulas kept as text', async () => {
      const body = await upload([
        validBulkRow({
          phone_number: '03008880001',
          rider_notes: '=HYPERLINK("http://evil.example","x")',
          item_description: 'Invoice \u202Efdp.exe\u202C and \u2067more\u2069',
        }),
        validBulkRow({ phone_number: '12' }),
      ]);
      const jobId = body.bulk_job.metadata.bulk_job_id;
      const url = `/api/v1/bulk-job/results-file/${merchant.vendorId}/${jobId}`;
      const response = await t.app.inject({ method: 'GET', url, headers: merchant.headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain('Results-');
      const sheet = (await readWorkbook(response.rawPayload)).worksheets[0]!;
      const header = sheet.getRow(1).values as unknown[];
      expect(header).toEqual(expect.arrayContaining(['Row', 'Customer name', 'Status', 'Outcome', 'Order']));
      const notes = sheet.getRow(2).getCell(header.indexOf('Notes for the rider'));
      expect(notes.value).toBe('=HYPERLINK("http://evil.example","x")');
      expect(notes.formula).toBeUndefined();
      // Text keeps the text format, so editing the cell never makes it a formula; numbers stay numbers.
      expect(notes.numFmt).toBe('@');
      const phone = sheet.getRow(2).getCell(header.indexOf('Customer phone'));
      expect([phone.value, phone.numFmt]).toEqual(['03008880001', '@']);
      const amount = sheet.getRow(2).getCell(header.indexOf('Order amount'));
      expect([amount.value, amount.type, amount.numFmt]).toEqual([1500, ExcelJS.ValueType.Number, undefined]);
      // Bidi controls are left out, so the cell shows its characters in the order they were typed.
      expect(sheet.getRow(2).getCell(header.indexOf('Item description')).value).toBe('Invoice fdp.exe and more');
      expect(sheet.getRow(3).values).toEqual(expect.arrayContaining(['Error', 'This phone number is not valid.']));

      const urdu = await t.app.inject({ method: 'GET', url: `${url}?language=ur_alt`, headers: merchant.headers });
      const urduSheet = (await readWorkbook(urdu.rawPayload)).worksheets[0]!;
      expect(urduSheet.getRow(3).values).toEqual(expect.arrayContaining(['یہ فون نمبر درست نہیں۔']));

      const foreign = await t.app.inject({
        method: 'GET',
        url: `/api/v1/bulk-job/results-file/${stranger.vendorId}/${jobId}`,
        headers: stranger.headers,
      });
      expect(foreign.statusCode).toBe(404);
    });
  });

  describe('GET /bulk-job/results-file of a CSV upload', () => {
    it('gives numbers written as text back as numbers and a time written as text back as a date', async () => {
      const csv = [
        'Customer name,Customer phone,Drop-off address,Latitude,Longitude,Item description,Order amount,Payment type,Delivery type,Scheduled time',
        'Bilal Ahmed,+923001234569,Clifton Block 2,24.8188,67.0225,Shoes,2500.50,PAID,SCHEDULED,2026-03-10 18:00',
        'Sara Khan,03001234570,Clifton Block 2,24.8188,67.0225,Shoes,+300,PAID,INSTANT,',
      ].join('\n');
      const uploaded = await uploadBulkFile(t, merchant, Buffer.from(csv), { fileName: 'orders.csv' });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const jobId = (uploaded.json() as BulkJobDetailAnswer).body.bulk_job.metadata.bulk_job_id;
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/bulk-job/results-file/${merchant.vendorId}/${jobId}`,
        headers: merchant.headers,
      });
      expect(response.statusCode).toBe(200);
      const sheet = (await readWorkbook(response.rawPayload)).worksheets[0]!;
      const header = sheet.getRow(1).values as unknown[];
      const cell = (row: number, heading: string) => sheet.getRow(row).getCell(header.indexOf(heading));
      const amount = cell(2, 'Order amount');
      expect([amount.value, amount.type]).toEqual([2500.5, ExcelJS.ValueType.Number]);
      expect(cell(3, 'Order amount').value).toBe(300);
      expect(cell(2, 'Latitude').value).toBe(24.8188);
      const time = cell(2, 'Scheduled time');
      // A date cell: the wall-clock time as written, shown with the template's date format.
      expect(time.type).toBe(ExcelJS.ValueType.Date);
      expect(time.value).toEqual(new Date('2026-03-10T18:00:00Z'));
      expect(time.numFmt).toBe('yyyy-mm-dd hh:mm');
      // A phone number stays text.
      expect([cell(2, 'Customer phone').value, cell(2, 'Customer phone').numFmt]).toEqual(['+923001234569', '@']);
    });
  });

  describe('GET /bulk-job/detail pages', () => {
    it('answers the rows a page at a time after a row number, all of them or only those with a problem', async () => {
      const bad = new Set([4, 9, 12]);
      const body = await upload(
        Array.from({ length: 12 }, (_, index) =>
          validBulkRow({
            phone_number: `0302${String(2_000_000 + index).padStart(7, '0')}`,
            ...(bad.has(index + 2) ? { customer_name: 'Agent 007' } : {}),
          }),
        ),
      );
      expect(body.next_after_row).toBeNull();
      const jobId = body.bulk_job.metadata.bulk_job_id;
      const page = async (query: string) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/v1/bulk-job/detail/${merchant.vendorId}/${jobId}?${query}`,
          headers: merchant.headers,
        });
        expect(response.statusCode, response.body).toBe(200);
        const answer = (response.json() as BulkJobDetailAnswer).body;
        expect(answer.bulk_job.totals.total_rows).toBe(12);
        return { rows: answer.orders.map((row) => row.row_number), next: answer.next_after_row };
      };

      expect(await page('limit=5')).toEqual({ rows: [2, 3, 4, 5, 6], next: 6 });
      expect(await page('limit=5&after_row=6')).toEqual({ rows: [7, 8, 9, 10, 11], next: 11 });
      expect(await page('limit=5&after_row=11')).toEqual({ rows: [12, 13], next: null });
      // A page that ends exactly on the last row says there is no next one.
      expect(await page('limit=2&after_row=11')).toEqual({ rows: [12, 13], next: null });
      expect(await page('only_errors=true&limit=2')).toEqual({ rows: [4, 9], next: 9 });
      expect(await page('only_errors=true&limit=2&after_row=9')).toEqual({ rows: [12], next: null });
      expect(await page('after_row=13')).toEqual({ rows: [], next: null });

      for (const query of ['limit=0', 'limit=501', 'after_row=-1', 'after_row=x', 'limit=2.5']) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/v1/bulk-job/detail/${merchant.vendorId}/${jobId}?${query}`,
          headers: merchant.headers,
        });
        expect(response.statusCode, query).toBe(400);
      }
    });
  });

  describe('scoping', () => {
    it('shows, places and lists a job only for its merchant', async () => {
      const body = await upload([validBulkRow({ phone_number: '03007770001' })]);
      const jobId = body.bulk_job.metadata.bulk_job_id;
      const asStranger = (method: 'GET' | 'POST', url: string) =>
        t.app.inject({ method, url: `/api/v1${url}`, headers: stranger.headers });
      expect((await asStranger('GET', `/bulk-job/detail/${stranger.vendorId}/${jobId}`)).statusCode).toBe(404);
      expect((await asStranger('GET', `/bulk-job/detail/${merchant.vendorId}/${jobId}`)).statusCode).toBe(403);
      expect((await asStranger('POST', `/bulk-job/place-orders/${jobId}`)).statusCode).toBe(404);
      expect((await asStranger('GET', `/bulk-job/all/${merchant.vendorId}`)).statusCode).toBe(403);
      await t.app.jobs.drain();
      expect(await countOrders(t.db, merchant.vendorId)).toBeGreaterThanOrEqual(0);
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/v1/bulk-job/detail/${merchant.vendorId}/${jobId}`,
        headers: merchant.headers,
      });
      expect(detail.json().body.bulk_job.placement).toBe('NOT_STARTED');
    });

    it('answers an unknown or malformed job id without a 5xx', async () => {
      const unknown = await t.app.inject({
        method: 'GET',
        url: `/api/v1/bulk-job/detail/${merchant.vendorId}/00000000-0000-4000-8000-000000000000`,
        headers: merchant.headers,
      });
      expect(unknown.statusCode).toBe(404);
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/bulk-job/place-orders/not-a-uuid',
        headers: merchant.headers,
      });
      expect(malformed.statusCode).toBe(400);
    });
  });

  it('keeps rows the checks refuse apart from faults: a file of many rows takes one request', async () => {
    const rows = Array.from({ length: 60 }, (_, index) =>
      validBulkRow({ phone_number: `0300${String(1_000_000 + index).padStart(7, '0')}` }),
    );
    const body = await upload(rows);
    expect(body.bulk_job.totals.orders_to_be_placed).toBe(60);
    expect(rowError(body.orders, 2)).toBeUndefined();
    // The answer holds the first page of rows; the rest are asked for after it.
    expect(body.orders.map((row) => row.row_number)).toEqual(Array.from({ length: 50 }, (_, index) => index + 2));
    expect(body.next_after_row).toBe(51);
  });
});

describe('the bulk file’s zip, read once with a bound', () => {
  const MB = 1024 * 1024;
  const limits = { maxEntries: 10, maxEntryBytes: 2 * MB, maxTotalBytes: 3 * MB };
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error instanceof ZipRefusal ? error.reason : 'other';
    }
    return 'none';
  };

  it('stops inflating at the total budget, entry after entry, whatever each declares', () => {
    const zip = zipOf([
      { name: 'a.xml', data: Buffer.alloc(2 * MB) },
      { name: 'b.xml', data: Buffer.alloc(2 * MB) },
    ]);
    const entries = zipEntries(zip, limits);
    expect(refusal(() => unpackEntries(zip, entries, limits))).toBe('unsafe');
    // Headers that claim less than the entry holds: its inflation stops one byte past the claim.
    const small = zipOf([{ name: 'a.xml', data: Buffer.alloc(2 * MB), declaredSize: 10 }]);
    expect(refusal(() => unpackEntries(small, zipEntries(small, limits), limits))).toBe('unsafe');
  });

  it('refuses a local header that disagrees with its directory entry about method, sizes or name', () => {
    const data = Buffer.from('<worksheet/>');
    expect(refusal(() => zipEntries(zipOf([{ name: 'a.xml', data, central: { method: 0 } }]), limits))).toBe('unsafe');
    expect(refusal(() => zipEntries(zipOf([{ name: 'a.xml', data, local: { compressedSize: 1 } }]), limits))).toBe(
      'unsafe',
    );
    expect(refusal(() => zipEntries(zipOf([{ name: 'a.xml', data }]), limits))).toBe('none');
  });

  it('gives the reader the same entries, stored, with headers that agree', () => {
    const parts = workbookParts({ name: 'sheet', data: Buffer.from('<worksheet><sheetData/></worksheet>') });
    const zip = zipOf(parts);
    const rewritten = storedZip(unpackEntries(zip, zipEntries(zip, limits), limits));
    const entries = zipEntries(rewritten, limits);
    expect(entries.map((entry) => [entry.name, entry.method])).toEqual(parts.map((part) => [part.name, 0]));
    expect(unpackEntries(rewritten, entries, limits).map((file) => file.data.toString())).toEqual(
      parts.map((part) => part.data.toString()),
    );
  });
});

describe('the parse worker’s memory limit', () => {
  /** A workbook of `rows` rows of the template's first three columns. */
  const workbookOf = (rows: number) => {
    const cells: (string | number)[][] = [['Customer name', 'Customer phone', 'Drop-off address']];
    for (let index = 0; index < rows; index++) {
      cells.push(['Ayesha Khan', `0300${1_000_000 + index}`, `House ${index}, Street 4, Block 4, Clifton, Karachi`]);
    }
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(cells), 'Orders');
    return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  };

  it('refuses a file that needs more than its thread’s heap, and goes on parsing the next', async () => {
    // 24 MB holds the reader and a small sheet, not 100 000 rows (the process's own parser has 768 MB).
    const parser = bulkFileParser({ heapMb: 24 });
    try {
      const small = workbookOf(10);
      expect((await parser.parse(small, { kind: 'xlsx' }, 30_000)).rows).toHaveLength(11);
      await expect(parser.parse(workbookOf(100_000), { kind: 'xlsx' }, 30_000)).rejects.toMatchObject({
        statusCode: 400,
        message: 'bulk.error.unsafe-file',
      });
      expect((await parser.parse(small, { kind: 'xlsx' }, 30_000)).rows).toHaveLength(11);
    } finally {
      await parser.close();
    }
  }, 60_000);
});
