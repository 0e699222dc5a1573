import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createRider, OUTLET, type TestRider } from './support/factories.ts';
import { apiCall, type Brand, createApiOrder, createBrand, secretClientOf, tokenOf } from './support/merchant-api.ts';
import { PNG_1PX, proof, riderCall } from './support/orders.ts';

const MINUTE = 60_000;

describe.each(databases())('merchant API courier coordinates and proofs on %s', (kind) => {
  let t: TestApp;
  let brandA: Brand;
  let tokenA: string;
  let tokenB: string;

  /** An order of brand A offered to a new rider near the outlet, the only free one. */
  async function dispatchedOrder(): Promise<{ orderId: string; clientOrderId: string; rider: TestRider }> {
    // No free rider and no order left waiting by an earlier test.
    await t.db.query(`update riders set state = 'OFFLINE', current_order_id = null`);
    await t.db.query(
      `update orders set status = 'CANCELLED' where status in ('NEW', 'RECEIVED', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT')`,
    );
    const rider = await createRider(t.db, { lat: OUTLET.lat + 0.01, lng: OUTLET.lng });
    const order = await createApiOrder(t, tokenA);
    await t.services.dispatcher.tick();
    const [assigned] = await t.db.query<{ rider_id: string | null }>(
      'select rider_id::text as rider_id from orders where order_id = $1',
      [order.order_id],
    );
    expect(assigned?.rider_id).toBe(rider.id);
    return { orderId: order.order_id, clientOrderId: order.client_order_id ?? '', rider };
  }

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    brandA = await createBrand(t);
    const brandB = await createBrand(t);
    tokenA = await tokenOf(t, await secretClientOf(t, brandA));
    tokenB = await tokenOf(t, await secretClientOf(t, brandB));
  });
  afterAll(() => t.close());

  it('answers the courier’s latest position while the order is under way', async () => {
    const { orderId, clientOrderId, rider } = await dispatchedOrder();
    expect((await riderCall(t, rider, orderId, 'accept')).statusCode).toBe(200);
    t.clock.advance(MINUTE);
    const moved = { latitude: OUTLET.lat + 0.004, longitude: OUTLET.lng + 0.001 };
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rider/position',
      headers: rider.headers,
      payload: moved,
    });
    expect(reported.statusCode, reported.body).toBe(200);

    const coordinates = await apiCall(t, tokenA, 'GET', `/orders/${orderId}/coordinates`);
    expect(coordinates.statusCode, coordinates.body).toBe(200);
    expect(coordinates.json()).toEqual({
      client_order_id: clientOrderId,
      latitude: moved.latitude,
      longitude: moved.longitude,
      updated_at: Math.floor(t.clock.now().getTime() / 1000),
    });

    // Another client's order, and no order at all, answer alike.
    for (const [token, id] of [
      [tokenB, orderId],
      [tokenA, 'no-such-order'],
    ] as const) {
      const missing = await apiCall(t, token, 'GET', `/orders/${id}/coordinates`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Order not found' });
    }
  });

  it('answers 404 for an order no courier has', async () => {
    await t.db.query(`update riders set state = 'OFFLINE', current_order_id = null`);
    const waiting = await createApiOrder(t, tokenA);
    const none = await apiCall(t, tokenA, 'GET', `/orders/${waiting.order_id}/coordinates`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'Courier location for this order was not found' });
  });

  it('answers each proof base64-encoded once the rider took it, and 404 before or for another client', async () => {
    const { orderId, rider } = await dispatchedOrder();
    const before = await apiCall(t, tokenA, 'GET', `/orders/proof_of_pickup/${orderId}`);
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({ message: 'Proof of pickup for this order was not found' });

    for (const action of ['accept', 'arrived-at-vendor']) {
      expect((await riderCall(t, rider, orderId, action)).statusCode).toBe(200);
    }
    expect((await riderCall(t, rider, orderId, 'collected', proof())).statusCode).toBe(200);

    const pickup = await apiCall(t, tokenA, 'GET', `/orders/proof_of_pickup/${orderId}`);
    expect(pickup.statusCode, pickup.body).toBe(200);
    expect(pickup.headers['content-type']).toContain('application/json');
    expect(Buffer.from(pickup.json(), 'base64').equals(PNG_1PX)).toBe(true);

    const delivery = await apiCall(t, tokenA, 'GET', `/orders/proof_of_delivery/${orderId}`);
    expect(delivery.statusCode).toBe(404);
    expect(delivery.json()).toEqual({ message: 'Proof of delivery for this order was not found' });
    const returned = await apiCall(t, tokenA, 'GET', `/orders/proof_of_return/${orderId}`);
    expect(returned.statusCode).toBe(404);
    expect(returned.json()).toEqual({ message: 'Proof of return for this order was not found' });

    // Another client's order answers exactly like an order without that proof.
    const stranger = await apiCall(t, tokenB, 'GET', `/orders/proof_of_pickup/${orderId}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: 'Proof of pickup for this order was not found' });
  });
});
