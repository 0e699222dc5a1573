import type { ApiAuditList, ApiAuditQuery } from '@riderdesk/domain/contracts/merchant-api-audit';
import { auditKeptSince } from '@riderdesk/domain/merchant-api/limits';
import { parseTimeIdCursor, timeIdCursorOf } from '@riderdesk/domain/time-id-cursor';
import { keyedError } from '../../../errors.ts';
import type { Caller } from '../../../plugins/auth.ts';
import type { MerchantApiDeps } from '../deps.ts';
import * as repo from '../repo.ts';

type UserCaller = Extract<Caller, { kind: 'user' }>;

const RETENTION_BATCH = 5000;

const badCursor = () => keyedError(400, 'InvalidParameterException', 'merchant-api.error.bad-cursor', 'cursor');

/**
 * GET /merchant-api/audit: the calls of the clients of the caller's vendors (of one vendor, one client), newest
 * first. Another merchant's vendor answers the portal's 403; another merchant's client lists nothing.
 */
export async function listAudit(
  deps: MerchantApiDeps,
  caller: UserCaller,
  query: ApiAuditQuery,
): Promise<ApiAuditList> {
  let vendorIds: string[];
  if (query.vendor_id !== undefined) {
    await deps.vendors.assertCallerVendor(caller, query.vendor_id);
    vendorIds = [query.vendor_id];
  } else {
    vendorIds = await deps.vendors.vendorIdsForCaller(caller);
  }
  const before = query.cursor === undefined ? null : parseTimeIdCursor(query.cursor);
  if (query.cursor !== undefined && before === null) throw badCursor();
  const rows = await repo.listCalls(deps.db, { vendorIds, clientId: query.client_id ?? null, before }, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    calls: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      client_id: row.client_id,
      client_name: row.client_name,
      method: row.method,
      route: row.route,
      status: row.status,
      latency_ms: row.latency_ms,
    })),
    next_cursor: rows.length > query.limit && last ? timeIdCursorOf(last.at, last.id) : null,
  };
}

/** The daily retention job: calls past AUDIT_RETENTION_DAYS are deleted, batch after batch. */
export async function deleteOldCalls(deps: MerchantApiDeps): Promise<number> {
  const before = auditKeptSince(deps.now());
  let deleted = 0;
  for (;;) {
    const batch = await repo.deleteCallsBefore(deps.db, before, RETENTION_BATCH);
    deleted += batch;
    if (batch < RETENTION_BATCH) return deleted;
  }
}
