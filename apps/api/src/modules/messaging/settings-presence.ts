import type { Db } from '../../db/db.ts';
import * as repo from './repo.ts';

/** How long an instance trusts its list of the outlets that send messages (as webhooks' presence, decision 156). */
export const PRESENCE_TTL_MS = 5_000;

/**
 * Which outlets have any trigger on, kept for a few seconds: an order change of an outlet that sends nothing
 * (most, until merchants turn messages on) costs no query, and a create stays one statement (decision 100). A
 * change saved on this instance is seen at once; one saved on another within PRESENCE_TTL_MS.
 */
export function settingsPresence(clock: () => Date, ttlMs = PRESENCE_TTL_MS) {
  let vendors: Set<string> | null = null;
  let loadedAt = 0;
  return {
    /** `db` is the caller's transaction when it has one (PGlite has one connection). */
    async has(db: Db, vendorId: string): Promise<boolean> {
      const now = clock().getTime();
      if (!vendors || now - loadedAt >= ttlMs || now < loadedAt) {
        vendors = new Set(await repo.vendorsSendingMessages(db));
        loadedAt = now;
      }
      return vendors.has(vendorId);
    },
    forget(): void {
      vendors = null;
    },
  };
}

export type SettingsPresence = ReturnType<typeof settingsPresence>;
