import { randomUUID } from 'node:crypto';
import { SUPPORT_AUDIT_ACTIONS } from '@riderdesk/domain/console/audit';
import type {
  MerchantTicket,
  TicketDetail,
  TicketQueue,
  TicketStatus,
  TicketSummary,
} from '@riderdesk/domain/contracts/console-support';
import { TICKET_STATUSES } from '@riderdesk/domain/contracts/console-support';
import type { Db } from '../../db/db.ts';
import { keyedError } from '../../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { recordAudit } from '../operators/audit.ts';
import type { ConsoleOperator } from '../operators/model.ts';
import type { OrderRecords } from '../orders/records.ts';
import * as repo from './repo.ts';
import type { HelpCentreClaims } from './tokens.ts';

/** The console's support desk (issue 36, decision 182): the help centre's tickets as a queue. */
export type SupportDesk = ReturnType<typeof supportDesk>;

/** How many tickets one page of the queue holds (oldest first). */
export const QUEUE_PAGE_SIZE = 200;
/** How many of the vendor's tickets the help centre lists. */
export const MERCHANT_TICKETS_SIZE = 20;

export const ticketNotFound = () =>
  keyedError(404, 'NotFound', 'console.support.error.ticket-not-found', 'ticketNumber');
export const assigneeInvalid = () =>
  keyedError(400, 'InvalidParameterException', 'console.support.error.assignee-invalid', 'operator_id');

const target = (ticketNumber: string) => ({ type: 'ticket', id: ticketNumber });

