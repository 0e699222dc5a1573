import type { Db } from '../../db/db.ts';

/** The `live_tickets` table: one-time tickets that open a live socket, kept as their sha256. */
export interface TicketRow {
  caller_kind: 'user' | 'godroid' | 'guest' | 'operator';
  user_id: string | null;
  session_id: string | null;
  vendor_id: string | null;
  /** The partner token a GoDroid caller's ticket stands for (migration 089). */
  partner_token_id: string | null;
  /** The guest session a guest's ticket stands for (migration 106). */
  guest_session_id: string | null;
  /** The console session an operator's ticket (the live board's) stands for (migration 171). */
  operator_session_id?: string | null;
  token_expires_at: Date;
  expires_at: Date;
}

export async function insertTicket(db: Db, ticketHash: string, ticket: TicketRow): Promise<void> {
  await db.query(
    `insert into live_tickets
       (ticket_hash, caller_kind, user_id, session_id, vendor_id, partner_token_id, guest_session_id,
        token_expires_at, expires_at, operator_session_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      ticketHash,
      ticket.caller_kind,
      ticket.user_id,
      ticket.session_id,
      ticket.vendor_id,
      ticket.partner_token_id,
      ticket.guest_session_id,
      ticket.token_expires_at,
      ticket.expires_at,
      ticket.operator_session_id ?? null,
    ],
  );
}

export async function deleteExpiredTickets(db: Db, at: Date): Promise<void> {
  await db.query('delete from live_tickets where expires_at < $1', [at]);
}

/** Deletes the ticket and answers what it held: a ticket is taken once, on whichever instance. */
export async function takeTicket(db: Db, ticketHash: string): Promise<TicketRow | null> {
  const [row] = await db.query<TicketRow>(
    `delete from live_tickets where ticket_hash = $1
     returning caller_kind, user_id::text as user_id, session_id::text as session_id, vendor_id,
               partner_token_id::text as partner_token_id, guest_session_id::text as guest_session_id,
               token_expires_at, expires_at, operator_session_id::text as operator_session_id`,
    [ticketHash],
  );
  return row ?? null;
}
