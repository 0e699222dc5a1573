import { createHash } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as repo from './idempotency-repo.ts';

/** Keys are kept a day: far beyond the browser's 3 retries at 1, 2 and 3 s (spec §7). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

/** sha256 of the body with its keys sorted, so key order and spacing do not make two bodies differ. */
export function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

/** A key belongs to the caller that sent it: a user, an embedded partner's vendor or a guest's. */
export const keyOwnerOf = (caller: Caller) =>
  caller.kind === 'user' ? `user:${caller.userId}` : `${caller.kind}:${caller.vendorId}`;

function replay(row: repo.IdempotencyRow, hash: string): StoredAnswer {
  // Same key, different body: a client bug that must not silently return another order's answer.
  if (row.request_hash !== hash) throw new AppError(422, 'IdempotencyKeyReused', 'IdempotencyKeyReused');
  return { statusCode: row.status_code ?? 200, body: row.response };
}

/**
 * Idempotency-Key handling of a create (decision 021): a completed key replays its answer before any
 * validation; otherwise the create's transaction claims the key and stores the answer with the order.
 */
export function idempotentCreates({ db, now }: { db: Db; now: () => Date }) {
  let lastSweep = 0;

  async function sweepExpiredKeys(at: Date) {
    if (at.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at.getTime();
    await repo.deleteExpiredKeys(db, at);
  }

  return {
    /** The answer stored under the key, or null when no request completed it. */
    async storedAnswer(owner: string, key: string, hash: string): Promise<StoredAnswer | null> {
      const at = now();
      await sweepExpiredKeys(at);
      const existing = await repo.findKey(db, owner, key, at);
      return existing?.response ? replay(existing, hash) : null;
    },

    /**
     * Inside the create's transaction: null once this request owns the key; the stored answer when a
     * concurrent duplicate completed it first (it blocked on the primary key until that one committed).
     */
    async claim(tx: Db, owner: string, key: string, hash: string): Promise<StoredAnswer | null> {
      const at = now();
      const expiresAt = new Date(at.getTime() + IDEMPOTENCY_TTL_MS);
      if (await repo.claimKey(tx, { owner, key, requestHash: hash, now: at, expiresAt })) return null;
      const existing = await repo.findKey(tx, owner, key, at);
      if (existing) return replay(existing, hash);
      throw new AppError(409, 'IdempotencyConflict', 'IdempotencyConflict');
    },

    async complete(tx: Db, owner: string, key: string, answer: StoredAnswer): Promise<void> {
      await repo.completeKey(tx, owner, key, answer.statusCode, answer.body);
    },
  };
}
