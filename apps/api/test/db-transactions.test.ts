import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { createTestDb, databases, type TestDb } from './support/app.ts';

/** docs/decisions/025-one-handle-per-transaction.md */
describe.each(databases())('the root handle inside a transaction on %s', (kind) => {
  let test: TestDb;
  let db: Db;

  beforeAll(async () => {
    test = await createTestDb(kind);
    db = test.db;
    await db.exec('create table probe (id int primary key, note text)');
  });
  afterAll(() => test.drop());

  it('runs root queries of the same async context in the open transaction', async () => {
    const seen = await db.transaction(async (tx) => {
      await tx.query('insert into probe (id, note) values (1, $1)', ['inside']);
      // On one PGlite connection this query waited for the transaction, which waited for it.
      return db.query<{ note: string }>('select note from probe where id = 1');
    });
    expect(seen).toEqual([{ note: 'inside' }]);
  });

  it('rolls back what root calls wrote inside a failed transaction', async () => {
    await expect(
      db.transaction(async () => {
        await db.query('insert into probe (id, note) values (2, $1)', ['rolled back']);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.query('select 1 from probe where id = 2')).toEqual([]);
  });

  it('reuses the open transaction for a nested transaction on the root handle', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into probe (id, note) values (3, $1)', ['outer']);
      await db.transaction(async (inner) => {
        await inner.query(`update probe set note = 'nested' where id = 3`);
      });
      const [row] = await tx.query<{ note: string }>('select note from probe where id = 3');
      expect(row?.note).toBe('nested');
    });
  });

  it('sends work started inside a transaction but run after its commit to the database', async () => {
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      await tx.query('insert into probe (id, note) values (4, $1)', ['committed']);
      later = new Promise((resolve) => setTimeout(resolve, 0)).then(() =>
        db.query<{ note: string }>('select note from probe where id = 4'),
      );
    });
    expect(await later).toEqual([{ note: 'committed' }]);
  });

  it('keeps transactions of concurrent contexts apart', async () => {
    await Promise.all(
      [5, 6, 7].map((id) =>
        db.transaction(async (tx) => {
          await tx.query('insert into probe (id, note) values ($1, $2)', [id, `t${id}`]);
          const rows = await db.query<{ id: number }>('select id from probe where id = any($1::int[])', [
            ['5', '6', '7'],
          ]);
          // Each transaction sees its own row; on PostgreSQL the others are not committed yet or are.
          expect(rows.map((row) => row.id)).toContain(id);
        }),
      ),
    );
    const [count] = await db.query<{ n: number }>('select count(*)::int as n from probe where id in (5, 6, 7)');
    expect(count?.n).toBe(3);
  });
});
