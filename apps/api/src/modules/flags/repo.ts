import type { Db } from '../../db/db.ts';

/** The `feature_flags` table: the operator's overrides of the built-in flag defaults. */
export async function findFlags(db: Db): Promise<{ name: string; value: boolean }[]> {
  return db.query<{ name: string; value: boolean }>('select name, value from feature_flags');
}

export async function setFlag(db: Db, name: string, value: boolean): Promise<void> {
  await db.query(
    `insert into feature_flags (name, value) values ($1, $2)
     on conflict (name) do update set value = excluded.value`,
    [name, value],
  );
}
