import { createPublicKey, randomUUID } from 'node:crypto';
import type {
  ApiClient,
  ApiClientCreateBody,
  ApiClientCreated,
  ApiClientList,
  ApiClientSecretBody,
  ApiClientSecretRotated,
} from '@riderdesk/domain/contracts/merchant-api';
import {
  API_KEY_MODULUS_BITS,
  MAX_LIVE_KEYS,
  outletsOutsideTree,
  previousSecretExpiry,
} from '@riderdesk/domain/merchant-api/credentials';
import type { Caller } from '../../../plugins/auth.ts';
import { randomToken, sha256 } from '../../auth/tokens.ts';
import { API_CLIENT_CHANGES_CHANNEL } from '../caller-cache.ts';
import {
  clientNotFound,
  keyNotFound,
  keyNotRsa2048,
  type MerchantApiDeps,
  noSecret,
  outletNotInVendor,
  tooManyKeys,
} from '../deps.ts';
import * as repo from '../repo.ts';

type UserCaller = Extract<Caller, { kind: 'user' }>;

/** A public key as kept: SPKI PEM of an RSA key of 2048 bits (RS256), else refused. */
function rsa2048Pem(pem: string): string {
  let key: ReturnType<typeof createPublicKey>;
  try {
    key = createPublicKey({ key: pem, format: 'pem' });
  } catch {
    throw keyNotRsa2048();
  }
  if (key.asymmetricKeyType !== 'rsa' || key.asymmetricKeyDetails?.modulusLength !== API_KEY_MODULUS_BITS) {
    throw keyNotRsa2048();
  }
  return key.export({ type: 'spki', format: 'pem' }).toString();
}

const newKeyId = () => randomUUID();
const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** Until when a rotated secret still works, or null once it does not (or there is none). */
function previousSecretUntil(row: repo.ApiClientRow, now: Date): string | null {
  const until = row.previous_secret_hash === null ? null : row.previous_secret_expires_at;
  return until && until.getTime() > now.getTime() ? until.toISOString() : null;
}

function toApiClient(row: repo.ApiClientRow, outlets: string[], keys: repo.ApiClientKeyRow[], now: Date): ApiClient {
  return {
    client_id: row.client_id,
    vendor_id: row.vendor_id,
    name: row.name,
    scope: row.scope,
    outlet_ids: row.scope === 'outlets' ? outlets : [],
    environment: row.environment,
    has_secret: row.secret_hash !== null,
    previous_secret_expires_at: row.revoked_at ? null : previousSecretUntil(row, now),
    keys: keys.map((key) => ({
      key_id: key.key_id,
      created_at: key.created_at.toISOString(),
      revoked_at: iso(key.revoked_at),
    })),
    created_at: row.created_at.toISOString(),
    last_used_at: iso(row.last_used_at),
    revoked_at: iso(row.revoked_at),
  };
}

async function views(deps: MerchantApiDeps, rows: repo.ApiClientRow[]): Promise<ApiClient[]> {
  const ids = rows.map((row) => row.client_id);
  const [outlets, keys] = await Promise.all([repo.outletsOfClients(deps.db, ids), repo.keysOfClients(deps.db, ids)]);
  const now = deps.now();
  return rows.map((row) =>
    toApiClient(
      row,
      outlets.get(row.client_id) ?? [],
      keys.filter((key) => key.client_id === row.client_id),
      now,
    ),
  );
}

/** One of the caller's clients (of any of the vendors it may act for); another merchant's is not found. */
async function clientOfCaller(deps: MerchantApiDeps, caller: UserCaller, clientId: string): Promise<repo.ApiClientRow> {
  const client = await repo.findClient(deps.db, clientId);
  if (!client) throw clientNotFound();
  const ids = await deps.vendors.vendorIdsForCaller(caller);
  if (!ids.includes(client.vendor_id)) throw clientNotFound();
  return client;
}

