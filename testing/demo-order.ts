import { orderCreateBody } from './order-body.ts';

/** The demo seed's outlet in Clifton, and a customer a few kilometres away. */
export const DEMO_OUTLET_ID = 'pk-karachi-grill-clifton';
export const DEMO_DESTINATION = { lat: 24.815, lng: 67.041 };

/** The quote request of the demo outlet's trip (POST /delivery/fee), as the portal asks before it orders. */
export const DEMO_FEE_REQUEST = {
  source: { lat: 24.8021, lon: 67.03 },
  destination: { lat: DEMO_DESTINATION.lat, lon: DEMO_DESTINATION.lng },
  vendor_id: DEMO_OUTLET_ID,
  delivery_type: 'food',
};

async function result(base: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { result: Record<string, unknown> }).result;
}

/**
 * Logs in as the demo merchant on a running server and quotes the demo outlet's trip: the authorization
 * header and an order body to send (again and again, each with its own Idempotency-Key) to POST /order.
 */
export async function demoOrder(
  base: string,
): Promise<{ authorization: string; body: ReturnType<typeof orderCreateBody> }> {
  const tokens = await result(base, '/api/v1/login', {
    email_address: 'demo@riderdesk.pk',
    password: 'Riderdesk#2026',
  });
  const authorization = `Bearer ${tokens.AccessToken}|${tokens.IdToken}`;
  const quote = await result(base, '/api/v1/delivery/fee', DEMO_FEE_REQUEST, { authorization });
  const body = orderCreateBody({
    vendorId: DEMO_OUTLET_ID,
    quote: quote as { fee: number; signature: string },
    destination: DEMO_DESTINATION,
    customer: { address: 'Flat 3, Sea Breeze Tower, Block 4, Clifton', notes: '' },
  });
  return { authorization, body };
}
