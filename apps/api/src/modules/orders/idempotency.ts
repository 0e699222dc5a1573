import { createHash } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as repo from './idempotency-repo.ts';
import type { OrderKeyClaim, OrderOnceResult } from './repo.ts';

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

/** A request's Idempotency-Key: whose it is, the key, and the hash of the body it came with. */
export interface IdempotentRequest {
  owner: string;
  key: string;
  hash: string;
}

/**
 * Idempotency-Key handling of a create (decisions 021 and 100): the create's one statement claims the key with
 * the order and stores the answer (`repo.insertOrderOnce`); a completed key replays its answer, and a request
 * refused by a check replays it too when the key was completed, so a retry after the fee quote expired still
 * gets the first answer.
 */
export function idempotentCreates({ db, now }: { db: Db; now: () => Date }) {
  let lastSweep = 0;

  async function sweepExpiredKeys(at: Date) {
    if (at.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at.getTime();
    await repo.deleteExpiredKeys(db, at);
  }

  return {
    sweepExpiredKeys,

    /** The answer stored under the key, or null when no request completed it. */
    async storedAnswer({ owner, key, hash }: IdempotentRequest): Promise<StoredAnswer | null> {
      const existing = await repo.findKey(db, owner, key, now());
      return existing?.response ? replay(existing, hash) : null;
    },

    /** What the create's statement writes for the key: it lives a day from the order's creation. */
    claimOf({ owner, key, hash }: IdempotentRequest, at: Date): OrderKeyClaim {
      return { owner, key, requestHash: hash, expiresAt: new Date(at.getTime() + IDEMPOTENCY_TTL_MS) };
    },

    /**
     * The answer to replay when the create's statement placed nothing: the row it saw, or — when it waited for
     * a concurrent duplicate that committed meanwhile — the row that duplicate stored.
     */
    async replayOf(
      request: IdempotentRequest,
      result: Exclude<OrderOnceResult, { kind: 'placed' }>,
    ): Promise<StoredAnswer> {
      if (result.kind === 'stored') {
        return replay(
          { request_hash: result.requestHash, status_code: result.statusCode, response: result.response },
          request.hash,
        );
      }
      const existing = await repo.findKey(db, request.owner, request.key, now());
      if (existing) return replay(existing, request.hash);
      throw new AppError(409, 'IdempotencyConflict', 'IdempotencyConflict');
    },
  };
}
