import { LIVE_TICKET_TTL_S } from '@riderdesk/domain/contracts/live';
import type { Db } from '../../db/db.ts';
import type { CallerSession } from '../../plugins/auth.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import * as repo from './repo.ts';
import type {
  HonouredGuestSessions,
  HonouredOperatorSessions,
  HonouredPartnerTokens,
  HonouredSessions,
} from './sessions.ts';

export type LiveTickets = ReturnType<typeof liveTickets>;

/**
 * One-time tickets that open a live socket, so the long-lived access token never travels in a URL
 * (docs/decisions/024-live-tracking.md). A ticket carries the session and the expiry of the token that
 * asked for it, and is kept in the database as its sha256: whichever instance receives the socket redeems
 * it, and deleting the row on redemption makes it single-use across instances.
 */
export function liveTickets({
  db,
  now,
  honoured,
  honouredPartnerTokens,
  honouredGuestSessions,
  honouredOperatorSessions = async () => new Set<string>(),
}: {
  db: Db;
  now: () => Date;
  honoured: HonouredSessions;
  honouredPartnerTokens: HonouredPartnerTokens;
  honouredGuestSessions: HonouredGuestSessions;
  honouredOperatorSessions?: HonouredOperatorSessions;
}) {
  return {
    async issue(session: CallerSession): Promise<{ ticket: string; expiresIn: number }> {
      const ticket = randomToken();
      const at = now();
      // Expired tickets are worthless; clearing them here keeps the table at about half a minute of traffic.
      await repo.deleteExpiredTickets(db, at);
      const { caller } = session;
      await repo.insertTicket(db, sha256(ticket), {
        caller_kind: caller.kind,
        user_id: caller.kind === 'user' ? caller.userId : null,
        session_id: caller.kind === 'user' ? caller.sessionId : null,
        vendor_id: caller.kind === 'user' ? null : caller.vendorId,
        partner_token_id: caller.kind === 'godroid' ? caller.tokenId : null,
        guest_session_id: caller.kind === 'guest' ? caller.guestId : null,
        token_expires_at: session.expiresAt,
        expires_at: new Date(at.getTime() + LIVE_TICKET_TTL_S * 1000),
      });
      return { ticket, expiresIn: LIVE_TICKET_TTL_S };
    },

    /** A ticket for the console's live board, standing for the operator's console session (decision 181). */
    async issueForOperator(
      operatorSessionId: string,
      sessionExpiresAt: Date,
    ): Promise<{ ticket: string; expiresIn: number }> {
      const ticket = randomToken();
      const at = now();
      await repo.deleteExpiredTickets(db, at);
      await repo.insertTicket(db, sha256(ticket), {
        caller_kind: 'operator',
        user_id: null,
        session_id: null,
        vendor_id: null,
        partner_token_id: null,
        guest_session_id: null,
        operator_session_id: operatorSessionId,
        token_expires_at: sessionExpiresAt,
        expires_at: new Date(at.getTime() + LIVE_TICKET_TTL_S * 1000),
      });
      return { ticket, expiresIn: LIVE_TICKET_TTL_S };
    },

    /**
     * The console session an operator's ticket stands for, once; null when unknown, used, expired, or not an
     * operator's, or its console session has ended.
     */
    async redeemForOperator(ticket: string): Promise<{ operatorSessionId: string; expiresAt: Date } | null> {
      const row = await repo.takeTicket(db, sha256(ticket));
      const at = now().getTime();
      const sessionId = row?.caller_kind === 'operator' ? row.operator_session_id : null;
      if (!row || !sessionId) return null;
      if (row.expires_at.getTime() <= at || row.token_expires_at.getTime() <= at) return null;
      // A sign-out, a deactivation or a new role between the ticket and the socket ends the ticket too.
      if (!(await honouredOperatorSessions([sessionId])).has(sessionId)) return null;
      return { operatorSessionId: sessionId, expiresAt: row.token_expires_at };
    },

    /** The session the ticket stands for, once; null when unknown, used, expired, or its login has ended. */
    async redeem(ticket: string): Promise<CallerSession | null> {
      const row = await repo.takeTicket(db, sha256(ticket));
      const at = now().getTime();
      if (!row || row.expires_at.getTime() <= at || row.token_expires_at.getTime() <= at) return null;
      if (row.caller_kind === 'guest') {
        const guestId = row.guest_session_id;
        if (!row.vendor_id || !guestId) return null;
        // Orders handed over to an account between the ticket and the socket end the ticket too.
        if (!(await honouredGuestSessions([guestId])).has(guestId)) return null;
        return { caller: { kind: 'guest', vendorId: row.vendor_id, guestId }, expiresAt: row.token_expires_at };
      }
      if (row.caller_kind === 'godroid') {
        const tokenId = row.partner_token_id;
        if (!row.vendor_id || !tokenId) return null;
        // A token revoked between the ticket and the socket ends the ticket too.
        if (!(await honouredPartnerTokens([tokenId])).has(tokenId)) return null;
        return {
          caller: { kind: 'godroid', vendorId: row.vendor_id, tokenId },
          expiresAt: row.token_expires_at,
        };
      }
      if (row.caller_kind !== 'user' || !row.user_id || !row.session_id) return null;
      // A logout between the ticket and the socket ends the ticket too (the same rule as the header's).
      if (!(await honoured([row.session_id])).has(row.session_id)) return null;
      return {
        caller: { kind: 'user', userId: row.user_id, sessionId: row.session_id },
        expiresAt: row.token_expires_at,
      };
    },
  };
}
