import { z } from 'zod';
import type { Db } from '../../db/db.ts';

/**
 * Told to every API instance when a user loses a vendor (an outlet owner removed), so a live socket of theirs
 * that follows it stops at once, whichever instance holds it. Sent in the transaction that removes the access,
 * so it is heard only once that commits.
 */
export const ACCESS_REVOKED_CHANNEL = 'vendor_access_revoked';

export const AccessRevokedNoticeSchema = z.object({ user_id: z.string(), vendor_id: z.string() });
export type AccessRevokedNotice = z.infer<typeof AccessRevokedNoticeSchema>;

export async function announceAccessRevoked(db: Db, notice: AccessRevokedNotice): Promise<void> {
  await db.query('select pg_notify($1, $2)', [ACCESS_REVOKED_CHANNEL, JSON.stringify(notice)]);
}
