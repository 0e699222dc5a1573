import * as XLSX from '@e965/xlsx';
import { OrderListAnswerSchema } from '@riderdesk/domain/contracts/order-list';
import { presetRange } from '@riderdesk/domain/date-presets';
import { rangeQuery } from '@riderdesk/domain/order-history';
import type { OrderStatus } from '@riderdesk/domain/order-status';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyFilters } from '../src/modules/orders/list-service.ts';
import { findOrderPage } from '../src/modules/orders/repo.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, type Merchant } from './support/factories.ts';
import { type OrderBody, placeOrder, translationKey } from './support/orders.ts';

const KARACHI = 'Asia/Karachi';

describe.each(databases())('order history on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let stranger: Merchant;
  // The clock stands at 13:00 on 10 March 2026 in Karachi: yesterday is 9 March.
  let yesterday: { from: string; to: string };
  const ids: Record<string, string> = {};

  const get = (who: Merchant, url: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/vendor/${who.vendorId}/${url}`, headers: who.headers });
  const list = async (query: Record<string, string>, who = merchant) => {
    const response = await get(who, `orders?${new URLSearchParams(query)}`);
    expect(response.statusCode, response.body).toBe(200);
    // The answer is exactly its contract: nothing the schema would drop or change.
    const answer = response.json();
    expect(OrderListAnswerSchema.parse(answer)).toEqual(answer);
    return OrderListAnswerSchema.parse(answer).result;
  };
  const idsOf = (result: { data: { order_id: string }[] }) => result.data.map((order) => order.order_id);

  /** Moves an order to a time and a status, with the history entry the status needs. */
  async function rewrite(orderId: string, createdAt: string, status?: OrderStatus) {
    await t.db.query('update orders set created_at = $2, updated_at = $2 where order_id = $1', [orderId, createdAt]);
    await t.db.query('update order_status_history set created_at = $2 where order_id = $1', [orderId, createdAt]);
    if (status) {
      await t.db.query('update orders set status = $2 where order_id = $1', [orderId, status]);
      await t.db.query('insert into order_status_history (order_id, status, created_at) values ($1, $2, $3)', [
        orderId,
        status,
        new Date(Date.parse(createdAt) + 40 * 60_000).toISOString(),
      ]);
    }
  }

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
    stranger = await createMerchant(t);
    yesterday = rangeQuery(presetRange('Yesterday', t.clock.now(), KARACHI));
    const place = (name: string, phone: string, extra: (body: OrderBody) => void = () => {}) =>
      placeOrder(t, merchant, (body) => {
        body.customer.name = name;
        body.customer.phone_number = phone;
        extra(body);
      });
    // 23:59 and 00:01 Karachi time around the start of yesterday and of today.
    ids.lateYesterday = await place('Ayesha Khan', '+923001234567');
    await rewrite(ids.lateYesterday, '2026-03-09T18:59:00Z', 'DELIVERED');
    ids.earlyToday = await place('Ayesha Khan', '+923001234567');
    await rewrite(ids.earlyToday, '2026-03-09T19:01:00Z', 'DELIVERED');
    ids.earlyYesterday = await place('Bilal Ahmed', '+923219876543');
    await rewrite(ids.earlyYesterday, '2026-03-08T19:01:00Z', 'CANCELLED');
    ids.lateDayBefore = await place('Bilal Ahmed', '+923219876543');
    await rewrite(ids.lateDayBefore, '2026-03-08T18:59:00Z', 'DELIVERED');
    ids.collected = await place('Sana Mir', '+923335551234');
    await rewrite(ids.collected, '2026-03-09T10:00:00Z', 'PICKED_UP');
    ids.hostile = await place('زینب علی', '+923451112233', (body) => {
      (body.customer.location as Record<string, unknown>).notes = '=HYPERLINK("http://attacker.example","open")';
      body.order.description = '+cmd /c calc';
      body.vat_number = '@VAT1234';
    });
    await rewrite(ids.hostile, '2026-03-09T12:00:00Z', 'DELIVERED');
  });
  afterAll(() => t.close());

  it('takes yesterday in Karachi time: 23:59 yesterday is in, 00:01 today and 23:59 the day before are out', async () => {
    const result = await list({ ...yesterday });
    expect(idsOf(result)).toEqual([ids.lateYesterday, ids.hostile, ids.collected, ids.earlyYesterday]);
    expect(idsOf(result)).not.toContain(ids.earlyToday);
    expect(idsOf(result)).not.toContain(ids.lateDayBefore);
  });

  it.each([
    ['DELIVERED', ['lateYesterday', 'hostile']],
    ['CANCELLED', ['earlyYesterday']],
    ['COLLECTED', ['collected']],
    ['NEW', []],
    ['ANY', ['lateYesterday', 'hostile', 'collected', 'earlyYesterday']],
  ])('filters by the status value %s', async (status, expected) => {
    expect(idsOf(await list({ ...yesterday, status }))).toEqual(expected.map((name) => ids[name]));
  });

  it('lists returned orders under RETURNED, not DELIVERED, and pre-orders still to come under SCHEDULED', async () => {
    const march5 = { from: '2026-03-05T00:00:00Z', to: '2026-03-05T23:59:59.999Z' };
    const returned = await placeOrder(t, merchant);
    await rewrite(returned, '2026-03-05T10:00:00Z', 'RETURNED_TO_VENDOR');
    const delivered = await placeOrder(t, merchant);
    await rewrite(delivered, '2026-03-05T09:00:00Z', 'DELIVERED');
    // Created on 5 March for 11 March (after the clock's 10 March), and one whose time has come (9 March).
    const upcoming = await placeOrder(t, merchant);
    await rewrite(upcoming, '2026-03-05T08:00:00Z', 'WAITING_FOR_TRANSPORT');
    const due = await placeOrder(t, merchant);
    await rewrite(due, '2026-03-05T07:00:00Z', 'WAITING_FOR_TRANSPORT');
    await t.db.query('update orders set preordered_for = $2 where order_id = $1', [upcoming, '2026-03-11T07:00:00Z']);
    await t.db.query('update orders set preordered_for = $2 where order_id = $1', [due, '2026-03-09T07:00:00Z']);
    expect(idsOf(await list({ ...march5, status: 'RETURNED' }))).toEqual([returned]);
    expect(idsOf(await list({ ...march5, status: 'DELIVERED' }))).toEqual([delivered]);
    expect(idsOf(await list({ ...march5, status: 'SCHEDULED' }))).toEqual([upcoming]);
    // Another merchant asking for the same filter sees none of them.
    const theirs = await get(stranger, `orders?${new URLSearchParams({ ...march5, status: 'RETURNED' })}`);
    expect(theirs.json().result.data).toEqual([]);
  });

  it('lists DELAYED orders under NEW or COLLECTED by their history, as the buckets do (spec §4)', async () => {
    const addHistory = async (orderId: string, statuses: OrderStatus[]) => {
      for (const [index, status] of statuses.entries()) {
        await t.db.query('insert into order_status_history (order_id, status, created_at) values ($1, $2, $3)', [
          orderId,
          status,
          new Date(Date.parse('2026-03-06T10:00:00Z') + (index + 1) * 60_000).toISOString(),
        ]);
      }
    };
    const late = await placeOrder(t, merchant);
    await rewrite(late, '2026-03-06T10:00:00Z', 'PICKED_UP');
    await addHistory(late, ['DELAYED']);
    const backToNew = await placeOrder(t, merchant);
    await rewrite(backToNew, '2026-03-06T09:00:00Z', 'PICKED_UP');
    await addHistory(backToNew, ['CANCELLED', 'RETURNED_TO_VENDOR', 'DELAYED']);
    await t.db.query(`update orders set status = 'DELAYED' where order_id = any($1::text[])`, [[late, backToNew]]);
    const march6 = { from: '2026-03-06T00:00:00Z', to: '2026-03-06T23:59:59.999Z' };
    expect(idsOf(await list({ ...march6, status: 'COLLECTED' }))).toEqual([late]);
    expect(idsOf(await list({ ...march6, status: 'NEW' }))).toEqual([backToNew]);
    expect(idsOf(await list({ ...march6, status: 'DELIVERED' }))).toEqual([]);
    expect(idsOf(await list({ ...march6, status: 'CANCELLED' }))).toEqual([]);
    expect(idsOf(await list({ ...march6, status: 'ANY' }))).toEqual([late, backToNew]);
  });

  it.each([
    ['a phone typed nationally with spaces', '0300 123 4567', ['lateYesterday']],
    ['part of a phone', '1234567', ['lateYesterday']],
    ['a name ignoring spaces and case', 'ayeshakhan', ['lateYesterday']],
    ['part of a name in Urdu', 'زینب', ['hostile']],
    ['an order id in lower case', () => ids.collected!.toLowerCase(), ['collected']],
    ['a wildcard that must not match everything', '%', []],
  ])('searches by %s over the whole range', async (_name, term, expected) => {
    const search = typeof term === 'function' ? term() : term;
    expect(idsOf(await list({ ...yesterday, search }))).toEqual(expected.map((name) => ids[name]));
  });

  it('takes %, _ and \\ in a term as themselves, not as wildcards', async () => {
    const id = await placeOrder(t, merchant, (body) => {
      body.customer.phone_number = '+923008887766';
    });
    await rewrite(id, '2026-03-07T10:00:00Z', 'DELIVERED');
    // A name the order form refuses, as an import or an older client may have stored it.
    await t.db.query('update orders set customer_name = $2 where order_id = $1', [id, 'Nadia 50%_Off \\ Store']);
    const march7 = { from: '2026-03-07T00:00:00Z', to: '2026-03-07T23:59:59.999Z' };
    for (const search of ['50%_off', '%_o', '_off\\', '\\store', 'nadia50%']) {
      expect(idsOf(await list({ ...march7, search })), search).toEqual([id]);
    }
    // Each of these would match the name if %, _ or \ were wildcards or escapes.
    for (const search of ['50%%', 'i_50', '50__off', 'off\\\\', 'n%a', '%off\\x']) {
      expect(idsOf(await list({ ...march7, search })), search).toEqual([]);
    }
  });

  it('finds a complete phone, part of one and a name among many orders of the period', async () => {
    const placed: string[] = [];
    for (let index = 0; index < 12; index++) {
      placed.push(
        await placeOrder(t, merchant, (body) => {
          body.customer.phone_number = `+9233312345${String(index).padStart(2, '0')}`;
        }),
      );
    }
    for (const [index, id] of placed.entries()) {
      await rewrite(id, `2026-03-06T${String(index + 10)}:00:00Z`);
      await t.db.query('update orders set customer_name = $2 where order_id = $1', [id, `Crowd Customer ${index}`]);
    }
    const march6 = { from: '2026-03-06T00:00:00Z', to: '2026-03-06T23:59:59.999Z' };
    expect(idsOf(await list({ ...march6, search: '0333 1234507' }))).toEqual([placed[7]]);
    expect(idsOf(await list({ ...march6, search: '+92 333 1234511' }))).toEqual([placed[11]]);
    expect(idsOf(await list({ ...march6, search: '12345 1' }))).toEqual([placed[11], placed[10]]);
    expect(idsOf(await list({ ...march6, search: 'crowd customer 1' }))).toEqual([placed[11], placed[10], placed[1]]);
    expect(idsOf(await list({ ...march6, search: '0333 1234599' }))).toEqual([]);
  });

  it('compares a whole number whole, and still finds it in a name or an order id', async () => {
    const byPhone = await placeOrder(t, merchant, (body) => {
      body.customer.phone_number = '+923451112233';
    });
    const byName = await placeOrder(t, merchant);
    const longer = await placeOrder(t, merchant);
    for (const id of [byPhone, byName, longer]) await rewrite(id, '2026-03-07T12:00:00Z', 'DELIVERED');
    await t.db.query('update orders set customer_name = $2 where order_id = $1', [byName, 'Call 0345 1112233']);
    // A number another country could hold, with the whole number inside its digits (as an import may store).
    await t.db.query('update orders set customer_phone = $2 where order_id = $1', [longer, '+49923451112233']);
    const march7 = { from: '2026-03-07T00:00:00Z', to: '2026-03-07T23:59:59.999Z' };
    for (const query of [{}, { searchScanMaxRows: 0 }, { searchScanMaxRows: Number.MAX_SAFE_INTEGER }]) {
      const found = await findOrderPage(t.db, {
        vendorId: merchant.vendorId,
        includeOutlets: false,
        isScheduled: false,
        ...march7,
        customerPhone: null,
        ...historyFilters({ search: '0345 111 2233' }, t.config.deployment.country),
        after: null,
        limit: 100,
        ...query,
      });
      expect(found.map((row) => row.order_id).sort()).toEqual([byPhone, byName].sort());
    }
    // Part of the number is looked for inside every phone (the longer one included) and every name.
    expect(idsOf(await list({ ...march7, search: '345 111 22' })).sort()).toEqual([byPhone, byName, longer].sort());
  });

  it('finds the same through the trigram indexes as by reading the whole period', async () => {
    const periods = [yesterday, { from: '2026-03-06T00:00:00Z', to: '2026-03-07T23:59:59.999Z' }];
    const terms = ['0300 123 4567', '1234567', 'ayeshakhan', 'زینب', '%', '_off\\', '50%_off', 'i_50', '12345 1'];
    terms.push('+92 333 1234511', '0333 1234507', 'crowd customer 1', 'ka-', ids.collected!.toLowerCase());
    for (const period of periods) {
      for (const search of terms) {
        const query = {
          vendorId: merchant.vendorId,
          includeOutlets: false,
          isScheduled: false,
          ...period,
          customerPhone: null,
          ...historyFilters({ search }, t.config.deployment.country),
          after: null,
          limit: 100,
        };
        const read = await findOrderPage(t.db, { ...query, searchScanMaxRows: Number.MAX_SAFE_INTEGER });
        const indexed = await findOrderPage(t.db, { ...query, searchScanMaxRows: 0 });
        expect(
          indexed.map((row) => row.order_id),
          search,
        ).toEqual(read.map((row) => row.order_id));
      }
    }
  });

  it('combines the search with the status filter and the range', async () => {
    expect(idsOf(await list({ ...yesterday, search: '0321 9876543', status: 'CANCELLED' }))).toEqual([
      ids.earlyYesterday,
    ]);
    expect(idsOf(await list({ ...yesterday, search: '0321 9876543', status: 'DELIVERED' }))).toEqual([]);
  });

  it('pages a filtered search with neither gaps nor duplicates', async () => {
    const many: string[] = [];
    for (let index = 0; index < 7; index++) {
      const id = await placeOrder(t, merchant, (body) => {
        body.customer.name = 'Page Customer';
        body.customer.phone_number = '+923007770000';
      });
      // Three share one instant, so the order id breaks the tie.
      await rewrite(id, index < 3 ? '2026-03-09T09:00:00Z' : `2026-03-09T0${index}:00:00Z`, 'DELIVERED');
      many.push(id);
    }
    const seen: string[] = [];
    let key: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string> = { ...yesterday, search: 'pagecustomer', status: 'DELIVERED', count: '3' };
      if (key) query.pagination_key = key;
      const page = await list(query);
      seen.push(...idsOf(page));
      key = page.pagination.pagination_key;
      pages++;
    } while (key && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(many));
  });

  it('refuses an unknown status and a search longer than 64 characters', async () => {
    expect((await get(merchant, 'orders?status=RETURNED_TO_VENDOR')).statusCode).toBe(400);
    expect((await get(merchant, 'orders?status=returned')).statusCode).toBe(400);
    expect((await get(merchant, `orders?search=${'9'.repeat(65)}`)).statusCode).toBe(400);
  });

  describe('export', () => {
    // From 15:00 Karachi time yesterday: after the orders of the paging test.
    const exportOf = (query: Record<string, string>, who = merchant) =>
      get(who, `orders/export?${new URLSearchParams({ ...yesterday, from: '2026-03-09T10:00:00Z', ...query })}`);

    it('writes CSV in UTF-8 with a BOM, numbers as numbers, Karachi times and neutralised formulas', async () => {
      const response = await exportOf({ format: 'csv', status: 'DELIVERED' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-.+\.csv"$/);
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines[0]).toMatch(/^Order ID,Created,Branch,/);
      expect(lines).toHaveLength(3);
      const late = lines.find((line) => line.startsWith(ids.lateYesterday!));
      expect(late).toContain(',2026-03-09 23:59:00,');
      // A phone number is not a formula: it is written as it is, without an apostrophe (OWASP leaves it alone).
      expect(late).toContain(',+923001234567,');
      expect(lines.join('\n')).not.toContain("'+92");
      expect(late).toMatch(/,Delivered,/);
      const hostile = lines.find((line) => line.startsWith(ids.hostile!)) ?? '';
      expect(hostile).toContain('زینب علی');
      expect(hostile).toContain(`"'=HYPERLINK(""http://attacker.example"",""open"")"`);
      expect(hostile).toContain(",'+cmd /c calc");
      expect(hostile).toContain(",'@VAT1234,");
      // The customer pays 1500 for the item: a number, not text.
      expect(hostile).toMatch(/,1500,/);
    });

    it('says which orders the rider checks the age of', async () => {
      await t.db.query('update orders set age_validation_required = true where order_id = $1', [ids.hostile!]);
      try {
        const lines = (await exportOf({ format: 'csv', status: 'DELIVERED' })).body.replace(/^\uFEFF/, '').split('\n');
        const headings = lines[0]?.split(',') ?? [];
        const column = headings.indexOf('Age check');
        expect(column).toBeGreaterThan(0);
        const cellOf = (id: string | undefined) =>
          XLSX.read(lines.find((line) => line.startsWith(id!)) ?? '', { type: 'string', raw: true });
        const ageCellOf = (id: string | undefined) => {
          const sheet = cellOf(id).Sheets.Sheet1!;
          return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null })[0]?.[column];
        };
        expect(ageCellOf(ids.hostile)).toBe('Required');
        expect(ageCellOf(ids.lateYesterday)).toBeNull();
      } finally {
        await t.db.query('update orders set age_validation_required = false where order_id = $1', [ids.hostile!]);
      }
    });

    it('writes XLSX in which no cell is a formula and amounts are numbers', async () => {
      const response = await exportOf({ format: 'xlsx', lang: 'ur_alt' });
      expect(response.statusCode).toBe(200);
      const book = XLSX.read(response.rawPayload, { type: 'buffer', cellFormula: true });
      const sheet = book.Sheets[book.SheetNames[0]!]!;
      const cells = Object.entries(sheet).filter(([address]) => !address.startsWith('!'));
      expect(cells.length).toBeGreaterThan(0);
      expect(cells.filter(([, cell]) => (cell as XLSX.CellObject).f !== undefined)).toEqual([]);
      const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
      expect(rows).toHaveLength(4);
      // Headings in Urdu with lang=ur_alt.
      expect(String(rows[0]?.[0])).not.toBe('Order ID');
      const hostile = rows.find((row) => row[0] === ids.hostile) ?? [];
      expect(hostile).toContain('=HYPERLINK("http://attacker.example","open")');
      expect(hostile).toContain(1500);
      expect(hostile).toContain('+923451112233');
      // Times are dates with a date format, so the sheet sorts and filters them as dates.
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const worksheet = workbook.worksheets[0]!;
      const hostileRow = rows.indexOf(hostile) + 1;
      const created = worksheet.getRow(hostileRow).getCell(2);
      expect(created.type).toBe(ExcelJS.ValueType.Date);
      expect(created.value).toEqual(new Date('2026-03-09T17:00:00Z'));
      expect(created.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
      // An Urdu sheet reads from the right; an English one from the left.
      const viewOf = async (file: Buffer) => {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(file as unknown as ArrayBuffer);
        return workbook.worksheets[0]?.views[0];
      };
      expect(await viewOf(response.rawPayload)).toMatchObject({ rightToLeft: true });
      expect(await viewOf((await exportOf({ format: 'xlsx', lang: 'en' })).rawPayload)).toMatchObject({
        rightToLeft: false,
      });
    });

    it('adds the card payment and its refund to orders paid online, and leaves them empty for cash', async () => {
      const [before] = await t.db.query<{ payment_method: string }>(
        'select payment_method from orders where order_id = $1',
        [ids.hostile ?? null],
      );
      await t.db.query(
        `update orders set payment_method = 'ONLINE_PAYMENT', payment_status = 'refunded',
           paid_minor = delivery_fee_minor, refunded_minor = delivery_fee_minor, card_scheme = 'visa',
           card_last4 = '4242' where order_id = $1`,
        [ids.hostile ?? null],
      );
      await t.db.query(
        `update orders set payment_method = 'ONLINE_PAYMENT', payment_status = 'captured',
           paid_minor = delivery_fee_minor, card_scheme = 'mastercard', card_last4 = '4444' where order_id = $1`,
        [ids.collected ?? null],
      );
      try {
        const response = await exportOf({ format: 'xlsx' });
        expect(response.statusCode).toBe(200);
        const book = XLSX.read(response.rawPayload, { type: 'buffer' });
        const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!, {
          raw: true,
        });
        const byId = new Map(rows.map((row) => [row['Order ID'], row]));
        const refunded = byId.get(ids.hostile)!;
        expect(refunded).toMatchObject({
          'Payment method': 'Paid online',
          'Payment status': 'Paid',
          'Refund status': 'Refunded',
          Card: 'visa •••• 4242',
        });
        expect(refunded['Paid by card']).toBe(refunded['Delivery fee']);
        expect(refunded.Refunded).toBe(refunded['Delivery fee']);
        expect(typeof refunded.Refunded).toBe('number');
        const captured = byId.get(ids.collected)!;
        expect(captured).toMatchObject({ 'Payment status': 'Paid', Refunded: 0, Card: 'mastercard •••• 4444' });
        expect(captured['Refund status']).toBeUndefined();
        const cash = byId.get(ids.lateYesterday);
        expect(cash?.['Payment method']).toBe('Cash on delivery');
        expect(cash?.['Payment status']).toBeUndefined();
        expect(cash?.['Paid by card']).toBeUndefined();
      } finally {
        await t.db.query(
          `update orders set payment_method = $2, payment_status = null, paid_minor = 0,
             refunded_minor = 0, card_scheme = null, card_last4 = null where order_id = any($1::text[])`,
          [[ids.hostile!, ids.collected!], before!.payment_method],
        );
      }
    });

    it('refuses a range longer than the history allows, and another merchant’s vendor', async () => {
      const tooLong = await exportOf({ format: 'csv', from: '2025-01-01T00:00:00Z' });
      expect(tooLong.statusCode).toBe(400);
      expect(translationKey(tooLong)).toBe('history.range.too-long');
      const theirs = await t.app.inject({
        method: 'GET',
        url: `/api/v1/vendor/${merchant.vendorId}/orders/export?${new URLSearchParams({ ...yesterday, format: 'csv' })}`,
        headers: stranger.headers,
      });
      expect(theirs.statusCode).toBe(403);
      expect((await exportOf({ format: 'pdf' })).statusCode).toBe(400);
    });

    it('streams a CSV over many keyset batches, and sends an XLSX past 10 000 rows back to the CSV', async () => {
      // 10 001 copies of one order inside yesterday, made by the database at once.
      await t.db.query(
        `insert into orders (order_id, vendor_id, tracking_token, status, created_at, updated_at, currency,
           delivery_fee_minor, distance_m, customer_name, customer_phone, customer_address, customer_latitude,
           customer_longitude, pickup_latitude, pickup_longitude, amount_minor, description, payment_method)
         select o.order_id || '-B' || g, o.vendor_id, md5(o.tracking_token || g), 'DELIVERED',
                o.created_at + make_interval(secs => g), o.updated_at, o.currency, o.delivery_fee_minor,
                o.distance_m, 'Bulk Customer', o.customer_phone, o.customer_address, o.customer_latitude,
                o.customer_longitude, o.pickup_latitude, o.pickup_longitude, o.amount_minor, o.description,
                o.payment_method
           from orders o, generate_series(1, 10001) g where o.order_id = $1`,
        [ids.collected ?? null],
      );
      const csv = await exportOf({ format: 'csv', search: 'bulkcustomer' });
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.trim().split('\n');
      expect(lines).toHaveLength(10_002);
      expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(10_001);
      const xlsx = await exportOf({ format: 'xlsx', search: 'bulkcustomer' });
      expect(xlsx.statusCode).toBe(422);
      expect(translationKey(xlsx)).toBe('history.export.too-large');
    });
  });
});
