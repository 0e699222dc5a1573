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
  {
    prefix,
    poolSize,
    template,
  }: {
    prefix: string;
    poolSize: number;
    /** A migrated database nobody is connected to: the new one is its copy, with nothing left to migrate. */
    template?: string;
  },
): Promise<ScratchDatabase> {
  // Only lowercase letters, digits and '_' reach the identifier, so it needs no quoting.
  const name = `${prefix.replace(/[^a-z0-9_]/g, '_')}_${randomBytes(6).toString('hex')}`;
  if (template !== undefined && !/^[a-z0-9_]+$/.test(template)) throw new Error(`Not a template name: ${template}`);
  await admin(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), poolSize);
  if (!template) await migrate(db);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      await admin(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
