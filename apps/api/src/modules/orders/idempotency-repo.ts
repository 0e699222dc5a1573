import type { Db } from '../../db/db.ts';

export interface IdempotencyRow {
  request_hash: string;
  status_code: number | null;
  response: unknown;
}

export async function findKey(db: Db, owner: string, key: string, now: Date): Promise<IdempotencyRow | null> {
  const [row] = await db.query<IdempotencyRow>(
    `select request_hash, status_code, response from idempotency_keys
      where owner = $1 and key = $2 and expires_at > $3`,
    [owner, key, now],
  );
  return row ?? null;
}

export async function deleteExpiredKeys(db: Db, now: Date): Promise<void> {
  await db.query('delete from idempotency_keys where expires_at <= $1', [now]);
}
