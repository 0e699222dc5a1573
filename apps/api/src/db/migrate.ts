import { createHash } from 'node:crypto';
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

/** The checksum recorded for a migration: the sha256 of its file's text. */
export const migrationChecksum = (migration: Pick<Migration, 'sql'>): string =>
  createHash('sha256').update(migration.sql).digest('hex');

/** Applied migrations whose files no longer read as they did when they ran; nothing was applied. */
export class MigrationChangedError extends Error {
  constructor(readonly changed: readonly { name: string; recorded: string; current: string }[]) {
    super(
      [
        'Applied migrations were changed after they ran on this database:',
        ...changed.map(
          (entry) => `  - ${entry.name}.sql: applied with sha256 ${entry.recorded}, the file now has ${entry.current}`,
        ),
        'Migrations are forward-only: restore the file as it was and put the change in a new migration.',
      ].join('\n'),
    );
  }
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

// Migration 033 adds the column; until it has run, migrations are recorded without a checksum.
async function hasChecksumColumn(tx: Db): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from information_schema.columns
      where table_schema = current_schema() and table_name = 'schema_migrations' and column_name = 'checksum'`,
  );
  return rows.length > 0;
}

/** Each in its own transaction under the lock, so instances starting together do the work once. */
function locked<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    return work(tx);
  });
}

async function refuseChanged(db: Db, migrations: readonly Migration[]): Promise<void> {
  const rows = await db.query<{ version: number; checksum?: string | null }>('select * from schema_migrations');
  const recorded = new Map(rows.map((row) => [row.version, row.checksum ?? null]));
  const changed = migrations.flatMap((migration) => {
    const checksum = recorded.get(migration.version);
    const current = migrationChecksum(migration);
    return checksum && checksum !== current ? [{ name: migration.name, recorded: checksum, current }] : [];
  });
  if (changed.length > 0) throw new MigrationChangedError(changed);
}

/**
 * Applies pending forward-only migrations, each in its own transaction, after checking that none already
 * applied has changed since (MigrationChangedError). Applied migrations without a checksum (recorded before
 * checksums were) get their file's.
 */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const list = migrations ?? (await readMigrations());
  await locked(db, (tx) =>
    tx.exec(
      'create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())',
    ),
  );
  await refuseChanged(db, list);
  const applied: string[] = [];
  for (const migration of list) {
    const didApply = await locked(db, async (tx) => {
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
  await locked(db, async (tx) => {
    if (!(await hasChecksumColumn(tx))) return;
    for (const migration of list) {
      await tx.query('update schema_migrations set checksum = $2 where version = $1 and checksum is null', [
        migration.version,
        migrationChecksum(migration),
      ]);
    }
  });
  return applied;
}

/**
 * The versions of `migrations` the database has not recorded yet: while another instance applies them
 * (or before anyone has), this build's queries may meet a schema they do not expect.
 */
export async function pendingMigrations(db: Db, migrations: readonly Migration[]): Promise<number[]> {
  const [table] = await db.query<{ name: string | null }>(`select to_regclass('schema_migrations')::text as name`);
  if (!table?.name) return migrations.map((migration) => migration.version);
  const rows = await db.query<{ version: number }>('select version from schema_migrations');
  const recorded = new Set(rows.map((row) => Number(row.version)));
  return migrations.filter((migration) => !recorded.has(migration.version)).map((migration) => migration.version);
}

/** Migrates, or stops the process with the list of changed migrations (like a bad configuration). */
export async function migrateOrExit(db: Db): Promise<string[]> {
  try {
    return await migrate(db);
  } catch (error) {
    if (!(error instanceof MigrationChangedError)) throw error;
    process.stderr.write(`Riderdesk refuses to start: ${error.message}\n`);
    await db.close();
    process.exit(1);
  }
}
