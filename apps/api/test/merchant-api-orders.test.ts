import { PAID_TO_CASH_REFUSAL } from '@riderdesk/domain/merchant-api/order-mapping';
import { NO_BRANCH_CLOSE_ENOUGH, OUTLET_NOT_FOUND } from '@riderdesk/domain/merchant-api/sender-outlet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { NEAR, OUTLET } from './support/factories.ts';
import {
  apiCall,
  apiOrderBody,
  type Brand,
  createApiOrder,
  createBrand as createSharedBrand,
  FAR,
  SADDAR,
  secretClientOf as sharedSecretClientOf,
  tokenOf as sharedTokenOf,
} from './support/merchant-api.ts';

const MINUTE = 60_000;
// About 200 m north of OUTLET: no outlet is close enough.
const DOWN_THE_ROAD = { lat: OUTLET.lat + 0.0018, lng: OUTLET.lng };

describe.each(databases())('merchant API orders on %s', (kind) => {
  let t: TestApp;
  let brandA: Brand;
  let brandB: Brand;
  let tokenA: string;
  let tokenB: string;

  const createBrand = () => createSharedBrand(t);
  const secretClientOf = (brand: Brand) => sharedSecretClientOf(t, brand);
  const tokenOf = (client: { client_id: string; client_secret: string }) => sharedTokenOf(t, client);
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    apiCall(t, token, method, url, payload);
  const orderBody = apiOrderBody;
  const createOrder = (token: string, overrides: Record<string, unknown> = {}) => createApiOrder(t, token, overrides);

  const statusOf = async (orderId: string) =>
    (await t.db.query<{ status: string }>('select status from orders where order_id = $1', [orderId]))[0]?.status;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    brandA = await createBrand();
    brandB = await createBrand();
    tokenA = await tokenOf(await secretClientOf(brandA));
    tokenB = await tokenOf(await secretClientOf(brandB));
  });
  afterAll(() => t.close());

  it('creates an order from the outlet the sender stands at and answers pandago’s Order', async () => {
    const body = orderBody({ delivery_tasks: { age_validation_required: true } });
    const response = await call(tokenA, 'POST', '/orders', body);
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    const now = Math.floor(t.clock.now().getTime() / 1000);
    expect(order).toMatchObject({
      order_id: expect.stringMatching(/.+/),
      client_order_id: body.client_order_id,
      status: 'NEW',
      payment_method: 'CASH_ON_DELIVERY',
      amount: 1500,
      description: 'Two biryani boxes',
      coldbag_needed: false,
      preordered_for: null,
      recipient: {
        name: 'Ayesha Khan',
        phone_number: '+923001234567',
        location: { address: body.recipient.location.address, latitude: NEAR.lat, longitude: NEAR.lng },
        notes: 'Ring the bell twice',
      },
      sender: { name: 'Clifton', location: { latitude: OUTLET.lat, longitude: OUTLET.lng } },
      driver: { id: '', name: '', phone_number: '' },
      created_at: now,
      updated_at: now,
      delivery_tasks: { age_validation_required: true },
    });
    // The server's fee for the trip from the outlet (factories.ts: 85 PKR to NEAR), never one of the body.
    expect(order.delivery_fee).toBe(85);
    expect(order.distance).toBeGreaterThan(1000);
    expect(order.timeline.estimated_pickup_time).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(order.tracking_link).toMatch(/^http:\/\/riderdesk\.test\/tracking\/.+/);
    const [row] = await t.db.query<{ vendor_id: string; client_order_id: string }>(
      'select vendor_id, client_order_id from orders where order_id = $1',
      [order.order_id],
    );
    expect(row).toEqual({ vendor_id: brandA.clifton, client_order_id: body.client_order_id });
  });

  it('replays the first answer for the same client_order_id and body, and refuses another body with 409', async () => {
    const body = orderBody();
    const first = await call(tokenA, 'POST', '/orders', body);
    expect(first.statusCode).toBe(201);
    t.clock.advance(MINUTE);
    const again = await call(tokenA, 'POST', '/orders', body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');

    const other = await call(tokenA, 'POST', '/orders', { ...body, amount: 1600 });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: expect.stringContaining('client_order_id') });
    const count = await t.db.query<{ n: number }>('select count(*)::int as n from orders where client_order_id = $1', [
      body.client_order_id,
    ]);
    expect(count[0]?.n).toBe(1);
    // Another client's same id is its own key.
    expect(
      (await call(tokenB, 'POST', '/orders', orderBody({ client_order_id: body.client_order_id }))).statusCode,
    ).toBe(201);
  });

  it('answers the order as GET reads it at once, and stores that answer with the key', async () => {
    const due = Math.floor(t.clock.now().getTime() / 1000) + 3 * 60 * 60;
    for (const body of [
      orderBody(),
      orderBody({ client_order_id: undefined, delivery_tasks: { age_validation_required: true } }),
      orderBody({ preordered_for: due, payment_method: 'PAID', recipient: { ...orderBody().recipient, notes: '' } }),
    ]) {
      const created = await call(tokenA, 'POST', '/orders', body);
      expect(created.statusCode, created.body).toBe(201);
      const order = created.json();
      const read = await call(tokenA, 'GET', `/orders/${order.order_id}`);
      expect(read.json()).toEqual(order);
      if (body.client_order_id) {
        const [key] = await t.db.query<{ status_code: number; response: unknown }>(
          'select status_code, response from idempotency_keys where key = $1',
          [body.client_order_id],
        );
        expect(key).toEqual({ status_code: 201, response: order });
      }
    }
  });

  it('picks the outlet by client_vendor_id, and answers 422 or 404 when the sender names none of the client’s', async () => {
    const [clifton] = await t.db.query<{ client_vendor_id: string }>(
      'select client_vendor_id from vendors where vendor_id = $1',
      [brandA.clifton],
    );
    const byReference = await createOrder(tokenA, {
      sender: { client_vendor_id: clifton!.client_vendor_id.toLowerCase() },
    });
    const bySaddarId = await createOrder(tokenA, {
      sender: { client_vendor_id: brandA.saddar },
      recipient: {
        name: 'Bilal',
        phone_number: '+923001234567',
        location: { address: 'Saddar, Karachi', latitude: SADDAR.lat + 0.01, longitude: SADDAR.lng },
      },
    });
    const vendors = await t.db.query<{ order_id: string; vendor_id: string }>(
      'select order_id, vendor_id from orders where order_id = any($1::text[]) order by order_id',
      [[byReference.order_id, bySaddarId.order_id]],
    );
    expect(Object.fromEntries(vendors.map((row) => [row.order_id, row.vendor_id]))).toEqual({
      [byReference.order_id]: brandA.clifton,
      [bySaddarId.order_id]: brandA.saddar,
    });

    const away = await call(
      tokenA,
      'POST',
      '/orders',
      orderBody({
        sender: { location: { address: 'Clifton', latitude: DOWN_THE_ROAD.lat, longitude: DOWN_THE_ROAD.lng } },
      }),
    );
    expect(away.statusCode).toBe(422);
    expect(away.json()).toEqual({ message: NO_BRANCH_CLOSE_ENOUGH });
    // Brand B's outlet stands where brand A's does: B's client never reaches A's outlet.
    const foreign = await call(
      tokenB,
      'POST',
      '/orders',
      orderBody({ sender: { client_vendor_id: clifton!.client_vendor_id } }),
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: OUTLET_NOT_FOUND });
  });

  it('answers 400 naming the failing field, for the contract and for the portal’s chain', async () => {
    const { recipient } = orderBody();
    const missing = await call(
      tokenA,
      'POST',
      '/orders',
      orderBody({ recipient: { ...recipient, phone_number: undefined } }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('recipient.phone_number');
    const badPhone = await call(
      tokenA,
      'POST',
      '/orders',
      orderBody({ recipient: { ...recipient, phone_number: '12' } }),
    );
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().message).toContain('recipient.phone_number');
    const noSender = await call(tokenA, 'POST', '/orders', orderBody({ sender: undefined }));
    expect(noSender.statusCode).toBe(400);
    expect(noSender.json().message).toContain('sender');
    const coldBag = await call(tokenA, 'POST', '/orders', orderBody({ coldbag_needed: true }));
    expect(coldBag.statusCode).toBe(400);
    expect(coldBag.json().message).toContain('coldbag_needed');
  });

  it('reads only the client’s own orders', async () => {
    const order = await createOrder(tokenA);
    const read = await call(tokenA, 'GET', `/orders/${order.order_id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ order_id: order.order_id, status: 'NEW' });
    for (const [token, id] of [
      [tokenB, order.order_id],
      [tokenA, 'nobody-000001'],
    ] as const) {
      const refused = await call(token, 'GET', `/orders/${id}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: 'Order not found' });
    }
    expect((await call(tokenB, 'DELETE', `/orders/${order.order_id}`, { reason: 'MISTAKE_ERROR' })).statusCode).toBe(
      404,
    );
    expect((await call(tokenB, 'PUT', `/orders/${order.order_id}`, { amount: 1 })).statusCode).toBe(404);
  });

  it('edits an order before pickup with the portal’s rules, and not after it', async () => {
    const order = await createOrder(tokenA);
    const edited = await call(tokenA, 'PUT', `/orders/${order.order_id}`, {
      amount: 1750,
      description: 'Three biryani boxes',
      location: { latitude: NEAR.lat + 0.01, longitude: NEAR.lng, notes: 'Gate 2' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      order_id: order.order_id,
      amount: 1750,
      description: 'Three biryani boxes',
      recipient: { location: { latitude: NEAR.lat + 0.01 }, notes: 'Gate 2' },
    });
    // The new trip's fee is the server's.
    expect(edited.json().delivery_fee).toBeGreaterThan(85);

    // Collected (the rider's step needs a proof photo; the rule only reads the status).
    await t.db.query(`update orders set status = 'PICKED_UP' where order_id = $1`, [order.order_id]);
    const late = await call(tokenA, 'PUT', `/orders/${order.order_id}`, { amount: 1800 });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ message: 'order can not be updated' });
  });

  it('refuses turning a PAID order into CASH_ON_DELIVERY, and takes the other way', async () => {
    const paid = await createOrder(tokenA, { payment_method: 'PAID' });
    const refused = await call(tokenA, 'PUT', `/orders/${paid.order_id}`, { payment_method: 'CASH_ON_DELIVERY' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: PAID_TO_CASH_REFUSAL });
    const cash = await createOrder(tokenA);
    const toPaid = await call(tokenA, 'PUT', `/orders/${cash.order_id}`, { payment_method: 'PAID' });
    expect(toPaid.statusCode, toPaid.body).toBe(200);
    expect(toPaid.json()).toMatchObject({ payment_method: 'PAID', amount: 1500 });
  });

  it('cancels an order no courier accepted with 204, and answers 409 once one did', async () => {
    const waiting = await createOrder(tokenA);
    const accepted = await createOrder(tokenA);
    await t.services.dispatcher.tick();
    expect(['RECEIVED', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT']).toContain(await statusOf(waiting.order_id));

    const cancelled = await call(tokenA, 'DELETE', `/orders/${waiting.order_id}`, { reason: 'MISTAKE_ERROR' });
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    const read = await call(tokenA, 'GET', `/orders/${waiting.order_id}`);
    expect(read.json()).toMatchObject({
      status: 'CANCELLED',
      cancellation: { reason: 'MISTAKE_ERROR', source: 'CLIENT' },
    });

    // A courier accepted it (the rule reads the status; the riders of earlier tests would take older orders first).
    await t.db.query(`update orders set status = 'COURIER_ACCEPTED_DELIVERY' where order_id = $1`, [accepted.order_id]);
    const refused = await call(tokenA, 'DELETE', `/orders/${accepted.order_id}`, { reason: 'REASON_UNKNOWN' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Order is not cancellable' });

    const badReason = await call(tokenA, 'DELETE', `/orders/${accepted.order_id}`, { reason: 'NO_COURIER' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().message).toContain('reason');
  });

  it('stops a revoked client at once', async () => {
    const client = await secretClientOf(brandA);
    const token = await tokenOf(client);
    const order = await createOrder(token);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/merchant-api/clients/${client.client_id}`,
      headers: brandA.headers,
    });
    expect(revoked.statusCode).toBe(204);
    for (const response of [
      await call(token, 'POST', '/orders', orderBody()),
      await call(token, 'GET', `/orders/${order.order_id}`),
      await call(token, 'DELETE', `/orders/${order.order_id}`, { reason: 'MISTAKE_ERROR' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('refuses a recipient outside the outlet’s delivery area and an order outside the service hours', async () => {
    const { recipient } = orderBody();
    const far = await call(
      tokenA,
      'POST',
      '/orders',
      orderBody({
        recipient: { ...recipient, location: { ...recipient.location, latitude: FAR.lat, longitude: FAR.lng } },
      }),
    );
    expect(far.statusCode).toBe(422);
    expect(far.json().message).toContain('delivery area');

    // 00:30 in Karachi: the service (09:00-23:00) is closed, and a pre-order is judged at its own time.
    const client = await secretClientOf(brandA);
    t.clock.advance(new Date('2026-03-10T19:30:00Z').getTime() - t.clock.now().getTime());
    const token = await tokenOf(client);
    const closed = await call(token, 'POST', '/orders', orderBody());
    expect(closed.statusCode).toBe(422);
    expect(closed.json()).toEqual({ message: 'unable to accept order outside operating hours' });
    const noon = Math.floor(new Date('2026-03-11T07:00:00Z').getTime() / 1000);
    const scheduled = await call(token, 'POST', '/orders', orderBody({ preordered_for: noon }));
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect(scheduled.json().preordered_for).toBe(noon);
  });
});