export async function createClient(
  deps: MerchantApiDeps,
  caller: UserCaller,
  body: ApiClientCreateBody,
): Promise<ApiClientCreated> {
  const vendor = await deps.vendors.vendorOfCaller(caller, body.vendor_id);
  const pem = body.public_key_pem === undefined ? null : rsa2048Pem(body.public_key_pem);
  const outletIds = body.scope === 'outlets' ? [...new Set(body.outlet_ids)] : [];
  if (outletIds.length > 0) {
    const tree = await repo.vendorTree(deps.db, vendor.vendor_id);
    if (outletsOutsideTree(outletIds, tree).length > 0) throw outletNotInVendor();
  }
  const secret = body.with_secret ? randomToken() : null;
  const clientId = randomUUID();
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    await repo.insertClient(
      tx,
      {
        client_id: clientId,
        vendor_id: vendor.vendor_id,
        created_by: caller.userId,
        name: body.name,
        scope: body.scope,
        environment: deps.environment,
        secret_hash: secret === null ? null : sha256(secret),
        created_at: at,
      },
      outletIds,
    );
    if (pem !== null) {
      await repo.insertKeyBelowLimit(
        tx,
        { key_id: newKeyId(), client_id: clientId, public_key_pem: pem, created_at: at },
        MAX_LIVE_KEYS,
      );
    }
  });
  const client = await repo.findClient(deps.db, clientId);
  if (!client) throw clientNotFound();
  const [view] = await views(deps, [client]);
  if (!view) throw clientNotFound();
  return { client: view, client_secret: secret };
}

export async function listClients(deps: MerchantApiDeps, caller: UserCaller): Promise<ApiClientList> {
  const ids = await deps.vendors.vendorIdsForCaller(caller);
  return { clients: ids.length === 0 ? [] : await views(deps, await repo.listClientsOfVendors(deps.db, ids)) };
}

/** Rotation: a second key beside the live one; the old one is revoked once the client has switched. */
export async function addKey(
  deps: MerchantApiDeps,
  caller: UserCaller,
  clientId: string,
  publicKeyPem: string,
): Promise<ApiClient> {
  const client = await clientOfCaller(deps, caller, clientId);
  if (client.revoked_at) throw clientNotFound();
  const pem = rsa2048Pem(publicKeyPem);
  const added = await deps.db.transaction(async (tx) => {
    await repo.lockClient(tx, clientId);
    return repo.insertKeyBelowLimit(
      tx,
      { key_id: newKeyId(), client_id: clientId, public_key_pem: pem, created_at: deps.now() },
      MAX_LIVE_KEYS,
    );
  });
  if (!added) throw tooManyKeys();
  const [view] = await views(deps, [client]);
  if (!view) throw clientNotFound();
  return view;
}

/**
 * Rotation of the client secret (decision 167): a new secret, answered once and kept as its sha256; the previous
 * one works on beside it for the hours asked (none: it stops at once). Access tokens already issued run to their
 * expiry, as after a key's revocation; revoking the client stops them at once.
 */
export async function rotateSecret(
  deps: MerchantApiDeps,
  caller: UserCaller,
  clientId: string,
  body: ApiClientSecretBody,
): Promise<ApiClientSecretRotated> {
  const client = await clientOfCaller(deps, caller, clientId);
  if (client.revoked_at) throw clientNotFound();
  if (client.secret_hash === null) throw noSecret();
  const secret = randomToken();
  const expiry = previousSecretExpiry(deps.now(), body.previous_secret_hours);
  const rotated = await repo.rotateSecret(deps.db, clientId, sha256(secret), expiry);
  // Revoked meanwhile.
  if (!rotated) throw clientNotFound();
  const [view] = await views(deps, [rotated]);
  if (!view) throw clientNotFound();
  return { client: view, client_secret: secret };
}

export async function revokeKey(deps: MerchantApiDeps, caller: UserCaller, clientId: string, keyId: string) {
  await clientOfCaller(deps, caller, clientId);
  if (!(await repo.revokeKey(deps.db, clientId, keyId, deps.now()))) throw keyNotFound();
}

/**
 * Its access tokens stop at once: the revocation is announced to every instance (api_client_changes), whose
 * caches drop the client, and this instance's drops it before answering (decision 161).
 */
export async function revokeClient(deps: MerchantApiDeps, caller: UserCaller, clientId: string) {
  await clientOfCaller(deps, caller, clientId);
  await repo.revokeClientAndNotify(deps.db, clientId, deps.now(), API_CLIENT_CHANGES_CHANNEL);
  deps.callers.forget(clientId);
}
