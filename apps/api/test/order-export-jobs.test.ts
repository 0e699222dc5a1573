import { gunzipSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { OrderExportJobAnswerSchema, OrderExportJobListAnswerSchema } from '@riderdesk/domain/contracts/order-list';
import { presetRange } from '@riderdesk/domain/date-presets';
import { rangeQuery } from '@riderdesk/domain/order-history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_PART_BYTES } from '../src/modules/orders/export-job-service.ts';
import { XLSX_JOB_MAX_ROWS } from '../src/modules/orders/export-service.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, type Merchant, outbox } from './support/factories.ts';
import { placeOrder, translationKey } from './support/orders.ts';

const KARACHI = 'Asia/Karachi';
// Enough rows for a CSV of two parts (decision 108).
const COPIES = 5_000;

describe.each(databases())('orders exported by e-mail on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let stranger: Merchant;
  let yesterday: { from: string; to: string };
  const logLines: string[] = [];

  // Each request from its own address: the route's per-client limit is not what these tests are about.
  let client = 0;
  const request = (who: Merchant, body: Record<string, unknown>, vendorId = who.vendorId) =>
    t.app.inject({
      method: 'POST',
      remoteAddress: `10.0.${Math.floor(++client / 250)}.${client % 250}`,
      url: `/api/v1/vendor/${vendorId}/orders/export-jobs`,
      headers: who.headers,
      payload: { ...yesterday, ...body },
    });
  const jobOf = (response: { statusCode: number; body: string; json(): unknown }) => {
    expect(response.statusCode, response.body).toBe(200);
    return OrderExportJobAnswerSchema.parse(response.json()).result.export_job;
  };
  /** The path and query of the link in the latest export e-mail to the merchant. */
  const mailedLink = async (who: Merchant) => {
    const [message] = await outbox(t.app, who.email);
    const link = /https?:\/\/\S+\/api\/v1\/order-exports\/\S+/.exec(message?.text ?? '')?.[0];
    expect(link, message?.text).toBeDefined();
    const url = new URL(link!);
    return { message: message!, path: `${url.pathname}${url.search}`, url };
  };

  beforeAll(async () => {
    t = await buildTestApp({
      kind,
      ...IN_SERVICE_HOURS,
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => logLines.push(line) },
    });
    merchant = await createMerchant(t);
    stranger = await createMerchant(t);
    yesterday = rangeQuery(presetRange('Yesterday', t.clock.now(), KARACHI));
    const orderId = await placeOrder(t, merchant, (body) => {
      body.customer.name = 'زینب علی';
      body.vat_number = '@VAT1234';
    });
    await copyOrder(orderId, COPIES);
  });
  afterAll(() => t.close());

  /** `copies` delivered orders of yesterday (from 12:00 Karachi time, `apart` seconds apart), made by the database. */
  const copyOrder = (orderId: string, copies: number, apart = 1) =>
    t.db.query(
      `insert into orders (order_id, vendor_id, tracking_token, status, created_at, updated_at, currency,
         delivery_fee_minor, distance_m, customer_name, customer_phone, customer_address, customer_latitude,
         customer_longitude, pickup_latitude, pickup_longitude, amount_minor, description, payment_method, vat_number)
       select o.order_id || '-E' || g, o.vendor_id, md5(o.tracking_token || g), 'DELIVERED',
              timestamptz '2026-03-09T07:00:00Z' + make_interval(secs => g * $2::float8), o.updated_at, o.currency,
              o.delivery_fee_minor, o.distance_m, o.customer_name, o.customer_phone, o.customer_address,
              o.customer_latitude, o.customer_longitude, o.pickup_latitude, o.pickup_longitude, o.amount_minor,
              o.description, o.payment_method, o.vat_number
         from orders o, generate_series(1, ${copies}) g where o.order_id = $1`,
      [orderId, apart],
    );

  it('builds the CSV in a background job, e-mails a signed link, and the link serves the file for 7 days', async () => {
    const queued = jobOf(await request(merchant, { format: 'csv', status: 'DELIVERED' }));
    expect(queued).toMatchObject({ status: 'QUEUED', format: 'csv', done: 0, email: merchant.email });
    expect(await outbox(t.app, merchant.email)).toEqual([]);

    expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(1);

    const done = jobOf(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/vendor/${merchant.vendorId}/orders/export-jobs/${queued.export_id}`,
        headers: merchant.headers,
      }),
    );
    expect(done).toMatchObject({ status: 'READY', done: COPIES, total: COPIES, error: null });
    const expiresAt = Date.parse(done.expires_at!);
    expect(expiresAt - t.clock.now().getTime()).toBe(7 * 24 * 60 * 60 * 1000);

    const { message, path, url } = await mailedLink(merchant);
    // The branch by its name, the period in Karachi time and the format, in the subject and in the text.
    const [vendor] = await t.db.query<{ name: string }>('select name from vendors where vendor_id = $1', [
      merchant.vendorId,
    ]);
    expect(vendor!.name).not.toBe(merchant.vendorId);
    const period = 'Mar 9, 2026, 12:00 AM – 11:59 PM';
    expect(message.subject).toBe(`Your CSV export of ${vendor!.name} is ready: ${period}`);
    expect(message.text).toContain(
      `Your CSV export of the orders of ${vendor!.name} from ${period} (${COPIES} orders)`,
    );
    expect(message.text).not.toContain(merchant.vendorId);
    expect(url.searchParams.get('expires')).toBe(String(Math.floor(expiresAt / 1000)));
    // The link opens the file without a session.
    const file = await t.app.inject({ method: 'GET', url: path });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="orders-.+\.csv"$/);
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    // Stored in parts of 1 MiB (decision 108), sent whole, its length told before the first part is read.
    expect(file.headers['content-length']).toBe(String(file.rawPayload.length));
    const parts = await t.db.query<{ part: number; bytes: number }>(
      `select part, octet_length(data) as bytes from order_export_file_parts where export_id = $1 order by part`,
      [queued.export_id],
    );
    expect(file.rawPayload.length).toBeGreaterThan(FILE_PART_BYTES);
    expect(parts.map((part) => part.part)).toEqual([...parts.keys()]);
    expect(parts.length).toBe(Math.ceil(file.rawPayload.length / FILE_PART_BYTES));
    expect(parts.slice(0, -1).every((part) => part.bytes === FILE_PART_BYTES)).toBe(true);
    const lines = file.body.trim().split('\n');
    expect(lines).toHaveLength(COPIES + 1);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(COPIES);
    expect(lines[1]).toContain('زینب علی');
    expect(lines[1]).toContain(",'@VAT1234,");

    // The signed-in merchant downloads the same file from the history page.
    const fromPage = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vendor/${merchant.vendorId}/orders/export-jobs/${queued.export_id}/file`,
      headers: merchant.headers,
    });
    expect(fromPage.statusCode).toBe(200);
    expect(fromPage.rawPayload.equals(file.rawPayload)).toBe(true);

    // A changed signature or expiry opens nothing, and nor does the link once its 7 days are over.
    const forged = new URL(url);
    // The first character: its six bits are all signature (the last one's low bits are padding, so changing
    // it may decode to the same bytes).
    const signed = url.searchParams.get('signature')!;
    forged.searchParams.set('signature', `${signed.startsWith('A') ? 'B' : 'A'}${signed.slice(1)}`);
    expect((await t.app.inject({ method: 'GET', url: `${forged.pathname}${forged.search}` })).statusCode).toBe(404);
    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 86_400));
    const extended = await t.app.inject({ method: 'GET', url: `${longer.pathname}${longer.search}` });
    expect(extended.statusCode).toBe(404);
    expect(translationKey(extended)).toBe('history.export.link-expired');
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    try {
      const expired = await t.app.inject({ method: 'GET', url: path });
      expect(expired.statusCode).toBe(404);
      expect(translationKey(expired)).toBe('history.export.link-expired');
    } finally {
      t.clock.advance(-(7 * 24 * 60 * 60 * 1000 + 1000));
    }

    // The link's signature is in no log line (URLs are logged without their query).
    const signature = url.searchParams.get('signature')!;
    expect(logLines.join('')).toContain('/order-exports/');
    expect(logLines.join('')).not.toContain(signature);
  });

  it('builds an XLSX in Urdu in which no cell is a formula and every row is there', async () => {
    const job = jobOf(await request(merchant, { format: 'xlsx', lang: 'ur_alt', search: 'زینب' }));
    await t.app.jobs.drain();
    const { message, path } = await mailedLink(merchant);
    expect(message.text).toContain('آرڈرز');
    // In Urdu: the format says Excel, the period is written in Urdu, in Karachi time.
    expect(message.subject).toContain('ایکسل (XLSX)');
    expect(message.subject).toContain('9 مارچ، 2026');
    expect(message.subject).not.toContain(merchant.vendorId);
    const file = await t.app.inject({ method: 'GET', url: path });
    expect(file.statusCode).toBe(200);
    expect(path).toContain(job.export_id);
    const book = XLSX.read(file.rawPayload, { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const cells = Object.entries(sheet).filter(([address]) => !address.startsWith('!'));
    expect(cells.filter(([, cell]) => (cell as XLSX.CellObject).f !== undefined)).toEqual([]);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
    expect(rows).toHaveLength(COPIES + 1);
    expect(String(rows[0]?.[0])).not.toBe('Order ID');
    expect(rows[1]).toContain('@VAT1234');
  });

  it('writes a retried job’s file again from its first part, and sends it compressed when asked', async () => {
    const job = jobOf(await request(merchant, { format: 'csv', status: 'DELIVERED' }));
    // What an attempt that stopped half-way left behind.
    await t.db.query(
      `insert into order_export_file_parts (export_id, part, data) values ($1, 0, 'half'), ($1, 5, 'stale')`,
      [job.export_id],
    );
    await t.app.jobs.drain();
    const path = `/api/v1/vendor/${merchant.vendorId}/orders/export-jobs/${job.export_id}/file`;
    const plain = await t.app.inject({ method: 'GET', url: path, headers: merchant.headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.trim().split('\n')).toHaveLength(COPIES + 1);
    const parts = await t.db.query<{ part: number }>(
      'select part from order_export_file_parts where export_id = $1 order by part',
      [job.export_id],
    );
    expect(parts.map((part) => part.part)).toEqual([0, 1]);

    const gzipped = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { ...merchant.headers, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-length']).toBeUndefined();
    expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('lists only the caller’s own requests, and refuses another merchant’s vendor and job', async () => {
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vendor/${merchant.vendorId}/orders/export-jobs`,
      headers: merchant.headers,
    });
    expect(listed.statusCode).toBe(200);
    const jobs = OrderExportJobListAnswerSchema.parse(listed.json()).result.export_jobs;
    expect(jobs.map((job) => job.format).sort()).toEqual(['csv', 'csv', 'xlsx']);
    const mine = jobs[0]!.export_id;

    expect((await request(stranger, { format: 'csv' }, merchant.vendorId)).statusCode).toBe(403);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vendor/${merchant.vendorId}/orders/export-jobs/${mine}/file`,
      headers: stranger.headers,
    });
    expect(theirs.statusCode).toBe(403);
    // Through the stranger's own vendor, the merchant's job does not exist.
    const viaOwnVendor = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vendor/${stranger.vendorId}/orders/export-jobs/${mine}/file`,
      headers: stranger.headers,
    });
    expect(viaOwnVendor.statusCode).toBe(404);
    expect(translationKey(viaOwnVendor)).toBe('history.export.not-found');
    const strangerList = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vendor/${stranger.vendorId}/orders/export-jobs`,
      headers: stranger.headers,
    });
    expect(OrderExportJobListAnswerSchema.parse(strangerList.json()).result.export_jobs).toEqual([]);
  });

  it('refuses a fourth request while three are being prepared, and a period longer than the history allows', async () => {
    const tooLong = await request(stranger, { format: 'csv', from: '2025-01-01T00:00:00Z' });
    expect(tooLong.statusCode).toBe(400);
    expect(translationKey(tooLong)).toBe('history.range.too-long');
    for (let index = 0; index < 3; index++) jobOf(await request(stranger, { format: 'csv' }));
    const fourth = await request(stranger, { format: 'csv' });
    expect(fourth.statusCode).toBe(429);
    expect(translationKey(fourth)).toBe('history.export.too-many-jobs');
    await t.app.jobs.drain();
    jobOf(await request(stranger, { format: 'csv' }));
    await t.app.jobs.drain();
  });

  it('writes an XLSX of as many rows as one file may hold, and fails one row more before writing any', async () => {
    const busy = await createMerchant(t);
    const orderId = await placeOrder(t, busy);
    // Exactly as many delivered orders as an e-mailed XLSX may hold, all within yesterday's afternoon.
    await copyOrder(orderId, XLSX_JOB_MAX_ROWS, 0.1);
    const full = jobOf(await request(busy, { format: 'xlsx', status: 'DELIVERED' }));
    await t.app.jobs.drain();
    const jobRow = async (exportId: string) =>
      (
        await t.db.query<{ status: string; error_key: string | null; done_rows: number }>(
          'select status, error_key, done_rows from order_export_jobs where export_id = $1',
          [exportId],
        )
      )[0];
    expect(await jobRow(full.export_id)).toEqual({ status: 'READY', error_key: null, done_rows: XLSX_JOB_MAX_ROWS });

    // The merchant's own order, delivered yesterday too, is the one row more.
    await t.db.query(
      `update orders set status = 'DELIVERED', created_at = timestamptz '2026-03-09T07:00:00Z' where order_id = $1`,
      [orderId],
    );
    const tooLarge = jobOf(await request(busy, { format: 'xlsx', status: 'DELIVERED' }));
    await t.app.jobs.drain();
    expect(await jobRow(tooLarge.export_id)).toEqual({
      status: 'FAILED',
      error_key: 'history.export.job-too-large',
      done_rows: 0,
    });
    const parts = await t.db.query('select 1 from order_export_file_parts where export_id = $1', [tooLarge.export_id]);
    expect(parts).toEqual([]);
    const [message] = await outbox(t.app, busy.email);
    expect(message?.subject).toMatch(/could not be prepared/);
    expect(message?.text).toContain('more than 100,000 orders, too many for one Excel file');
    expect(message?.text).not.toContain('/order-exports/');
  }, 180_000);

  it('fails the job, and says why by e-mail, when the merchant lost the vendor before it ran', async () => {
    const outsider = await createMerchant(t);
    const job = jobOf(await request(outsider, { format: 'csv' }));
    await t.db.query('delete from user_vendors where vendor_id = $1', [outsider.vendorId]);
    await t.app.jobs.drain();
    const [row] = await t.db.query<{ status: string; error_key: string }>(
      'select status, error_key from order_export_jobs where export_id = $1',
      [job.export_id],
    );
    expect(row).toEqual({ status: 'FAILED', error_key: 'history.export.no-access' });
    const [message] = await outbox(t.app, outsider.email);
    expect(message?.subject).toMatch(/^Your CSV export of .+ could not be prepared: Mar 9, 2026, 12:00 AM – 11:59 PM$/);
    expect(message?.subject).not.toContain(outsider.vendorId);
    expect(message?.text).toContain('You no longer have access to this branch.');
  });
});
