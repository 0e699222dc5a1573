import type { Db } from '../../db/db.ts';

export interface IdempotencyRow {
  request_hash: string;
  status_code: number | null;
  response: unknown;
}

/**
 * Claims a key inside the caller's transaction: true when this request owns it. A concurrent request
 * with the same key blocks on the primary key until the owner commits (then sees its answer) or rolls
 * back (then claims it). An expired row is taken over.
 */
export async function claimKey(
  tx: Db,
  entry: { owner: string; key: string; requestHash: string; now: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await tx.query(
    `insert into idempotency_keys (owner, key, request_hash, created_at, expires_at)
     values ($1, $2, $3, $4, $5)
     on conflict (owner, key) do update
       set request_hash = excluded.request_hash, created_at = excluded.created_at,
           expires_at = excluded.expires_at, status_code = null, response = null
       where idempotency_keys.expires_at <= excluded.created_at
     returning owner`,
    [entry.owner, entry.key, entry.requestHash, entry.now, entry.expiresAt],
  );
  return rows.length > 0;
}

export async function findKey(db: Db, owner: string, key: string, now: Date): Promise<IdempotencyRow | null> {
  const [row] = await db.query<IdempotencyRow>(
    `select request_hash, status_code, response from idempotency_keys
      where owner = $1 and key = $2 and expires_at > $3`,
    [owner, key, now],
  );
  return row ?? null;
}

export async function completeKey(tx: Db, owner: string, key: string, statusCode: number, response: unknown) {
  await tx.query('update idempotency_keys set status_code = $3, response = $4::jsonb where owner = $1 and key = $2', [
    owner,
    key,
    statusCode,
    JSON.stringify(response),
  ]);
}

export async function deleteExpiredKeys(db: Db, now: Date): Promise<void> {
  await db.query('delete from idempotency_keys where expires_at <= $1', [now]);
}
