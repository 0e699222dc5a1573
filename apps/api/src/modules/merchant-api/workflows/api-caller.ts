import type { ApiOutlet } from '@riderdesk/domain/contracts/merchant-api';
import { clientVendorIds } from '@riderdesk/domain/merchant-api/credentials';
import type { MerchantApiDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/** Who calls the merchant API: a live client and the vendors it may act for. */
export interface ApiCaller {
  clientId: string;
  /** The vendor the client was made for (a brand, or one outlet). */
  vendorId: string;
  environment: 'san' | 'stg' | 'prd';
  vendorIds: string[];
}

/**
 * The caller of a Bearer access token, or null. The token's signature names the client; the client is read
 * from the database on every call, so a revoked client's tokens stop at once on every instance.
 */
export async function apiCallerOf(deps: MerchantApiDeps, header: string | undefined): Promise<ApiCaller | null> {
  const [scheme, token = ''] = (header ?? '').trim().split(/\s+/, 2);
  if (scheme !== 'Bearer' || token === '') return null;
  const clientId = await deps.accessTokens.clientOf(token);
  const client = clientId === null ? null : await repo.findLiveClient(deps.db, clientId);
  if (!client) return null;
  const [tree, chosen] = await Promise.all([
    repo.vendorTree(deps.db, client.vendor_id),
    client.scope === 'outlets' ? repo.outletsOfClients(deps.db, [client.client_id]) : null,
  ]);
  await repo.touchClient(deps.db, client.client_id, deps.now());
  return {
    clientId: client.client_id,
    vendorId: client.vendor_id,
    environment: client.environment,
    vendorIds: clientVendorIds(client.scope, tree, chosen?.get(client.client_id) ?? []),
  };
}

/** pandago GET /outletList: the outlets under the client's brand that it may act for; null when not a brand. */
export async function outletList(deps: MerchantApiDeps, caller: ApiCaller): Promise<ApiOutlet[] | null> {
  if (!(await repo.isParentVendor(deps.db, caller.vendorId))) return null;
  const rows = await repo.outletsOf(deps.db, caller.vendorIds);
  return rows.map((row) => ({
    client_vendor_id: row.client_vendor_id ?? row.vendor_id,
    name: row.name,
    address: row.address_text ?? '',
    latitude: row.latitude,
    longitude: row.longitude,
    phone_number: row.phone ?? '',
  }));
}
