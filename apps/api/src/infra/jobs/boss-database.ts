import type { PGlite } from '@electric-sql/pglite';
import type { Db as BossDatabase } from 'pg-boss';
import type { Db, SqlParam } from '../../db/db.ts';

/**
 * pg-boss's statements on one of our handles: the root handle, which runs inside a transaction the
 * caller's async context has open (docs/decisions/025-one-handle-per-transaction.md), or a transaction
 * handle. What the application sends and reads goes this way, so an enqueue commits or rolls back with
 * the caller's writes.
 */
export function bossDatabaseOn(handle: Db): BossDatabase {
  return {
    async executeSql(text, values) {
      // Sending and reading jobs are single parameterised statements. A statement without parameters
      // may be several, which the extended protocol our handles speak cannot run, and a BEGIN … COMMIT
      // among them would end the caller's transaction.
      if (!values?.length) throw new Error('the job queue sent a statement without parameters through a caller handle');
      return { rows: await handle.query(text, values as SqlParam[]) };
    },
  };
}

/**
 * pg-boss on the embedded engine, which is one connection shared with the whole application.
 *
 * Parameterised statements go through our root handle, so one made while the same async context holds a
 * transaction (a queue lookup during a send inside the caller's transaction) runs in it instead of
 * waiting for it forever. pg-boss's parameterless statements are multi-statement blocks of its own
 * (`BEGIN; … COMMIT;` maintenance, queue creation); each runs inside a PGlite transaction, which holds the
 * connection for the whole block and rolls back under that same hold when the block fails, so no other
 * query of the application ever lands on a half-finished or aborted block. They are only ever made from
 * pg-boss's own start, supervision and queue set-up, never from inside an application transaction.
 */
export function embeddedBossDatabase(db: Db, pglite: PGlite): BossDatabase {
  return {
    async executeSql(text, values) {
      if (values?.length) return { rows: await db.query(text, values as SqlParam[]) };
      const results = await pglite.transaction((tx) => tx.exec(text));
      return { rows: results.flatMap((result) => result.rows) };
    },
    // NOTIFY is delivered inside the process, so a job sent here wakes this process's workers at once.
    async listen(channel, onNotification, onReconnect) {
      const unlisten = await pglite.listen(channel, onNotification);
      onReconnect();
      return { close: () => unlisten() };
    },
  };
}
