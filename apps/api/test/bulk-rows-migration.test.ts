import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPglite } from '../src/db/db.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';

// Migration 102 (docs/decisions/102-bulk-rows-in-fewer-bytes.md): a row checked before it kept its whole order
// body and its cells by name; afterwards only where the order goes, taken from that body, and the cells'
// values in the repository's order.
describe('migration 102: bulk rows in fewer bytes', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite('memory://');
    const migrations = await readMigrations();
    await migrate(
      db,
      migrations.filter((migration) => migration.version < 102),
    );
    await db.query(
      `insert into vendors (vendor_id, name, currency, country_code) values ('v-1', 'Grill', 'PKR', 'PK')`,
    );
    await db.query(
      `insert into bulk_jobs (bulk_job_id, vendor_id, created_at, status, total_rows, currency)
       values ('8f0c3c9e-5a53-4f43-9a57-1f1f2b1c0d01', 'v-1', now(), 'PREPROCESS_SUCCESS_WITH_ERROR', 2, 'PKR')`,
    );
    const cells = {
      row_number: 2,
      customer_name: 'Ayesha Khan',
      phone_number: '03001234567',
      address: 'House 1, Clifton',
      latitude: 24.8138,
      longitude: 67.0402,
      unit: 'Flat 2',
      building: 'Sea Breeze',
      rider_notes: 'Ring twice',
      item_description: 'Biryani',
      amount: '1500',
      payment_method: 'CASH_ON_DELIVERY',
      delivery_type: 'SCHEDULED',
      scheduled_time: 46000.5,
      collection_point_id: '',
    };
    const body = { vendor_id: 'v-1', customer: { location: { latitude: 24.8138, longitude: 67.0402 } } };
    await db.query(
      `insert into bulk_job_rows (bulk_job_id, row_number, status, input, order_body, collection_point_id)
       values ('8f0c3c9e-5a53-4f43-9a57-1f1f2b1c0d01', 2, 'VALID', $2::json, $1::json, 'v-1'),
              ('8f0c3c9e-5a53-4f43-9a57-1f1f2b1c0d01', 3, 'INVALID', $3::json, null, 'v-1')`,
      [JSON.stringify(body), JSON.stringify(cells), JSON.stringify({ ...cells, row_number: 3, latitude: null })],
    );
    await migrate(db, migrations);
  });
  afterAll(() => db.close());

  it('moves a checked row’s coordinates out of its order body, drops the body and keeps the cells as values', async () => {
    const rows = await db.query<{
      row_number: number;
      destination_latitude: number | null;
      destination_longitude: number | null;
    }>(`select row_number, destination_latitude, destination_longitude from bulk_job_rows order by row_number`);
    expect(rows).toEqual([
      { row_number: 2, destination_latitude: 24.8138, destination_longitude: 67.0402 },
      { row_number: 3, destination_latitude: null, destination_longitude: null },
    ]);
    const stored = await db.query<{ input: unknown }>(`select input from bulk_job_rows order by row_number`);
    const values: (string | number | null)[] = [
      'Ayesha Khan',
      '03001234567',
      'House 1, Clifton',
      24.8138,
      67.0402,
      'Flat 2',
      'Sea Breeze',
      'Ring twice',
      'Biryani',
      '1500',
      'CASH_ON_DELIVERY',
      'SCHEDULED',
      46000.5,
      '',
    ];
    // The second row was stored without a latitude.
    expect(stored.map((row) => row.input)).toEqual([values, values.with(3, null)]);
    const columns = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'bulk_job_rows' and column_name = 'order_body'`,
    );
    expect(columns).toEqual([]);
  });
});
