import { setImmediate } from 'node:timers/promises';
import type { Db } from '../../db/db.ts';

/**
 * Writes a job and its rows in one transaction, fed segment by segment while later rows are still being
 * checked (decision 097): on PostgreSQL the database's work on the checked rows overlaps the checking of the
 * next ones, and the job still appears whole or not at all.
 *
 * With `isOverlapped` false the transaction opens only once every row is in: the embedded engine has one
 * connection, which the checks' own reads need, and a file whose rows wait on the geocoder could leave an
 * open transaction idle past the server's bound.
 */
export interface RowWriter<Row> {
  add(rows: readonly Row[]): void;
  /** Writes what is left, runs `finish` last in the same transaction and commits. */
  commit(finish: (tx: Db) => Promise<void>): Promise<void>;
  /** Rolls back whatever was written (the checking failed); never throws. */
  abort(): Promise<void>;
}

class WriterAborted extends Error {}

export function rowWriter<Row>(
  db: Db,
  steps: { start(tx: Db): Promise<void>; write(tx: Db, rows: readonly Row[]): Promise<void> },
  isOverlapped: boolean,
): RowWriter<Row> {
  const pending: (readonly Row[])[] = [];
  let finish: ((tx: Db) => Promise<void>) | null = null;
  let isAborted = false;
  let wake: (() => void) | null = null;
  let written: Promise<void> | null = null;

  const signal = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  const open = () =>
    db.transaction(async (tx) => {
      await steps.start(tx);
      for (;;) {
        if (isAborted) throw new WriterAborted();
        const rows = pending.shift();
        if (rows) {
          await steps.write(tx, rows);
          // The embedded engine answers on this thread: between two segments other requests get a turn.
          await setImmediate();
          continue;
        }
        if (finish) {
          await finish(tx);
          return;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    });
  const begin = () => {
    if (!written) {
      written = open();
      // Its failure is answered by commit (or dropped by abort), never left unhandled meanwhile.
      written.catch(() => {});
    }
    return written;
  };

  return {
    add(rows) {
      if (rows.length === 0) return;
      pending.push(rows);
      if (isOverlapped) begin();
      signal();
    },
    async commit(last) {
      finish = last;
      signal();
      await begin();
    },
    async abort() {
      isAborted = true;
      signal();
      await written?.catch(() => {});
    },
  };
}
