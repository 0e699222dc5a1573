import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_ROOT } from '../paths.ts';
import type { Db } from './db.ts';

export const MIGRATIONS_DIR = path.join(API_ROOT, 'migrations');
// Any constant works; it only has to be the same for every instance of this application.
const MIGRATION_LOCK_KEY = 727_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: Number(file.slice(0, 3)),
      name: file.replace(/\.sql$/, ''),
      sql: await readFile(path.join(dir, file), 'utf8'),
    })),
  );
}

/**
 * Applies pending forward-only migrations, each in its own transaction. Every transaction first
 * takes a transaction-scoped advisory lock, so instances starting together apply each migration
 * once: the second waits, then finds it recorded.
 */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const list = migrations ?? (await readMigrations());
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(
      'create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())',
    );
  });
  const applied: string[] = [];
  for (const migration of list) {
    const didApply = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await tx.query('select 1 from schema_migrations where version = $1', [migration.version]);
      if (done.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (didApply) applied.push(migration.name);
  }
  return applied;
}
