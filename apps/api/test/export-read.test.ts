import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_STEPS } from '../src/modules/orders/export-format.ts';
import { type ExportRecord, findExportBatch, type OrderPageQuery } from '../src/modules/orders/repo.ts';
import { createTestDb, databases, type TestDb } from './support/app.ts';

// The export's read (decision 103): its times are written in the country zone by the database, not by Node.
describe.each(databases())('the export read on %s', (kind) => {
  let test: TestDb;
  const query = (vendorId: string): OrderPageQuery => ({
    vendorId,
    includeOutlets: false,
    isScheduled: false,
    from: '2026-01-01T00:00:00Z',
    to: '2026-12-31T00:00:00Z',
    customerPhone: null,
    statuses: null,
    search: null,
    after: null,
    limit: 2000,
  });
  const insertOrders = (vendorId: string, instants: readonly string[], riderId: string | null = null) =>
    test.db.query(
      `insert into orders (order_id, vendor_id, tracking_token, status, created_at, updated_at, currency,
         delivery_fee_minor, distance_m, customer_name, customer_phone, customer_address, customer_latitude,
         customer_longitude, pickup_latitude, pickup_longitude, amount_minor, description, payment_method, rider_id)
       select $1 || '-' || i, $1, md5($1 || i), 'DELIVERED', at, at, 'PKR', 20000, 3000, 'Customer', '+923001234567',
              'House 1, Clifton', 24.81, 67.03, 24.8, 67.03, 150000, 'Meal', 'CASH_ON_DELIVERY', $3::uuid
         from unnest($2::timestamptz[]) with ordinality as t(at, i)`,
      [vendorId, instants, riderId],
    );

  beforeAll(async () => {
    test = await createTestDb(kind);
    await test.db.query(
      `insert into vendors (vendor_id, name, currency, country_code)
       values ('zones', 'Zones', 'PKR', 'PK'), ('steps', 'Steps', 'PKR', 'PK')`,
    );
  });
  afterAll(() => test.drop());

  it('writes every time as date-fns writes it in the zone, minute by minute across offset changes', async () => {
    // Around the 2026 spring and autumn changes of London, St John's and Lord Howe (a 30-minute shift).
    const starts = ['2026-03-29T00:00:00Z', '2026-10-25T00:00:00Z', '2026-03-08T03:00:00Z', '2026-04-04T14:00:00Z'];
    const instants = starts.flatMap((start) =>
      Array.from({ length: 240 }, (_, minute) => new Date(Date.parse(start) + minute * 60_000 + 17_500).toISOString()),
    );
    await insertOrders('zones', instants);
    await test.db.query(
      `insert into order_status_history (order_id, status, created_at)
       select order_id, 'DELIVERED', created_at + interval '59 minutes 30 seconds' from orders where vendor_id = 'zones'`,
    );
    const zones = ['Asia/Karachi', 'Europe/London', 'America/St_Johns', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
    for (const timeZone of zones) {
      const rows = await findExportBatch(test.db, query('zones'), timeZone, EXPORT_STEPS);
      expect(rows).toHaveLength(instants.length);
      const inZone = (instant: number) => format(new TZDate(instant, timeZone), 'yyyy-MM-dd HH:mm:ss');
      for (const row of rows) {
        const created = Date.parse(row.cursor_at);
        expect(row.created_at, `${timeZone} ${row.cursor_at}`).toBe(inZone(created));
        expect(row.delivered_at, `${timeZone} ${row.cursor_at}`).toBe(inZone(created + 59.5 * 60_000));
      }
    }
  });

  it("gives each step its latest entry's time, leaves a step never reached empty, and names the rider", async () => {
    const [rider] = await test.db.query<{ id: string }>(
      `insert into riders (name, phone, token_hash) values ('Imran Rider', '+923110000001', 'hash-1') returning id`,
    );
    await insertOrders('steps', ['2026-06-01T10:00:00Z', '2026-06-01T09:00:00Z'], rider!.id);
    // The first order was accepted, offered again, accepted a second time, collected, then stalled.
    await test.db.query(
      `insert into order_status_history (order_id, status, created_at) values
         ('steps-1', 'NEW', '2026-06-01T10:00:00Z'),
         ('steps-1', 'COURIER_ACCEPTED_DELIVERY', '2026-06-01T10:02:00Z'),
         ('steps-1', 'NEW', '2026-06-01T10:05:00Z'),
         ('steps-1', 'COURIER_ACCEPTED_DELIVERY', '2026-06-01T10:07:00Z'),
         ('steps-1', 'PICKED_UP', '2026-06-01T10:20:00Z'),
         ('steps-1', 'STALLED', '2026-06-01T10:50:00Z')`,
    );
    const rows = await findExportBatch(test.db, query('steps'), 'Asia/Karachi', EXPORT_STEPS);
    expect(rows.map((row) => row.order_id)).toEqual(['steps-1', 'steps-2']);
    expect(rows[0]).toMatchObject<Partial<ExportRecord>>({
      created_at: '2026-06-01 15:00:00',
      accepted_at: '2026-06-01 15:07:00',
      picked_up_at: '2026-06-01 15:20:00',
      delivered_at: null,
      cancelled_at: '2026-06-01 15:50:00',
      rider_name: 'Imran Rider',
      outlet_name: 'Steps',
      delivery_fee_minor: 20000,
      amount_minor: 150000,
    });
    // An order without history entries still has its row, with every step empty.
    expect(rows[1]).toMatchObject<Partial<ExportRecord>>({
      created_at: '2026-06-01 14:00:00',
      accepted_at: null,
      picked_up_at: null,
      delivered_at: null,
      cancelled_at: null,
    });
  });

  it('pages by the same keyset as the history list', async () => {
    const first = await findExportBatch(test.db, { ...query('zones'), limit: 7 }, 'Asia/Karachi', EXPORT_STEPS);
    const last = first.at(-1)!;
    const next = await findExportBatch(
      test.db,
      { ...query('zones'), limit: 7, after: { at: last.cursor_at, id: last.order_id } },
      'Asia/Karachi',
      EXPORT_STEPS,
    );
    const all = await findExportBatch(test.db, { ...query('zones'), limit: 14 }, 'Asia/Karachi', EXPORT_STEPS);
    expect([...first, ...next].map((row) => row.order_id)).toEqual(all.map((row) => row.order_id));
  });
});
