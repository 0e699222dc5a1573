import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPglite } from '../src/db/db.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';

// Migration 102 (docs/decisions/102-bulk-rows-keep-their-destination.md): a row checked before it kept its
// whole order body; afterwards only where the order goes, taken from that body.
describe('migration 102: bulk rows keep their destination', () => {
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
    const body = { vendor_id: 'v-1', customer: { location: { latitude: 24.8138, longitude: 67.0402 } } };
    await db.query(
      `insert into bulk_job_rows (bulk_job_id, row_number, status, input, order_body, collection_point_id)
       values ('8f0c3c9e-5a53-4f43-9a57-1f1f2b1c0d01', 2, 'VALID', '{}', $1::json, 'v-1'),
              ('8f0c3c9e-5a53-4f43-9a57-1f1f2b1c0d01', 3, 'INVALID', '{}', null, 'v-1')`,
      [JSON.stringify(body)],
    );
    await migrate(db, migrations);
  });
  afterAll(() => db.close());

  it('moves a checked row’s coordinates out of its order body and drops the body', async () => {
    const rows = await db.query<{
      row_number: number;
      destination_latitude: number | null;
      destination_longitude: number | null;
    }>(`select row_number, destination_latitude, destination_longitude from bulk_job_rows order by row_number`);
    expect(rows).toEqual([
      { row_number: 2, destination_latitude: 24.8138, destination_longitude: 67.0402 },
      { row_number: 3, destination_latitude: null, destination_longitude: null },
    ]);
    const columns = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'bulk_job_rows' and column_name = 'order_body'`,
    );
    expect(columns).toEqual([]);
  });
});
