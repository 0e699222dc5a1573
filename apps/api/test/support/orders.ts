import type { FastifyInstance } from 'fastify';
import { orderCreateBody } from '../../../../testing/order-body.ts';
import type { Db } from '../../src/db/db.ts';
import type { TestApp } from './app.ts';
import { type Merchant, NEAR, OUTLET, type TestRider } from './factories.ts';

export async function quoteFee(
  t: Pick<TestApp, 'app'>,
  merchant: Merchant,
  destination = NEAR,
  source = OUTLET,
): Promise<{ fee: number; signature: string; expires_at: string; distance_km: number }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/delivery/fee',
    headers: merchant.headers,
    payload: {
      source: { lat: source.lat, lon: source.lng },
      destination: { lat: destination.lat, lon: destination.lng },
      vendor_id: merchant.vendorId,
      delivery_type: 'food',
    },
  });
  if (response.statusCode !== 200) throw new Error(`fee failed: ${response.body}`);
  return response.json().result;
}

/** A loosely typed body, so tests can spoil any field of it. */
export type OrderBody = Record<string, unknown> & { customer: Record<string, unknown>; order: Record<string, unknown> };

/** A valid spec §3 order create body for the quote (testing/order-body.ts). */
export function orderBody(vendorId: string, quote: { fee: number; signature: string }, destination = NEAR): OrderBody {
  return orderCreateBody({ vendorId, quote, destination }) as OrderBody;
}

export function postOrder(
  t: Pick<TestApp, 'app'>,
  merchant: Merchant,
  body: unknown,
  extraHeaders: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/order',
    headers: { ...merchant.headers, ...extraHeaders },
    payload: body as Record<string, unknown>,
  });
}

export async function countOrders(db: Db, vendorId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from orders where vendor_id = $1', [vendorId]);
  return row?.n ?? 0;
}

/** The first error's translation key, as the browser reads it (spec §7). */
export const translationKey = (response: { json(): unknown }) =>
  (response.json() as { errors: { meta: { translation_key: string } }[] }).errors[0]?.meta.translation_key;

export async function placeOrder(
  t: Pick<TestApp, 'app'>,
  merchant: Merchant,
  change: (body: ReturnType<typeof orderBody>) => void = () => {},
): Promise<string> {
  const quote = await quoteFee(t, merchant, NEAR);
  const body = orderBody(merchant.vendorId, quote);
  change(body);
  const response = await postOrder(t, merchant, body);
  if (response.statusCode !== 200) throw new Error(`order failed: ${response.body}`);
  return response.json().result.order_id as string;
}

export async function orderOf(t: Pick<TestApp, 'app'>, merchant: Merchant, orderId: string) {
  // Read by its id (GET /order): an order whose card payment failed is readable there, not listed.
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/order?vendorId=${encodeURIComponent(merchant.vendorId)}&orderId=${encodeURIComponent(orderId)}`,
    headers: merchant.headers,
  });
  if (response.statusCode === 404) throw new Error(`order ${orderId} not found`);
  if (response.statusCode !== 200) throw new Error(`read failed: ${response.body}`);
  const order = response.json().result as { order_id: string };
  return order as unknown as Record<string, unknown> & {
    status: string;
    status_history: { status: string; created_at: string }[];
    rider: { id?: string; name: string; phone: string } | null;
    cancel_reason: string | null;
    pickup_eta_minutes: number | null;
    delivery_eta_minutes: number | null;
    latest_arrival_at: string | null;
    tracking_token: string;
  };
}

export function riderCall(
  t: { app: FastifyInstance },
  rider: TestRider,
  orderId: string,
  action: string,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/rider/orders/${orderId}/${action}`,
    headers: rider.headers,
    ...(payload ? { payload } : {}),
  });
}

export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
export const proof = (bytes: Buffer = PNG_1PX, contentType = 'image/png') => ({
  proof: { content_type: contentType, data: bytes.toString('base64') },
});
