import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPglite } from '../src/db/db.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';

const READY = '7d7f4c1e-2b8a-4c55-9d0e-3a1b2c3d4e01';
const RUNNING = '7d7f4c1e-2b8a-4c55-9d0e-3a1b2c3d4e02';
const USER = '5a1e2d3c-4b5a-4969-8877-665544332211';

// Migration 103 (docs/decisions/108-export-files-in-parts.md): a file stored whole in its request's row before
// becomes the first and only part of that file, and its size is kept for the download's Content-Length.
describe('migration 103: e-mailed export files in parts', () => {
  let db: Db;
  const file = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Order ID,Customer\nPKGC-1,زینب علی\n')]);
  beforeAll(async () => {
    db = await openPglite('memory://');
    const migrations = await readMigrations();
    await migrate(
      db,
      migrations.filter((migration) => migration.version < 103),
    );
    await db.query(
      `insert into vendors (vendor_id, name, currency, country_code) values ('v-1', 'Grill', 'PKR', 'PK')`,
    );
    await db.query(`insert into users (id, email, password_hash) values ($1, 'owner@grill.pk', 'x')`, [USER]);
    await db.query(
      `insert into order_export_jobs (export_id, vendor_id, user_id, email, format, filters, status, done_rows,
         total_rows, file_name, content_type, file, created_at, expires_at)
       values ($1, 'v-1', $3, 'owner@grill.pk', 'csv', '{}', 'READY', 1, 1, 'orders.csv', 'text/csv', decode($4, 'base64'),
               now(), now() + interval '7 days'),
              ($2, 'v-1', $3, 'owner@grill.pk', 'csv', '{}', 'RUNNING', 0, 10, null, null, null, now(), null)`,
      [READY, RUNNING, USER, file.toString('base64')],
    );
    await migrate(db, migrations);
  });
  afterAll(() => db.close());

  it('moves a stored file into its first part, with its size, and leaves a file still being built without one', async () => {
    const parts = await db.query<{ export_id: string; part: number; data: string }>(
      `select export_id::text as export_id, part, encode(data, 'base64') as data from order_export_file_parts`,
    );
    expect(parts).toEqual([{ export_id: READY, part: 0, data: file.toString('base64') }]);
    const jobs = await db.query<{ export_id: string; file_bytes: number | null }>(
      `select export_id::text as export_id, file_bytes::float8 as file_bytes from order_export_jobs order by export_id`,
    );
    expect(jobs).toEqual([
      { export_id: READY, file_bytes: file.length },
      { export_id: RUNNING, file_bytes: null },
    ]);
    const columns = await db.query(
      `select 1 from information_schema.columns where table_name = 'order_export_jobs' and column_name = 'file'`,
    );
    expect(columns).toEqual([]);
  });

  it('deletes a file’s parts with its request', async () => {
    await db.query('delete from order_export_jobs where export_id = $1', [READY]);
    expect(await db.query('select 1 from order_export_file_parts')).toEqual([]);
  });
});
