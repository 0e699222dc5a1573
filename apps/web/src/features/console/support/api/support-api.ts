import { TicketDetailSchema, TicketQueueSchema, type TicketStatus } from '@riderdesk/domain/contracts/console-support';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';

/** Query keys of the console's Support page; no other section reads these. */
export const supportKeys = {
  all: ['console', 'support'] as const,
  queue: (status: TicketStatus | null) => ['console', 'support', 'queue', status ?? 'all'] as const,
  ticket: (ticketNumber: string) => ['console', 'support', 'ticket', ticketNumber] as const,
};

/** The queue is read again this often while the page is open: new tickets appear without a reload. */
export const QUEUE_REFRESH_MS = 30_000;

const ticketPath = (ticketNumber: string, action = '') =>
  `${CONSOLE_API}/tickets/${encodeURIComponent(ticketNumber)}${action ? `/${action}` : ''}`;

export function useTicketQueue(status: TicketStatus | null) {
  return useQuery({
    queryKey: supportKeys.queue(status),
    queryFn: ({ signal }) =>
      consoleApi.get(`${CONSOLE_API}/tickets${status ? `?status=${status}` : ''}`, {
        schema: TicketQueueSchema,
        signal,
      }),
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useTicket(ticketNumber: string | null) {
  return useQuery({
    queryKey: supportKeys.ticket(ticketNumber ?? ''),
    queryFn: ({ signal }) => consoleApi.get(ticketPath(ticketNumber ?? ''), { schema: TicketDetailSchema, signal }),
    enabled: ticketNumber !== null,
  });
}

type TicketChange =
  | { kind: 'assign'; operatorId: string | null }
  | { kind: 'status'; status: TicketStatus }
  | { kind: 'reply' | 'note'; body: string };

/** Each change answers the ticket as it is now; the queue is read again. Not retried: a reply is sent once. */
export function changeTicket(ticketNumber: string, change: TicketChange) {
  const options = { schema: TicketDetailSchema, retries: 0 };
  switch (change.kind) {
    case 'assign':
      return consoleApi.put(ticketPath(ticketNumber, 'assignee'), { operator_id: change.operatorId }, options);
    case 'status':
      return consoleApi.put(ticketPath(ticketNumber, 'status'), { status: change.status }, options);
    case 'reply':
      return consoleApi.post(ticketPath(ticketNumber, 'replies'), { body: change.body }, options);
    case 'note':
      return consoleApi.post(ticketPath(ticketNumber, 'notes'), { body: change.body }, options);
  }
}

export function useChangeTicket(ticketNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TicketChange) => changeTicket(ticketNumber, change),
    onSuccess: (ticket) => {
      queryClient.setQueryData(supportKeys.ticket(ticketNumber), ticket);
      void queryClient.invalidateQueries({ queryKey: [...supportKeys.all, 'queue'] });
    },
  });
}
