import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { createTestDb, databases, type TestDb } from './support/app.ts';

describe.each(databases())('database on %s', (kind) => {
  let test: TestDb;
  beforeAll(async () => {
    test = await createTestDb(kind);
  });
  afterAll(() => test.drop());

  it('records every migration once and applies nothing the second time', async () => {
    const files = await readMigrations();
    const rows = await test.db.query<{ version: number }>('select version from schema_migrations order by version');
    expect(rows.map((row) => row.version)).toEqual(files.map((file) => file.version));
    expect(await migrate(test.db)).toEqual([]);
    expect(await migrate(test.db)).toEqual([]);
  });

  it('applies each migration at most once when instances start together', async () => {
    const extra = [{ version: 900, name: '900_counter', sql: 'create table migration_probe (id int)' }];
    const results = await Promise.all([migrate(test.db, extra), migrate(test.db, extra), migrate(test.db, extra)]);
    expect(results.flat()).toEqual(['900_counter']);
    await test.db.query('drop table migration_probe');
    await test.db.query('delete from schema_migrations where version = 900');
  });

  it('rolls a failed migration back whole', async () => {
    const broken = [
      { version: 901, name: '901_broken', sql: 'create table half_done (id int); select * from nowhere;' },
    ];
    await expect(migrate(test.db, broken)).rejects.toThrow();
    const tables = await test.db.query("select 1 from information_schema.tables where table_name = 'half_done'");
    expect(tables).toEqual([]);
    expect(await test.db.query('select 1 from schema_migrations where version = 901')).toEqual([]);
  });

  it('runs a transaction as one unit', async () => {
    await expect(
      test.db.transaction(async (tx) => {
        await tx.query("insert into feature_flags (name, value) values ('Probe', true)");
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await test.db.query("select 1 from feature_flags where name = 'Probe'")).toEqual([]);
  });

  it('seeds the country parameters of spec §7', async () => {
    const rows = await test.db.query<{ name: string; value: string }>(
      'select name, value from country_parameters order by name',
    );
    expect(Object.fromEntries(rows.map((row) => [row.name, row.value]))).toEqual({
      allOutletOrders: 'true',
      onlinePaymentActivated: 'true',
      orderItemValueExceedLimit: '50000',
      paymentMethods: 'CASH_ON_DELIVERY|ONLINE_PAYMENT',
      serviceHours: '0900:2300',
    });
  });
});
