import { LIVE_TICKET_TTL_S } from '@riderdesk/domain/contracts/live';
import type { Db } from '../../db/db.ts';
import type { CallerSession } from '../../plugins/auth.ts';
import { findHonouredSessionIds } from '../auth/repo.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';

interface TicketRow {
  caller_kind: 'user' | 'godroid';
  user_id: string | null;
  session_id: string | null;
  vendor_id: string | null;
  token_expires_at: Date;
  expires_at: Date;
}

export type LiveTickets = ReturnType<typeof liveTickets>;

/**
 * One-time tickets that open a live socket, so the long-lived access token never travels in a URL
 * (docs/decisions/024-live-tracking.md). A ticket carries the session and the expiry of the token that
 * asked for it, and is kept in the database as its sha256: whichever instance receives the socket redeems
 * it, and deleting the row on redemption makes it single-use across instances.
 */
export function liveTickets({ db, now }: { db: Db; now: () => Date }) {
  return {
    async issue(session: CallerSession): Promise<{ ticket: string; expiresIn: number }> {
      const ticket = randomToken();
      const at = now();
      // Expired tickets are worthless; clearing them here keeps the table at about half a minute of traffic.
      await db.query('delete from live_tickets where expires_at < $1', [at]);
      const { caller } = session;
      await db.query(
        `insert into live_tickets (ticket_hash, caller_kind, user_id, session_id, vendor_id, token_expires_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          sha256(ticket),
          caller.kind,
          caller.kind === 'user' ? caller.userId : null,
          caller.kind === 'user' ? caller.sessionId : null,
          caller.kind === 'godroid' ? caller.vendorId : null,
          session.expiresAt,
          new Date(at.getTime() + LIVE_TICKET_TTL_S * 1000),
        ],
      );
      return { ticket, expiresIn: LIVE_TICKET_TTL_S };
    },

    /** The session the ticket stands for, once; null when unknown, used, expired, or its login has ended. */
    async redeem(ticket: string): Promise<CallerSession | null> {
      const [row] = await db.query<TicketRow>(
        `delete from live_tickets where ticket_hash = $1
         returning caller_kind, user_id::text as user_id, session_id::text as session_id, vendor_id,
                   token_expires_at, expires_at`,
        [sha256(ticket)],
      );
      const at = now().getTime();
      if (!row || row.expires_at.getTime() <= at || row.token_expires_at.getTime() <= at) return null;
      if (row.caller_kind === 'godroid' && row.vendor_id) {
        return { caller: { kind: 'godroid', vendorId: row.vendor_id }, expiresAt: row.token_expires_at };
      }
      if (row.caller_kind !== 'user' || !row.user_id || !row.session_id) return null;
      // A logout between the ticket and the socket ends the ticket too (the same rule as the header's).
      if (!(await findHonouredSessionIds(db, [row.session_id])).has(row.session_id)) return null;
      return {
        caller: { kind: 'user', userId: row.user_id, sessionId: row.session_id },
        expiresAt: row.token_expires_at,
      };
    },
  };
}
