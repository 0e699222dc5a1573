import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import * as repo from './repo.ts';

/** A batch is written when this many calls wait, or after FLUSH_EVERY_MS, whichever comes first. */
const BATCH_SIZE = 200;
const FLUSH_EVERY_MS = 1000;
/** While the database does not take the batches, at most this many calls wait; older ones are dropped. */
const MAX_WAITING = 20_000;

/**
 * The merchant API's audit trail, written in batches (decision 161): a call is pushed to memory on the
 * request's path and many are inserted by one statement off it. A batch that fails is tried again with the
 * next one; what a crash loses is at most one interval of calls.
 */
export class AuditBuffer {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger | null;
  #waiting: repo.ApiCallRecord[] = [];
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> | null = null;
  #dropped = 0;

  constructor(db: Db, log: FastifyBaseLogger | null = null) {
    this.#db = db;
    this.#log = log;
  }

  push(call: repo.ApiCallRecord): void {
    this.#waiting.push(call);
    if (this.#waiting.length > MAX_WAITING) {
      this.#dropped += this.#waiting.length - MAX_WAITING;
      this.#waiting.splice(0, this.#waiting.length - MAX_WAITING);
    }
    if (this.#waiting.length >= BATCH_SIZE) void this.flush();
    else if (!this.#timer) {
      this.#timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
      this.#timer.unref();
    }
  }

  /** Writes what waits (and waits for a write under way): before the audit is listed, and at shutdown. */
  async flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    while (this.#flushing) await this.#flushing;
    if (this.#waiting.length === 0) return;
    const batch = this.#waiting.splice(0, BATCH_SIZE);
    let isWritten = true;
    this.#flushing = repo
      .insertCalls(this.#db, batch)
      .catch((error: unknown) => {
        isWritten = false;
        // Kept for the next flush (bounded by MAX_WAITING): the audit survives a short database outage.
        this.#waiting.unshift(...batch);
        this.#log?.error({ err: error, calls: batch.length }, 'the merchant API audit batch could not be written');
      })
      .finally(() => {
        this.#flushing = null;
      });
    await this.#flushing;
    if (this.#dropped > 0) {
      this.#log?.warn({ dropped: this.#dropped }, 'merchant API audit calls dropped while the database was away');
      this.#dropped = 0;
    }
    if (isWritten && this.#waiting.length >= BATCH_SIZE) await this.flush();
    else if (this.#waiting.length > 0 && !this.#timer) {
      this.#timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
      this.#timer.unref();
    }
  }

  /** At shutdown: one last attempt, then nothing is scheduled. */
  async close(): Promise<void> {
    await this.flush();
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
