import type { TicketStatus } from '@riderdesk/domain/contracts/console-support';
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
    `insert into support_tickets (ticket_number, vendor_id, order_id, user_id, email, message, created_at, updated_at)
     values ('HC-' || nextval('support_ticket_numbers')::text, $1, $2, $3, $4, $5, $6, $6)
     returning ticket_number`,
    [ticket.vendorId, ticket.orderId, ticket.userId, ticket.email, ticket.message, ticket.createdAt],
  );
  return row!.ticket_number;
}

/** Newest first; open ones only unless `all`. */
export function listTickets(db: Db, options: { all: boolean; limit: number }): Promise<SupportTicketRow[]> {
  return db.query<SupportTicketRow>(
    `select ticket_number, vendor_id, order_id, email, message, status, created_at from support_tickets
     ${options.all ? '' : "where status <> 'SOLVED'"} order by created_at desc, ticket_number desc limit $1`,
    [options.limit],
  );
}

// --- The console's support queue (decision 182)

export interface QueueTicketRow {
  ticket_number: string;
  status: TicketStatus;
  vendor_id: string;
  vendor_name: string | null;
  order_id: string;
  email: string;
  message: string;
  assigned_id: string | null;
  assigned_name: string | null;
  created_at: Date;
  updated_at: Date;
}

const QUEUE_SELECT = `select t.ticket_number, t.status, t.vendor_id, v.name as vendor_name, t.order_id, t.email, t.message,
    t.assigned_to::text as assigned_id, o.name as assigned_name, t.created_at, t.updated_at
  from support_tickets t
  left join vendors v on v.vendor_id = t.vendor_id
  left join operators o on o.id = t.assigned_to`;

/** The queue of one status (all when none), oldest first: the ticket waiting longest is answered first. */
export function listQueue(db: Db, status: TicketStatus | null, limit: number): Promise<QueueTicketRow[]> {
  return db.query<QueueTicketRow>(
    `${QUEUE_SELECT} where $1::text is null or t.status = $1 order by t.created_at, t.ticket_number limit $2`,
    [status, limit],
  );
}

export async function countByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db.query<{ status: string; count: number }>(
    'select status, count(*)::int as count from support_tickets group by status',
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

export async function findQueueTicket(
  db: Db,
  ticketNumber: string,
  options: { lock?: boolean } = {},
): Promise<QueueTicketRow | null> {
  if (options.lock) await db.query('select 1 from support_tickets where ticket_number = $1 for update', [ticketNumber]);
  const [row] = await db.query<QueueTicketRow>(`${QUEUE_SELECT} where t.ticket_number = $1`, [ticketNumber]);
  return row ?? null;
}

export async function updateTicket(
  db: Db,
  ticketNumber: string,
  change: { status: TicketStatus; assignedTo: string | null; at: Date },
): Promise<void> {
  await db.query('update support_tickets set status = $2, assigned_to = $3, updated_at = $4 where ticket_number = $1', [
    ticketNumber,
    change.status,
    change.assignedTo,
    change.at,
  ]);
}

export interface TicketMessageRow {
  id: string;
  kind: 'REPLY' | 'NOTE';
  operator_id: string | null;
  operator_name: string | null;
  body: string;
  created_at: Date;
}

export async function insertMessage(
  db: Db,
  message: { id: string; ticketNumber: string; kind: 'REPLY' | 'NOTE'; operatorId: string; body: string; at: Date },
): Promise<void> {
  await db.query(
    `insert into support_ticket_messages (id, ticket_number, kind, operator_id, body, created_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [message.id, message.ticketNumber, message.kind, message.operatorId, message.body, message.at],
  );
}

export function listMessages(db: Db, ticketNumber: string): Promise<TicketMessageRow[]> {
  return db.query<TicketMessageRow>(
    `select m.id::text as id, m.kind, m.operator_id::text as operator_id, o.name as operator_name, m.body, m.created_at
       from support_ticket_messages m left join operators o on o.id = m.operator_id
      where m.ticket_number = $1 order by m.seq`,
    [ticketNumber],
  );
}

/** An operator who may take tickets: active, of the support desk (support or admin). */
export async function isSupportOperator(db: Db, operatorId: string): Promise<{ name: string } | null> {
  const [row] = await db.query<{ name: string }>(
    `select name from operators
      where id = $1 and deactivated_at is null and password_hash is not null and role in ('admin', 'support')`,
    [operatorId],
  );
  return row ?? null;
}

/** The merchant's own tickets (the vendor's), newest first, with support's replies only: notes never leave. */
export async function listMerchantTickets(
  db: Db,
  vendorId: string,
  limit: number,
): Promise<{ ticket: SupportTicketRow; replies: { id: string; body: string; created_at: Date }[] }[]> {
  const tickets = await db.query<SupportTicketRow>(
    `select ticket_number, vendor_id, order_id, email, message, status, created_at from support_tickets
      where vendor_id = $1 order by created_at desc, ticket_number desc limit $2`,
    [vendorId, limit],
  );
  if (tickets.length === 0) return [];
  const replies = await db.query<{ id: string; ticket_number: string; body: string; created_at: Date }>(
    `select id::text as id, ticket_number, body, created_at from support_ticket_messages
      where kind = 'REPLY' and ticket_number = any($1::text[]) order by seq`,
    [tickets.map((ticket) => ticket.ticket_number)],
  );
  return tickets.map((ticket) => ({
    ticket,
    replies: replies.filter((reply) => reply.ticket_number === ticket.ticket_number),
  }));
}
