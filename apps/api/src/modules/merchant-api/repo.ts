import type { ApiClientScope } from '@riderdesk/domain/merchant-api/credentials';
import type { Db } from '../../db/db.ts';

export interface ApiClientRow {
  client_id: string;
  vendor_id: string;
  created_by: string | null;
  name: string;
  scope: ApiClientScope;
  environment: 'san' | 'stg' | 'prd';
  secret_hash: string | null;
  /** A rotated secret, working beside the new one until previous_secret_expires_at (decision 167). */
  previous_secret_hash: string | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface ApiClientKeyRow {
  key_id: string;
  client_id: string;
  public_key_pem: string;
  created_at: Date;
  revoked_at: Date | null;
}

const CLIENT_COLUMNS = `client_id, vendor_id, created_by, name, scope, environment, secret_hash, previous_secret_hash,
  previous_secret_expires_at, created_at, last_used_at, revoked_at`;
const SELECT_CLIENT = `select ${CLIENT_COLUMNS} from api_clients`;

export async function insertClient(
  db: Db,
  client: Omit<ApiClientRow, 'last_used_at' | 'revoked_at' | 'previous_secret_hash' | 'previous_secret_expires_at'>,
  outletIds: readonly string[],
): Promise<void> {
  await db.query(
    `insert into api_clients (client_id, vendor_id, created_by, name, scope, environment, secret_hash, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      client.client_id,
      client.vendor_id,
      client.created_by,
      client.name,
      client.scope,
      client.environment,
      client.secret_hash,
      client.created_at,
    ],
  );
  if (outletIds.length > 0) {
    await db.query(
      `insert into api_client_outlets (client_id, vendor_id) select $1, unnest($2::text[]) on conflict do nothing`,
      [client.client_id, outletIds],
    );
  }
}

export async function findClient(db: Db, clientId: string): Promise<ApiClientRow | null> {
  const [row] = await db.query<ApiClientRow>(`${SELECT_CLIENT} where client_id = $1`, [clientId]);
  return row ?? null;
}

/** The client while it is not revoked: every merchant API call checks it (revocation holds at once). */
export async function findLiveClient(db: Db, clientId: string): Promise<ApiClientRow | null> {
  const [row] = await db.query<ApiClientRow>(`${SELECT_CLIENT} where client_id = $1 and revoked_at is null`, [
    clientId,
  ]);
  return row ?? null;
}

/**
 * A live client's new secret, in one statement: the secret it replaces works on until `previousExpiresAt` (none
 * when null), and a secret rotated before is dropped, so at most two are live. Null when the client is revoked or
 * has no secret to rotate.
 */
export async function rotateSecret(
  db: Db,
  clientId: string,
  secretHash: string,
  previousExpiresAt: Date | null,
): Promise<ApiClientRow | null> {
  const [row] = await db.query<ApiClientRow>(
    `update api_clients
        set previous_secret_hash = case when $3::timestamptz is null then null else secret_hash end,
            previous_secret_expires_at = $3::timestamptz,
            secret_hash = $2
      where client_id = $1 and revoked_at is null and secret_hash is not null
      returning ${CLIENT_COLUMNS}`,
    [clientId, secretHash, previousExpiresAt],
  );
  return row ?? null;
}

export async function listClientsOfVendors(db: Db, vendorIds: readonly string[]): Promise<ApiClientRow[]> {
  return db.query<ApiClientRow>(`${SELECT_CLIENT} where vendor_id = any($1::text[]) order by created_at, client_id`, [
    vendorIds,
  ]);
}

export async function outletsOfClients(db: Db, clientIds: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await db.query<{ client_id: string; vendor_id: string }>(
    `select client_id, vendor_id from api_client_outlets where client_id = any($1::text[]) order by vendor_id`,
    [clientIds],
  );
  const byClient = new Map<string, string[]>();
  for (const row of rows) byClient.set(row.client_id, [...(byClient.get(row.client_id) ?? []), row.vendor_id]);
  return byClient;
}

export async function keysOfClients(db: Db, clientIds: readonly string[]): Promise<ApiClientKeyRow[]> {
  return db.query<ApiClientKeyRow>(
    `select key_id, client_id, public_key_pem, created_at, revoked_at from api_client_keys
      where client_id = any($1::text[]) order by created_at, key_id`,
    [clientIds],
  );
}

export async function findLiveKey(db: Db, clientId: string, keyId: string): Promise<ApiClientKeyRow | null> {
  const [row] = await db.query<ApiClientKeyRow>(
    `select key_id, client_id, public_key_pem, created_at, revoked_at from api_client_keys
      where client_id = $1 and key_id = $2 and revoked_at is null`,
    [clientId, keyId],
  );
  return row ?? null;
}

/** Holds the client's row until the transaction ends, so two key uploads are counted one after the other. */
export async function lockClient(db: Db, clientId: string): Promise<void> {
  await db.query(`select 1 from api_clients where client_id = $1 for update`, [clientId]);
}

/** Adds a key unless the client already has `maxLive` live keys; false when it has (lockClient first). */
export async function insertKeyBelowLimit(
  db: Db,
  key: Omit<ApiClientKeyRow, 'revoked_at'>,
  maxLive: number,
): Promise<boolean> {
  const rows = await db.query(
    `insert into api_client_keys (key_id, client_id, public_key_pem, created_at)
     select $1, $2, $3, $4
      where (select count(*) from api_client_keys where client_id = $2 and revoked_at is null) < $5
     returning key_id`,
    [key.key_id, key.client_id, key.public_key_pem, key.created_at, maxLive],
  );
  return rows.length > 0;
}

export async function revokeKey(db: Db, clientId: string, keyId: string, at: Date): Promise<boolean> {
  const rows = await db.query(
    `update api_client_keys set revoked_at = coalesce(revoked_at, $3) where client_id = $1 and key_id = $2
     returning key_id`,
    [clientId, keyId, at],
  );
  return rows.length > 0;
}

export async function revokeClient(db: Db, clientId: string, at: Date): Promise<void> {
  await db.query(`update api_clients set revoked_at = coalesce(revoked_at, $2) where client_id = $1`, [clientId, at]);
}

/** Records an assertion's jti; false when it was used before (RFC 7523 §3: single use). */
export async function useAssertion(
  db: Db,
  clientId: string,
  jti: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  await db.query(`delete from api_client_assertions where expires_at < $1`, [now]);
  const rows = await db.query(
    `insert into api_client_assertions (client_id, jti, expires_at) values ($1, $2, $3)
     on conflict do nothing returning jti`,
    [clientId, jti, expiresAt],
  );
  return rows.length > 0;
}

/** Notes a use; written at most once a minute per client, so a busy client does not write on every call. */
export async function touchClient(db: Db, clientId: string, at: Date): Promise<void> {
  await db.query(
    `update api_clients set last_used_at = $2
      where client_id = $1 and (last_used_at is null or last_used_at < $2::timestamptz - interval '1 minute')`,
    [clientId, at],
  );
}

/** A vendor and the outlets under it. */
export async function vendorTree(db: Db, vendorId: string): Promise<string[]> {
  const rows = await db.query<{ vendor_id: string }>(
    `select vendor_id from vendors where vendor_id = $1 or parent_vendor_id = $1 order by vendor_id`,
    [vendorId],
  );
  return rows.map((row) => row.vendor_id);
}

export interface ApiOutletRow {
  vendor_id: string;
  client_vendor_id: string | null;
  name: string;
  address_text: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
}

export async function outletsOf(db: Db, vendorIds: readonly string[]): Promise<ApiOutletRow[]> {
  return db.query<ApiOutletRow>(
    `select vendor_id, client_vendor_id, name, address_text, latitude::float8 as latitude,
            longitude::float8 as longitude, phone
       from vendors where vendor_id = any($1::text[]) and parent_vendor_id is not null and is_active
      order by vendor_id`,
    [vendorIds],
  );
}

export async function isParentVendor(db: Db, vendorId: string): Promise<boolean> {
  const rows = await db.query(`select 1 from vendors where vendor_id = $1 and is_parent`, [vendorId]);
  return rows.length > 0;
}

export interface SenderCandidateRow {
  vendor_id: string;
  client_vendor_id: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** Revokes a client and tells every instance (LISTEN api_client_changes), in one transaction. */
export async function revokeClientAndNotify(db: Db, clientId: string, at: Date, channel: string): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeClient(tx, clientId, at);
    await tx.query('select pg_notify($1, $2)', [channel, clientId]);
  });
}

/** The vendors of a client's scope that place orders themselves, read now (the outlet routes: a new one at once). */
export async function senderCandidates(db: Db, vendorIds: readonly string[]): Promise<SenderCandidateRow[]> {
  return db.query<SenderCandidateRow>(
    `select vendor_id, client_vendor_id, latitude::float8 as latitude, longitude::float8 as longitude
       from vendors where vendor_id = any($1::text[]) and not is_parent
      order by vendor_id`,
    [vendorIds],
  );
}

/** The client, its vendor tree and its chosen outlets in one statement: what a call's caller is made of. */
export interface ApiCallerRow {
  client_id: string;
  vendor_id: string;
  scope: ApiClientScope;
  environment: 'san' | 'stg' | 'prd';
  last_used_at: Date | null;
  tree: string[];
  chosen: string[];
  /** The vendors of the tree that place orders themselves (the sender's candidates, decision 153). */
  senders: SenderCandidateRow[];
}

export async function findLiveCaller(db: Db, clientId: string): Promise<ApiCallerRow | null> {
  const [row] = await db.query<ApiCallerRow>(
    `select c.client_id, c.vendor_id, c.scope, c.environment, c.last_used_at,
            array(select v.vendor_id from vendors v where v.vendor_id = c.vendor_id or v.parent_vendor_id = c.vendor_id
                   order by v.vendor_id) as tree,
            array(select o.vendor_id from api_client_outlets o where o.client_id = c.client_id
                   order by o.vendor_id) as chosen,
            coalesce((select json_agg(json_build_object('vendor_id', v.vendor_id,
                                                        'client_vendor_id', v.client_vendor_id,
                                                        'latitude', v.latitude::float8,
                                                        'longitude', v.longitude::float8) order by v.vendor_id)
                        from vendors v
                       where (v.vendor_id = c.vendor_id or v.parent_vendor_id = c.vendor_id) and not v.is_parent),
                     '[]'::json) as senders
       from api_clients c where c.client_id = $1 and c.revoked_at is null`,
    [clientId],
  );
  return row ?? null;
}

export interface ApiCallRecord {
  at: Date;
  client_id: string;
  method: string;
  route: string;
  status: number;
  latency_ms: number;
}

/** Many calls in one statement (the audit buffer's flush). */
export async function insertCalls(db: Db, calls: readonly ApiCallRecord[]): Promise<void> {
  if (calls.length === 0) return;
  await db.query(
    `insert into api_calls (at, client_id, method, route, status, latency_ms)
     select * from unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[])`,
    [
      calls.map((call) => call.at.toISOString()),
      calls.map((call) => call.client_id),
      calls.map((call) => call.method),
      calls.map((call) => call.route),
      calls.map((call) => String(call.status)),
      calls.map((call) => String(call.latency_ms)),
    ],
  );
}

export interface ApiCallRow extends ApiCallRecord {
  id: string;
  client_name: string;
}

/** The calls of the clients of `vendorIds` (one client's with `clientId`), newest first, before a cursor. */
export async function listCalls(
  db: Db,
  filter: { vendorIds: readonly string[]; clientId: string | null; before: { at: Date; id: string } | null },
  limit: number,
): Promise<ApiCallRow[]> {
  return db.query<ApiCallRow>(
    `select a.id::text as id, a.at, a.client_id, c.name as client_name, a.method, a.route, a.status::int as status,
            a.latency_ms
       from api_calls a join api_clients c on c.client_id = a.client_id
      where c.vendor_id = any($1::text[])
        and ($2::text is null or a.client_id = $2)
        and ($3::timestamptz is null or (a.at, a.id) < ($3::timestamptz, $4::bigint))
      order by a.at desc, a.id desc
      limit $5`,
    [filter.vendorIds, filter.clientId, filter.before?.at ?? null, filter.before?.id ?? null, limit],
  );
}

/** The retention job: calls older than `before`, in batches so no statement holds the table long. */
export async function deleteCallsBefore(db: Db, before: Date, batch: number): Promise<number> {
  const rows = await db.query(
    `delete from api_calls where id in (select id from api_calls where at < $1 order by at limit $2) returning id`,
    [before, batch],
  );
  return rows.length;
}
