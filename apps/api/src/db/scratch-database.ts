import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Db, openPostgres } from './db.ts';
import { migrate } from './migrate.ts';

export interface ScratchDatabase {
  db: Db;
  /** Its connection string (for other processes on the same database, e.g. a second API instance). */
  url: string;
  /** Closes the pool and drops the database, ending any connection still open on it. */
  drop(): Promise<void>;
}

async function admin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database on the PostgreSQL server of `adminUrl`, for test suites and benchmarks
 * that must not share state with anything else on that server.
 */
export async function createScratchDatabase(
  adminUrl: string,
  { prefix, poolSize }: { prefix: string; poolSize: number },
): Promise<ScratchDatabase> {
  // Only lowercase letters, digits and '_' reach the identifier, so it needs no quoting.
  const name = `${prefix.replace(/[^a-z0-9_]/g, '_')}_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), poolSize);
  await migrate(db);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      await admin(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
