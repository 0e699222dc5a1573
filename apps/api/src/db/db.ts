import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';

export type SqlParam = string | number | boolean | Date | null | readonly string[];

/**
 * The whole database surface the application uses. Plain parameterised SQL runs the same on
 * PGlite and PostgreSQL (docs/decisions/003-plain-sql-over-an-orm.md).
 */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Nested calls reuse the outer transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * What a LISTEN needs (live module, ARCHITECTURE.md "Live updates and scale-out"): the embedded engine
   * itself, or the connection string for a dedicated client. Absent on transaction handles.
   */
  readonly listenTarget?: ListenTarget;
}

export type ListenTarget = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; connectionString: string };

type PgliteLike = Pick<PGlite | Transaction, 'query' | 'exec'>;

function pgliteDb(handle: PgliteLike, root: PGlite | null): Db {
  const db: Db = {
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      const result = await handle.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql) {
      await handle.exec(sql);
    },
    transaction(fn) {
      // PGlite is one connection: a transaction holds it, so nested work must use this handle.
      if (!root) return fn(db);
      return root.transaction((tx) => fn(pgliteDb(tx, null)));
    },
    async close() {
      if (root && !root.closed) await root.close();
    },
  };
  return db;
}

export async function openPglite(dataDir: string | 'memory://'): Promise<Db> {
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  return { ...pgliteDb(pglite, pglite), listenTarget: { kind: 'pglite', pglite } };
}

function clientDb(client: pg.PoolClient): Db {
  const db: Db = {
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql) {
      await client.query(sql);
    },
    transaction: (fn) => fn(db),
    async close() {},
  };
  return db;
}

export function openPostgres(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its server (restart, dropped database) emits here; unhandled, it would
  // end the process. The next query checks out a fresh client instead.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL pool: idle client error: ${error.message}`);
  });
  return {
    listenTarget: { kind: 'postgres', connectionString },
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      const result = await pool.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const value = await fn(clientDb(client));
        await client.query('commit');
        return value;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** DATABASE_URL unset → PGlite in DATA_DIR/pglite. */
export async function openDb(config: { databaseUrl: string | null; dataDir: string }): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(path.join(config.dataDir, 'pglite'));
}
