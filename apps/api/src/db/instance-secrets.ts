import { randomBytes } from 'node:crypto';
import type { AppConfig, EnvConfig } from '../config.ts';
import type { Db } from './db.ts';

export const AUTH_SECRET_NAME = 'auth-secret';

/**
 * A secret generated once per database and shared by every instance on it. Instances starting together
 * each try to insert their own candidate; `on conflict do nothing` keeps the first committed one, and the
 * read that follows (a new statement, so a new snapshot) returns it to all of them.
 */
export async function sharedSecret(db: Db, name: string): Promise<string> {
  await db.query('insert into instance_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    randomBytes(48).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>('select value from instance_secrets where name = $1', [name]);
  if (!row) throw new Error(`instance secret ${name} is missing after its insert`);
  return row.value;
}

/**
 * The configuration with its token-signing secret: AUTH_SECRET or the data folder's file as loaded, else
 * (DATABASE_URL without AUTH_SECRET) the one kept in the database, so several instances accept each
 * other's tokens. Needs the migrated database.
 */
export async function withAuthSecret(config: EnvConfig, db: Db): Promise<AppConfig> {
  if (config.authSecret !== null) return { ...config, authSecret: config.authSecret };
  return { ...config, authSecret: await sharedSecret(db, AUTH_SECRET_NAME) };
}
