import { NO_BRANCH_CLOSE_ENOUGH } from '@riderdesk/domain/merchant-api/sender-outlet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { OUTLET } from './support/factories.ts';
import {
  apiCall,
  apiOrderBody,
  type Brand,
  createApiOrder,
  createBrand,
  FAR,
  secretClientOf,
  tokenOf,
} from './support/merchant-api.ts';

const MINUTE = 60_000;
// About 200 m north of OUTLET: no outlet is close enough.
const DOWN_THE_ROAD = { lat: OUTLET.lat + 0.0018, lng: OUTLET.lng };

describe.each(databases())('merchant API estimates on %s', (kind) => {
  let t: TestApp;
  let brand: Brand;
  let token: string;

  const orderCount = async () =>
    (
      await t.db.query<{ n: number }>('select count(*)::int as n from orders where vendor_id = any($1::text[])', [
        [brand.clifton, brand.saddar],
      ])
    )[0]!.n;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    brand = await createBrand(t);
    token = await tokenOf(t, await secretClientOf(t, brand));
  });
  afterAll(() => t.close());

  it('estimates the fee POST /orders would charge, creating no order', async () => {
    const body = apiOrderBody();
    const before = await orderCount();
    const estimate = await apiCall(t, token, 'POST', '/orders/fee', body);
    expect(estimate.statusCode, estimate.body).toBe(200);
    const { estimated_delivery_fee: fee } = estimate.json();
    expect(estimate.json()).toEqual({
      client_order_id: body.client_order_id,
      estimated_delivery_fee: fee,
      estimate_delivery_fee: fee,
    });
    expect(fee).toBeGreaterThan(0);
    expect(await orderCount()).toBe(before);

    // The same body placed: the order carries the estimated fee, and its key was not taken by the estimate.
    const order = await createApiOrder(t, token, { client_order_id: body.client_order_id });
    expect(order.delivery_fee).toBe(fee);
    expect(await orderCount()).toBe(before + 1);
  });

  it('estimates the times of an order placed now, and of a pre-order at its own time', async () => {
    const now = t.clock.now().getTime();
    const estimate = await apiCall(t, token, 'POST', '/orders/time', apiOrderBody());
    expect(estimate.statusCode, estimate.body).toBe(200);
    const times = estimate.json();
    const pickup = Date.parse(times.estimated_pickup_time);
    const delivery = Date.parse(times.estimated_delivery_time);
    expect(pickup).toBeGreaterThan(now);
    expect(delivery).toBeGreaterThan(pickup);
    expect(times.estimate_pickup_time).toBe(times.estimated_pickup_time);
    expect(times.estimate_delivery_time).toBe(times.estimated_delivery_time);

    // The order placed now answers the same timeline.
    const order = await createApiOrder(t, token);
    expect(order.timeline).toEqual({
      estimated_pickup_time: times.estimated_pickup_time,
      estimated_delivery_time: times.estimated_delivery_time,
    });

    const due = Math.floor((now + 3 * 60 * MINUTE) / 1000);
    const preorder = await apiCall(t, token, 'POST', '/orders/time', apiOrderBody({ preordered_for: due }));
    expect(preorder.statusCode, preorder.body).toBe(200);
    expect(Date.parse(preorder.json().estimated_delivery_time)).toBe(due * 1000);
  });

  it('answers the refusals POST /orders would answer', async () => {
    const { recipient, sender } = apiOrderBody();
    for (const route of ['/orders/fee', '/orders/time']) {
      const noPhone = await apiCall(
        t,
        token,
        'POST',
        route,
        apiOrderBody({ recipient: { ...recipient, phone_number: undefined } }),
      );
      expect(noPhone.statusCode).toBe(400);
      expect(noPhone.json().message).toBe('Invalid request payload\n - recipient.phone_number is required');

      // The portal's chain: a phone number that is not one.
      const badPhone = await apiCall(
        t,
        token,
        'POST',
        route,
        apiOrderBody({ recipient: { ...recipient, phone_number: '12' } }),
      );
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json().message).toContain('recipient.phone_number');

      const nowhere = await apiCall(
        t,
        token,
        'POST',
        route,
        apiOrderBody({
          sender: { ...sender, location: { ...sender.location, latitude: DOWN_THE_ROAD.lat } },
        }),
      );
      expect(nowhere.statusCode).toBe(422);
      expect(nowhere.json()).toEqual({ message: NO_BRANCH_CLOSE_ENOUGH });

      const far = await apiCall(
        t,
        token,
        'POST',
        route,
        apiOrderBody({
          recipient: { ...recipient, location: { ...recipient.location, latitude: FAR.lat, longitude: FAR.lng } },
        }),
      );
      expect(far.statusCode).toBe(422);
      expect(far.json()).toEqual({ message: 'Recipient location is outside of the delivery area' });

      // Past the pre-order window (spec: at most a few days ahead).
      const tooLate = Math.floor((t.clock.now().getTime() + 60 * 24 * 60 * MINUTE) / 1000);
      const window = await apiCall(t, token, 'POST', route, apiOrderBody({ preordered_for: tooLate }));
      expect(window.statusCode).toBe(400);
      expect(window.json().message).toContain('preordered_for');

      const anonymous = await t.app.inject({
        method: 'POST',
        url: `/merchant/api/v1${route}`,
        payload: apiOrderBody(),
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('refuses a pre-order where the outlet’s PreOrder flag is off, as the portal does', async () => {
    const due = Math.floor((t.clock.now().getTime() + 3 * 60 * MINUTE) / 1000);
    await t.services.flags.setFor('PreOrder', { vendorId: brand.clifton }, false);
    try {
      for (const route of ['/orders/fee', '/orders/time', '/orders']) {
        const refused = await apiCall(t, token, 'POST', route, apiOrderBody({ preordered_for: due }));
        expect(refused.statusCode).toBe(422);
        expect(refused.json()).toEqual({ message: 'PreOrder is not available for this outlet' });
      }
      expect((await apiCall(t, token, 'POST', '/orders/fee', apiOrderBody())).statusCode).toBe(200);
    } finally {
      await t.services.flags.setFor('PreOrder', { vendorId: brand.clifton }, null);
    }
  });

  it('refuses an estimate outside the service hours, and takes a pre-order in them', async () => {
    const client = await secretClientOf(t, brand);
    // 00:30 in Karachi: the service (09:00-23:00) is closed.
    t.clock.advance(new Date('2026-03-11T19:30:00Z').getTime() - t.clock.now().getTime());
    const night = await tokenOf(t, client);
    for (const route of ['/orders/fee', '/orders/time']) {
      const closed = await apiCall(t, night, 'POST', route, apiOrderBody());
      expect(closed.statusCode).toBe(422);
      expect(closed.json()).toEqual({ message: 'unable to accept order outside operating hours' });
      const noon = Math.floor(new Date('2026-03-12T07:00:00Z').getTime() / 1000);
      const scheduled = await apiCall(t, night, 'POST', route, apiOrderBody({ preordered_for: noon }));
      expect(scheduled.statusCode, scheduled.body).toBe(200);
    }
  });
});
