import type { ApiOutlet } from '@riderdesk/domain/contracts/merchant-api';
import { clientVendorIds } from '@riderdesk/domain/merchant-api/credentials';
import type { SenderCandidate } from '@riderdesk/domain/merchant-api/sender-outlet';
import type { Db } from '../../../db/db.ts';
import type { MerchantApiDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/** Who calls the merchant API: a live client and the vendors it may act for. */
export interface ApiCaller {
  clientId: string;
  /** The vendor the client was made for (a brand, or one outlet). */
  vendorId: string;
  environment: 'san' | 'stg' | 'prd';
  vendorIds: string[];
  /** The vendors of its scope that place orders, with their points: what the sender is matched against. */
  senders: SenderCandidate[];
}

/** last_used_at is written at most once a minute per client, by each instance (and the statement checks again). */
const TOUCH_EVERY_MS = 60_000;

/** The bearer token of an Authorization header, or null. */
export function bearerOf(header: string | undefined): string | null {
  const [scheme, token = ''] = (header ?? '').trim().split(/\s+/, 2);
  return scheme === 'Bearer' && token !== '' ? token : null;
}

/**
 * The caller of a Bearer access token, or null. The token's signature names the client; the client, its vendor
 * tree and chosen outlets are read in one statement, or taken from the short-lived cache that every revocation
 * empties on every instance (decision 161), so a revoked client's tokens stop at once. A client of another
 * environment than this deployment's is refused (a sandbox client never reaches production, nor the reverse).
 */
export async function apiCallerOf(deps: MerchantApiDeps, header: string | undefined): Promise<ApiCaller | null> {
  const token = bearerOf(header);
  if (token === null) return null;
  const nowMs = deps.now().getTime();
  const cached = deps.callers.get(token, nowMs);
  if (cached) return cached;
  const generation = deps.callers.generation;
  const claims = await deps.accessTokens.claimsOf(token);
  if (claims === null || claims.environment !== deps.environment) return null;
  const client = await repo.findLiveCaller(deps.db, claims.clientId);
  if (!client || client.environment !== deps.environment) return null;
  const vendorIds = clientVendorIds(client.scope, client.tree, client.chosen);
  const inScope = new Set(vendorIds);
  const caller: ApiCaller = {
    clientId: client.client_id,
    vendorId: client.vendor_id,
    environment: client.environment,
    vendorIds,
    senders: client.senders
      .filter((row) => inScope.has(row.vendor_id))
      .map((row) => ({
        vendorId: row.vendor_id,
        clientVendorId: row.client_vendor_id,
        point: row.latitude === null || row.longitude === null ? null : { lat: row.latitude, lng: row.longitude },
      })),
  };
  await touchOncePerMinute(deps, client.client_id, client.last_used_at, nowMs);
  deps.callers.put(token, caller, nowMs, claims.expiresAt.getTime(), generation);
  return caller;
}

async function touchOncePerMinute(deps: MerchantApiDeps, clientId: string, lastUsed: Date | null, nowMs: number) {
  const touched = Math.max(deps.touchedAt.get(clientId) ?? 0, lastUsed?.getTime() ?? 0);
  if (nowMs - touched < TOUCH_EVERY_MS) return;
  deps.touchedAt.set(clientId, nowMs);
  await repo.touchClient(deps.db, clientId, new Date(nowMs));
}

/**
 * The vendors the client may act for, read now rather than from the cached caller (kept up to 30 s, decision
 * 161): the outlet routes and the outlet list see an outlet added a moment ago.
 */
export async function scopeNow(db: Db, caller: ApiCaller): Promise<string[]> {
  const client = await repo.findLiveCaller(db, caller.clientId);
  return client ? clientVendorIds(client.scope, client.tree, client.chosen) : [];
}

/** pandago GET /outletList: the outlets under the client's brand that it may act for; null when not a brand. */
export async function outletList(deps: MerchantApiDeps, caller: ApiCaller): Promise<ApiOutlet[] | null> {
  if (!(await repo.isParentVendor(deps.db, caller.vendorId))) return null;
  const rows = await repo.outletsOf(deps.db, await scopeNow(deps.db, caller));
  return rows.map((row) => ({
    client_vendor_id: row.client_vendor_id ?? row.vendor_id,
    name: row.name,
    address: row.address_text ?? '',
    latitude: row.latitude,
    longitude: row.longitude,
    phone_number: row.phone ?? '',
  }));
}
