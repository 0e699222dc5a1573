import type { Db } from '../../db/db.ts';
import * as repo from './repo.ts';

/** How long an instance trusts its list of the vendors that have endpoints (decision 156). */
export const PRESENCE_TTL_MS = 5_000;

/**
 * Which vendors have a webhook endpoint at all, kept for a few seconds: an order change of a vendor without
 * one (nearly all) skips the webhooks entirely, and a create stays one statement (decision 100). An endpoint
 * registered on this instance is seen at once; one registered on another instance within PRESENCE_TTL_MS.
 */
export function endpointPresence(clock: () => Date, ttlMs = PRESENCE_TTL_MS) {
  let vendors: Set<string> | null = null;
  let loadedAt = 0;
  return {
    /** `db` is the caller's transaction when it has one (PGlite has one connection). */
    async has(db: Db, vendorId: string): Promise<boolean> {
      const now = clock().getTime();
      if (!vendors || now - loadedAt >= ttlMs || now < loadedAt) {
        vendors = new Set(await repo.vendorsWithEndpoints(db));
        loadedAt = now;
      }
      return vendors.has(vendorId);
    },
    forget(): void {
      vendors = null;
    },
  };
}

export type EndpointPresence = ReturnType<typeof endpointPresence>;
