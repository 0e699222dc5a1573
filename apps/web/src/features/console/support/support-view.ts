import type { TicketStatus } from '@riderdesk/domain/contracts/console-support';

/** The queue's tabs, in the order a ticket moves through them. */
export const QUEUE_TABS: readonly TicketStatus[] = ['OPEN', 'ASSIGNED', 'WAITING_ON_MERCHANT', 'SOLVED'];

export const STATUS_COLORS: Record<TicketStatus, string> = {
  OPEN: 'red',
  ASSIGNED: 'blue',
  WAITING_ON_MERCHANT: 'yellow',
  SOLVED: 'teal',
};

/** The queue tab a link names; an unknown one is the first. */
export function queueTabOf(value: string | null): TicketStatus {
  return (QUEUE_TABS as readonly string[]).includes(value ?? '') ? (value as TicketStatus) : 'OPEN';
}

/** What the ticket panel offers the operator for a ticket: take it, hand it back, or nothing. */
export function assignActionOf(
  ticket: { assigned_to: { id: string } | null; status: TicketStatus },
  selfId: string,
): 'take' | 'hand-back' | null {
  if (ticket.status === 'SOLVED') return null;
  if (ticket.assigned_to?.id === selfId) return 'hand-back';
  return 'take';
}
