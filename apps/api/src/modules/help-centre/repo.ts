import type { Db } from '../../db/db.ts';

export interface SupportTicketRow {
  ticket_number: string;
  vendor_id: string;
  order_id: string;
  email: string;
  message: string;
  status: string;
  created_at: Date;
}

export interface NewSupportTicket {
  vendorId: string;
  orderId: string;
  userId: string;
  email: string;
  message: string;
  createdAt: Date;
}

/** Stores a ticket under the next number (HC-1001, HC-1002, …) and answers that number. */
export async function insertTicket(db: Db, ticket: NewSupportTicket): Promise<string> {
  const [row] = await db.query<{ ticket_number: string }>(
    `insert into support_tickets (ticket_number, vendor_id, order_id, user_id, email, message, created_at)
     values ('HC-' || nextval('support_ticket_numbers')::text, $1, $2, $3, $4, $5, $6)
     returning ticket_number`,
    [ticket.vendorId, ticket.orderId, ticket.userId, ticket.email, ticket.message, ticket.createdAt],
  );
  return row!.ticket_number;
}

/** Newest first; open ones only unless `all`. */
export function listTickets(db: Db, options: { all: boolean; limit: number }): Promise<SupportTicketRow[]> {
  return db.query<SupportTicketRow>(
    `select ticket_number, vendor_id, order_id, email, message, status, created_at from support_tickets
     ${options.all ? '' : "where status = 'OPEN'"} order by created_at desc, ticket_number desc limit $1`,
    [options.limit],
  );
}