function summaryOf(row: repo.QueueTicketRow): TicketSummary {
  return {
    ticket_number: row.ticket_number,
    status: row.status,
    vendor_id: row.vendor_id,
    vendor_name: row.vendor_name,
    order_id: row.order_id,
    email: row.email,
    message: row.message,
    assigned_to: row.assigned_id ? { id: row.assigned_id, name: row.assigned_name ?? '' } : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const auditState = (row: Pick<repo.QueueTicketRow, 'status' | 'assigned_id'>) => ({
  status: row.status,
  assigned_to: row.assigned_id,
});

export function supportDesk(deps: {
  db: Db;
  now: () => Date;
  mailer: Mailer;
  orders: Pick<OrderRecords, 'view'>;
  serviceName: string;
}) {
  /** A change to one ticket, locked, with its audit entry, in one transaction. */
  async function change(
    ticketNumber: string,
    apply: (tx: Db, row: repo.QueueTicketRow, at: Date) => Promise<{ action: string; after: Record<string, unknown> }>,
    by: ConsoleOperator,
  ): Promise<repo.QueueTicketRow> {
    const at = deps.now();
    return deps.db.transaction(async (tx) => {
      const row = await repo.findQueueTicket(tx, ticketNumber, { lock: true });
      if (!row) throw ticketNotFound();
      const { action, after } = await apply(tx, row, at);
      await recordAudit(tx, {
        at,
        operatorId: by.id,
        action,
        target: target(ticketNumber),
        before: auditState(row),
        after,
      });
      return row;
    });
  }

  return {
    async queue(status: TicketStatus | null): Promise<TicketQueue> {
      const [rows, counts] = await Promise.all([
        repo.listQueue(deps.db, status, QUEUE_PAGE_SIZE),
        repo.countByStatus(deps.db),
      ]);
      return {
        tickets: rows.map(summaryOf),
        counts: Object.fromEntries(TICKET_STATUSES.map((s) => [s, counts[s] ?? 0])) as TicketQueue['counts'],
      };
    },

    async detail(ticketNumber: string): Promise<TicketDetail> {
      const row = await repo.findQueueTicket(deps.db, ticketNumber);
      if (!row) throw ticketNotFound();
      const [messages, order] = await Promise.all([
        repo.listMessages(deps.db, ticketNumber),
        deps.orders.view(row.order_id),
      ]);
      return {
        ...summaryOf(row),
        messages: messages.map((message) => ({
          id: message.id,
          kind: message.kind,
          operator: message.operator_id ? { id: message.operator_id, name: message.operator_name ?? '' } : null,
          body: message.body,
          created_at: message.created_at.toISOString(),
        })),
        order,
      };
    },

    /** To an operator of the support desk (the ticket is then assigned), or back to the queue (open). */
    async assign(by: ConsoleOperator, ticketNumber: string, operatorId: string | null): Promise<TicketDetail> {
      await change(
        ticketNumber,
        async (tx, row, at) => {
          if (operatorId !== null && !(await repo.isSupportOperator(tx, operatorId))) throw assigneeInvalid();
          let status = row.status;
          if (operatorId !== null && status === 'OPEN') status = 'ASSIGNED';
          if (operatorId === null && status === 'ASSIGNED') status = 'OPEN';
          await repo.updateTicket(tx, ticketNumber, { status, assignedTo: operatorId, at });
          return { action: SUPPORT_AUDIT_ACTIONS.assign, after: { status, assigned_to: operatorId } };
        },
        by,
      );
      return this.detail(ticketNumber);
    },

    async setStatus(by: ConsoleOperator, ticketNumber: string, status: TicketStatus): Promise<TicketDetail> {
      await change(
        ticketNumber,
        async (tx, row, at) => {
          // Open means nobody has it; any other status keeps whoever has it.
          const assignedTo = status === 'OPEN' ? null : row.assigned_id;
          await repo.updateTicket(tx, ticketNumber, { status, assignedTo, at });
          return { action: SUPPORT_AUDIT_ACTIONS.changeStatus, after: { status, assigned_to: assignedTo } };
        },
        by,
      );
      return this.detail(ticketNumber);
    },

    /**
     * A reply to the merchant: kept with the ticket (the help centre shows it), the ticket then waits on the
     * merchant and is the replying operator's if nobody had it; e-mailed to the merchant once committed.
     */
    async reply(by: ConsoleOperator, ticketNumber: string, body: string): Promise<TicketDetail> {
      const row = await change(
        ticketNumber,
        async (tx, found, at) => {
          const assignedTo = found.assigned_id ?? by.id;
          await repo.insertMessage(tx, { id: randomUUID(), ticketNumber, kind: 'REPLY', operatorId: by.id, body, at });
          await repo.updateTicket(tx, ticketNumber, { status: 'WAITING_ON_MERCHANT', assignedTo, at });
          return {
            action: SUPPORT_AUDIT_ACTIONS.reply,
            after: { status: 'WAITING_ON_MERCHANT', assigned_to: assignedTo, reply: body },
          };
        },
        by,
      );
      await deps.mailer.send({
        to: row.email,
        subject: `${deps.serviceName} support ticket ${ticketNumber} about order ${row.order_id}: a reply`,
        text: [
          `Our support team answered your ticket ${ticketNumber} about order ${row.order_id}:`,
          '',
          body,
          '',
          'You can read it again in the help centre of the portal.',
        ].join('\n'),
      });
      return this.detail(ticketNumber);
    },

    /** An internal note: operators only, never e-mailed nor shown to the merchant. */
    async note(by: ConsoleOperator, ticketNumber: string, body: string): Promise<TicketDetail> {
      await change(
        ticketNumber,
        async (tx, row, at) => {
          await repo.insertMessage(tx, { id: randomUUID(), ticketNumber, kind: 'NOTE', operatorId: by.id, body, at });
          return { action: SUPPORT_AUDIT_ACTIONS.note, after: { ...auditState(row), note: body } };
        },
        by,
      );
      return this.detail(ticketNumber);
    },

    /** The help centre's list of the merchant's tickets (the vendor the frame is for), with replies only. */
    async merchantTickets(claims: HelpCentreClaims): Promise<MerchantTicket[]> {
      const rows = await repo.listMerchantTickets(deps.db, claims.vendorId, MERCHANT_TICKETS_SIZE);
      return rows.map(({ ticket, replies }) => ({
        ticket_number: ticket.ticket_number,
        status: ticket.status as TicketStatus,
        order_id: ticket.order_id,
        message: ticket.message,
        created_at: ticket.created_at.toISOString(),
        replies: replies.map((reply) => ({
          id: reply.id,
          body: reply.body,
          created_at: reply.created_at.toISOString(),
        })),
      }));
    },
  };
}
