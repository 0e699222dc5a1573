import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { lockDataFolder } from './data-folder-lock.ts';

export type SqlParam = string | number | boolean | Date | null | readonly string[];

export interface QueryOptions {
  /**
   * Keep the statement prepared on each PostgreSQL connection, named by a hash of its text, so later runs send
   * only its parameters and skip parsing and planning (decision 100). For the statements every request
   * repeats, whose text takes few shapes and whose result columns are listed, not `*`: a prepared `select *`
   * fails once a migration adds a column. PGlite runs it as any other statement.
   */
  prepare?: boolean;
}

/**
 * The whole database surface the application uses. Plain parameterised SQL runs the same on
 * PGlite and PostgreSQL (docs/decisions/003-plain-sql-over-an-orm.md).
 *
 * While a transaction is open, every call on the root handle made from the same async context (the
 * same request, tick or job) runs inside that transaction (docs/decisions/025-one-handle-per-transaction.md).
 * PGlite is one connection: a query sent beside the transaction that holds it would wait for that
 * transaction forever, and it would wait for the query.
 */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: readonly SqlParam[], options?: QueryOptions): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Nested calls, and calls on the root handle inside `fn`, reuse the outer transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * What a LISTEN needs (live module, ARCHITECTURE.md "Live updates and scale-out"): the embedded engine
   * itself, or the connection string for a dedicated client. Absent on transaction handles.
   */
  readonly listenTarget?: ListenTarget;
}

export type ListenTarget = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; connectionString: string };

/** The transaction open in the current async context, while it is open. */
interface OpenTransaction {
  handle: Db;
  isOpen: boolean;
}

/**
 * The root handle over one engine: `begin` runs `work` in a transaction of the engine. Every root call
 * first looks for a transaction this async context opened and, while it is still open, runs there.
 */
function rootDb(engine: {
  query<T>(sql: string, params: readonly SqlParam[], options?: QueryOptions): Promise<T[]>;
  exec(sql: string): Promise<void>;
  begin<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  listenTarget: ListenTarget;
}): Db {
  const current = new AsyncLocalStorage<OpenTransaction>();
  // A timer or a promise started inside a transaction keeps its context after the commit: only an
  // open transaction is reused, later calls go back to the engine.
  const open = () => {
    const store = current.getStore();
    return store?.isOpen ? store.handle : null;
  };
  return {
    listenTarget: engine.listenTarget,
    query<T>(sql: string, params: readonly SqlParam[] = [], options?: QueryOptions) {
      const tx = open();
      return tx ? tx.query<T>(sql, params, options) : engine.query<T>(sql, params, options);
    },
    exec(sql) {
      const tx = open();
      return tx ? tx.exec(sql) : engine.exec(sql);
    },
    transaction(fn) {
      const tx = open();
      if (tx) return fn(tx);
      return engine.begin(async (handle) => {
        const store: OpenTransaction = { handle, isOpen: true };
        try {
          return await current.run(store, () => fn(handle));
        } finally {
          store.isOpen = false;
        }
      });
    },
    close: () => engine.close(),
  };
}

type PgliteHandle = Pick<PGlite | Transaction, 'query' | 'exec'>;

/** A handle inside one transaction; nested transactions reuse it. */
function transactionDb(run: {
  query<T>(sql: string, params: readonly SqlParam[], options?: QueryOptions): Promise<T[]>;
  exec(sql: string): Promise<void>;
}): Db {
  const db: Db = {
    query: <T>(sql: string, params: readonly SqlParam[] = [], options?: QueryOptions) =>
      run.query<T>(sql, params, options),
    exec: (sql) => run.exec(sql),
    transaction: (fn) => fn(db),
    async close() {},
  };
  return db;
}

// PGlite answers in-process through promise callbacks alone: without a turn after each answer, a run of queries
// would hold every timer, socket and other request until its end (decision 110).
const pgliteRun = (handle: PgliteHandle) => ({
  async query<T>(sql: string, params: readonly SqlParam[]) {
    const { rows } = await handle.query<T>(sql, params as unknown[]);
    await setImmediate();
    return rows;
  },
  async exec(sql: string) {
    await handle.exec(sql);
    await setImmediate();
  },
});

export async function openPglite(
  dataDir: string | 'memory://',
  {
    loadDataDir,
  }: {
    /** A data folder dumped by PGlite (a migrated template): no initdb, no migrations to run. */ loadDataDir?: Blob;
  } = {},
): Promise<Db> {
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the order search's indexes (migration 090), as on PostgreSQL.
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  return rootDb({
    ...pgliteRun(pglite),
    begin: (work) => pglite.transaction((tx) => work(transactionDb(pgliteRun(tx)))),
    async close() {
      if (!pglite.closed) await pglite.close();
    },
    listenTarget: { kind: 'pglite', pglite },
  });
}

/** The name a prepared statement goes by on every connection: its text's hash, so one text is one statement. */
const preparedNames = new Map<string, string>();
function preparedName(sql: string): string {
  let name = preparedNames.get(sql);
  if (!name) {
    name = `rd_${createHash('sha256').update(sql).digest('hex').slice(0, 40)}`;
    preparedNames.set(sql, name);
  }
  return name;
}

const clientRun = (client: pg.Pool | pg.PoolClient) => ({
  async query<T>(sql: string, params: readonly SqlParam[], options?: QueryOptions) {
    const values = params as unknown[];
    const result = options?.prepare
      ? await client.query({ name: preparedName(sql), text: sql, values })
      : await client.query(sql, values);
    return result.rows as T[];
  },
  async exec(sql: string) {
    await client.query(sql);
  },
});

/** Bounds on a server's work, so a stuck statement or an abandoned transaction cannot hold rows forever. */
export const STATEMENT_TIMEOUT_MS = 30_000;
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

export function openPostgres(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({
    connectionString,
    max,
    // A connection once opened stays open (decision 105). pg-pool closes a client idle for 10 s by default,
    // and hands out the last one released, so under a steady load the least used ones closed every few seconds
    // and the next burst opened them again: a new backend, its catalog caches cold, and the order statement
    // prepared anew, stalled requests for 100 to 300 ms.
    min: max,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
  // An idle client that loses its server (restart, dropped database) emits here; unhandled, it would
  // end the process. The next query checks out a fresh client instead.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL pool: idle client error: ${error.message}`);
  });
  return rootDb({
    ...clientRun(pool),
    async begin(work) {
      const client = await pool.connect();
      // A checked-out client is not the pool's to watch: if its server goes away mid-transaction (a restart),
      // the client emits 'error', which unheard would end the process. The query in flight rejects by
      // itself; the broken client is then destroyed on release instead of going back to the pool.
      let lost: Error | undefined;
      const onLost = (error: Error) => {
        lost = error;
      };
      client.on('error', onLost);
      try {
        await client.query('begin');
        const value = await work(transactionDb(clientRun(client)));
        await client.query('commit');
        return value;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.off('error', onLost);
        client.release(lost);
      }
    },
    close: () => pool.end(),
    listenTarget: { kind: 'postgres', connectionString },
  });
}

/** Rejects when the database does not answer (GET /health). */
export async function ping(db: Db): Promise<void> {
  await db.query('select 1');
}

/**
 * DATABASE_URL unset → PGlite in DATA_DIR/pglite, for this process alone: throws DataFolderInUse while another
 * process has the folder (decision 126); closing the handle lets it go.
 */
export async function openDb(config: { databaseUrl: string | null; dataDir: string }): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const lock = lockDataFolder(config.dataDir);
  try {
    const db = await openPglite(path.join(config.dataDir, 'pglite'));
    return {
      ...db,
      async close() {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
