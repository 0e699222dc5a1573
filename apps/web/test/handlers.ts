import type { ApiError } from '@riderdesk/domain/contracts/common';
import { LIVE_TICKET_PATH, type LiveTicketAnswer } from '@riderdesk/domain/contracts/live';
import type { OrderListAnswer } from '@riderdesk/domain/contracts/order-list';
import type { Order } from '@riderdesk/domain/contracts/orders';
import type { CountryParameterName, Vendor, VendorsAnswer } from '@riderdesk/domain/contracts/vendors';
import { HttpResponse, http, type JsonBodyType } from 'msw';
import type { z } from 'zod';

export const API = '/api/v1';

/** An answer in the API's `{ result }` envelope. */
export const answer = <T extends JsonBodyType>(result: T) => HttpResponse.json({ result });

/** A refusal in the API's error shape (contracts/common.ts). */
export const apiError = (status: number, code: string, message = code, errors: ApiError['errors'] = []) =>
  HttpResponse.json({ status, code, message, errors } satisfies ApiError, { status });

/** The request body, checked against the contract the server checks it with. */
export async function bodyOf<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  return schema.parse(await request.json());
}

export const vendorsHandler = (vendors: Vendor[]) =>
  http.get(`${API}/vendors`, () => HttpResponse.json({ result: { vendors } } satisfies VendorsAnswer));

/** GET /get-country-parameter/{name}: the given values; any other name is unknown (404). */
export const countryParametersHandler = (values: Partial<Record<CountryParameterName, string>>) =>
  http.get(`${API}/get-country-parameter/:name`, ({ params }) => {
    const value = values[params.name as CountryParameterName];
    return value === undefined ? undefined : answer(value);
  });

export const orderListAnswer = (orders: Order[]) =>
  HttpResponse.json({ result: { data: orders, pagination: { pagination_key: null } } } satisfies OrderListAnswer);

/** GET /vendor/{vendorId}/orders: one page, the orders chosen for the query (phone search, scheduled, today). */
export const orderListHandler = (vendorId: string, ordersFor: (query: URLSearchParams) => Order[]) =>
  http.get(`${API}/vendor/${vendorId}/orders`, ({ request }) =>
    orderListAnswer(ordersFor(new URL(request.url).searchParams)),
  );

/**
 * The live socket's ticket route: each ticket remembers the Authorization header it was asked for
 * with, so a test can tell which tokens opened a socket.
 */
export function liveTickets() {
  const askedWith = new Map<string, string | null>();
  const handler = http.post(LIVE_TICKET_PATH, ({ request }) => {
    const ticket = `ticket-${askedWith.size + 1}`;
    askedWith.set(ticket, request.headers.get('Authorization'));
    return HttpResponse.json({ result: { ticket, expires_in: 30 } } satisfies LiveTicketAnswer);
  });
  return {
    handler,
    /** The Authorization that asked for the ticket the socket opened with. */
    tokenOf: (socket: { url: string } | undefined) =>
      socket ? (askedWith.get(new URL(socket.url).searchParams.get('ticket') ?? '') ?? null) : null,
  };
}

/** Like the real API, an unknown route answers 404 in the error shape. */
export const defaultHandlers = [http.all(`${API}/*`, () => apiError(404, 'NotFound', 'Not found'))];
