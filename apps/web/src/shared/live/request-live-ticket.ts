import { LIVE_TICKET_PATH, type LiveTicketAnswer, LiveTicketAnswerSchema } from '@riderdesk/domain/contracts/live';
import type { ApiClient } from '../api/client.ts';

/** POST /api/v1/live/ticket: a one-time ticket that opens the live socket, asked for with the usual header. */
export function requestLiveTicket(client: ApiClient): Promise<LiveTicketAnswer> {
  // No retries here: the live connection retries with its own backoff, and asks for a fresh ticket then.
  return client.post(LIVE_TICKET_PATH, undefined, { schema: LiveTicketAnswerSchema, retries: 0 });
}
