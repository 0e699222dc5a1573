import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../src/db/db.ts';
import { MigrationChangedError, migrate, migrateOrExit, migrationChecksum, readMigrations } from '../src/db/migrate.ts';
import { createTestDb, databases, type TestDb } from './support/app.ts';

describe.each(databases())('database on %s', (kind) => {
  let test: TestDb;
  beforeAll(async () => {
    test = await createTestDb(kind);
  });
  afterAll(() => test.drop());

  it('gives the event loop a turn after every query, inside a transaction and out', async () => {
    // The embedded database answers in-process, through promise callbacks alone: without a turn between
    // queries, a run of them (a statement's reads) held every timer, socket and request for its whole length.
    let turns = 0;
    let isCounting = true;
    const counting = (async () => {
      while (isCounting) {
        await setImmediate();
        turns += 1;
      }
    })();
    for (let query = 0; query < 20; query++) await test.db.query('select 1');
    const outside = turns;
    await test.db.transaction(async (tx) => {
      for (let query = 0; query < 20; query++) await tx.query('select 1');
    });
    isCounting = false;
    await counting;
    expect(outside).toBeGreaterThanOrEqual(10);
    expect(turns - outside).toBeGreaterThanOrEqual(10);
  });

  it('records every migration once and applies nothing the second time', async () => {
    const files = await readMigrations();
    const rows = await test.db.query<{ version: number }>('select version from schema_migrations order by version');
    expect(rows.map((row) => row.version)).toEqual(files.map((file) => file.version));
    expect(await migrate(test.db)).toEqual([]);
    expect(await migrate(test.db)).toEqual([]);
  });

  it('records the sha256 of every applied migration file', async () => {
    const files = await readMigrations();
    const rows = await test.db.query<{ version: number; checksum: string }>(
      'select version, checksum from schema_migrations order by version',
    );
    expect(rows).toEqual(files.map((file) => ({ version: file.version, checksum: migrationChecksum(file) })));
    expect(rows[0]?.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses, applying nothing, when an applied migration file has changed', async () => {
    const files = await readMigrations();
    const edited = files.map((file) => (file.version === 10 ? { ...file, sql: `${file.sql}\n-- edited` } : file));
    const pending = { version: 902, name: '902_never', sql: 'create table never_applied (id int)' };
    const refusal = migrate(test.db, [...edited, pending]);
    await expect(refusal).rejects.toThrow(MigrationChangedError);
    await expect(refusal).rejects.toThrow(/010_orders\.sql: applied with sha256 [0-9a-f]{64}, the file now has/);
    await expect(refusal).rejects.toThrow(/put the change in a new migration/);
    expect(await test.db.query('select 1 from schema_migrations where version = 902')).toEqual([]);
    expect(await migrate(test.db)).toEqual([]);
  });

  it('fills in the checksums of a database migrated before they were recorded', async () => {
    await test.db.exec('alter table schema_migrations drop column checksum');
    await test.db.query('delete from schema_migrations where version = 33');
    expect(await migrate(test.db)).toEqual(['033_migration_checksums']);
    const files = await readMigrations();
    const rows = await test.db.query<{ version: number; checksum: string }>(
      'select version, checksum from schema_migrations order by version',
    );
    expect(rows).toEqual(files.map((file) => ({ version: file.version, checksum: migrationChecksum(file) })));
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

describe('start-up over a database whose applied migration changed', () => {
  it('stops with exit code 1 and names the migration, after closing the database', async () => {
    const { db } = await createTestDb('pglite');
    await db.query(`update schema_migrations set checksum = repeat('0', 64) where version = 10`);
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      await migrateOrExit(db);
      expect(exit).toHaveBeenCalledExactlyOnceWith(1);
      const written = stderr.mock.calls.map(([text]) => String(text)).join('');
      expect(written).toContain('Riderdesk refuses to start');
      expect(written).toContain(`010_orders.sql: applied with sha256 ${'0'.repeat(64)}`);
      await expect(db.query('select 1')).rejects.toThrow();
    } finally {
      exit.mockRestore();
      stderr.mockRestore();
      await db.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('the PostgreSQL pool', () => {
  it('keeps the connections it opened when they fall idle (decision 105)', async () => {
    const applicationName = `rd_pool_${randomUUID().slice(0, 8)}`;
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.searchParams.set('application_name', applicationName);
    // pg-pool's idle timer is a setTimeout: faked, a minute of idleness passes at once.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = openPostgres(url.toString(), 3);
    try {
      await Promise.all([1, 2, 3].map(() => db.query('select pg_sleep(0.05)')));
      vi.advanceTimersByTime(60_000);
      const [row] = await db.query<{ open: number }>(
        'select count(*)::int as open from pg_stat_activity where application_name = $1',
        [applicationName],
      );
      expect(row?.open).toBe(3);
    } finally {
      vi.useRealTimers();
      await db.close();
    }
  });
});
