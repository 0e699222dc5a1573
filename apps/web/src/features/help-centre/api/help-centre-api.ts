import { type MerchantTicket, MerchantTicketsAnswerSchema } from '@riderdesk/domain/contracts/console-support';
import {
  HelpCentreInitAnswerSchema,
  type HelpCentreInitBody,
  HelpCentreTokenAnswerSchema,
  type SupportOrder,
  SupportOrdersAnswerSchema,
  SupportTicketAnswerSchema,
  type SupportTicketBody,
} from '@riderdesk/domain/contracts/help-centre';
import type { z } from 'zod';
import { toApiRequestError } from '../../../shared/api/api-error.ts';
import { API_BASE, api } from '../../../shared/api/client.ts';

/** GET /vendor/{id}/hc_jwt_token (spec §7). */
export async function getHelpCentreToken(vendorId: string): Promise<string> {
  const answer = await api.get(`${API_BASE}/vendor/${encodeURIComponent(vendorId)}/hc_jwt_token`, {
    schema: HelpCentreTokenAnswerSchema,
  });
  return answer.result;
}

/** A call to the help centre host: it is another service, so it never carries the portal's session. */
async function hostCall<T>(url: string, schema: z.ZodType<T>, init: RequestInit & { token?: string }): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const response = await fetch(url, { ...init, headers, cache: 'no-store' });
  if (!response.ok) throw await toApiRequestError(response);
  return schema.parse(await response.json());
}

/** POST {host}/conditions-api/v1/init (spec §7): the frame's address, absolute. */
export async function initHelpCentre(host: string, payload: HelpCentreInitBody): Promise<string> {
  const { url } = await hostCall(`${host}/conditions-api/v1/init`, HelpCentreInitAnswerSchema, {
    method: 'POST',
    body: JSON.stringify(payload),
  });
  return new URL(url, new URL(host, window.location.href)).toString();
}

/** The frame's calls, with the frame token the init handed over. */
export async function getSupportOrders(host: string, token: string): Promise<SupportOrder[]> {
  return (await hostCall(`${host}/api/orders`, SupportOrdersAnswerSchema, { token })).result.orders;
}

export async function openSupportTicket(host: string, token: string, body: SupportTicketBody): Promise<string> {
  const answer = await hostCall(`${host}/api/tickets`, SupportTicketAnswerSchema, {
    method: 'POST',
    token,
    body: JSON.stringify(body),
  });
  return answer.result.ticket_number;
}

/** The merchant's tickets with support's replies (decision 182). */
export async function getSupportTickets(host: string, token: string): Promise<MerchantTicket[]> {
  return (await hostCall(`${host}/api/tickets`, MerchantTicketsAnswerSchema, { token })).result.tickets;
}
