import { OrderSchema } from '@riderdesk/domain/contracts/orders';
import { PROOF_MAX_BYTES } from '@riderdesk/domain/contracts/riders';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { solidPng } from '../src/modules/dispatch/proofs.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import {
  createMerchant,
  createRider,
  type Merchant,
  NEAR,
  OUTLET,
  relogin,
  type TestRider,
} from './support/factories.ts';
import { orderOf, PNG_1PX, placeOrder, proof, riderCall, translationKey } from './support/orders.ts';

const MINUTE = 60_000;

describe.each(databases())('dispatch and the rider API on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let stranger: Merchant;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
    stranger = await createMerchant(t);
  });
  afterAll(() => t.close());
  // Some tests move the clock past the access token's hour.
  beforeEach(async () => {
    merchant = await relogin(t, merchant);
    stranger = await relogin(t, stranger);
  });

  /** A new order dispatched to `rider` (the only free rider near the outlet). */
  async function offeredTo(rider: TestRider, change?: Parameters<typeof placeOrder>[2]): Promise<string> {
    const orderId = await placeOrder(t, merchant, change);
    await t.services.dispatcher.tick();
    const order = await orderOf(t, merchant, orderId);
    expect(order.status).toBe('ASSIGNED_TO_TRANSPORT');
    expect(order.rider?.id).toBe(rider.id);
    return orderId;
  }

  /** Each test starts with no free rider and no order left waiting by an earlier one. */
  async function setRidersOffline() {
    await t.db.query(`update riders set state = 'OFFLINE', current_order_id = null`);
    await t.db.query(
      `update orders set status = 'CANCELLED' where status in ('NEW', 'RECEIVED', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT')`,
    );
  }

  it('takes an order from NEW to DELIVERED through the rider API, one history entry per step', async () => {
    await setRidersOffline();
    const rider = await createRider(t.db, { lat: OUTLET.lat + 0.01, lng: OUTLET.lng });
    const orderId = await offeredTo(rider);

    const steps: [string, Record<string, unknown> | undefined, string][] = [
      ['accept', undefined, 'COURIER_ACCEPTED_DELIVERY'],
      ['arrived-at-vendor', undefined, 'NEAR_VENDOR'],
      ['collected', proof(), 'PICKED_UP'],
      ['left-vendor', undefined, 'COURIER_LEFT_VENDOR'],
      ['near-customer', undefined, 'NEAR_CUSTOMER'],
      ['delivered', proof(solidPng(8, 8, [0, 128, 0])), 'DELIVERED'],
    ];
    for (const [action, payload, status] of steps) {
      t.clock.advance(MINUTE);
      const response = await riderCall(t, rider, orderId, action, payload);
      expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
      expect(response.json().result.status).toBe(status);
    }
    const order = OrderSchema.parse(await orderOf(t, merchant, orderId));
    expect(order.status_history.map((entry) => entry.status)).toEqual([
      'NEW',
      'RECEIVED',
      'WAITING_FOR_TRANSPORT',
      'ASSIGNED_TO_TRANSPORT',
      'COURIER_ACCEPTED_DELIVERY',
      'NEAR_VENDOR',
      'PICKED_UP',
      'COURIER_LEFT_VENDOR',
      'NEAR_CUSTOMER',
      'DELIVERED',
    ]);
    expect(order.rider).toMatchObject({ id: rider.id, name: 'Imran Qureshi' });
    expect(order.updated_at).toBe(order.status_history.at(-1)!.created_at);
    const [state] = await t.db.query<{ state: string; current_order_id: string | null }>(
      'select state, current_order_id from riders where id = $1',
      [rider.id],
    );
    expect(state).toEqual({ state: 'AVAILABLE', current_order_id: null });
  });

  // spec §3 age_validation_required: the rider is told, and confirms the check with the delivery.
  it('makes the age check a task the rider confirms at delivery', async () => {
    await setRidersOffline();
    const rider = await createRider(t.db, { lat: OUTLET.lat + 0.01, lng: OUTLET.lng });
    const orderId = await offeredTo(rider, (body) => {
      body.age_validation_required = true;
    });
    const accepted = await riderCall(t, rider, orderId, 'accept');
    expect(accepted.json().result.age_validation_required).toBe(true);
    for (const [action, payload] of [
      ['arrived-at-vendor', undefined],
      ['collected', proof()],
      ['left-vendor', undefined],
      ['near-customer', undefined],
    ] as const) {
      expect((await riderCall(t, rider, orderId, action, payload)).statusCode).toBe(200);
    }
    for (const payload of [proof(), { ...proof(), age_checked: false }]) {
      const refused = await riderCall(t, rider, orderId, 'delivered', payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'AgeCheckRequired' });
      expect(translationKey(refused)).toBe('error.rider.age-check-required');
      expect((await orderOf(t, merchant, orderId)).status).toBe('NEAR_CUSTOMER');
    }
    const delivered = await riderCall(t, rider, orderId, 'delivered', { ...proof(), age_checked: true });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().result).toMatchObject({ status: 'DELIVERED', age_validation_required: true });
  });

  it('refuses steps out of order with 409 and changes nothing', async () => {
    await setRidersOffline();
    const rider = await createRider(t.db, { lat: OUTLET.lat, lng: OUTLET.lng + 0.01 });
    const orderId = await offeredTo(rider);
    for (const [action, payload] of [
      ['arrived-at-vendor', undefined],
      ['delivered', proof()],
      ['returned', proof()],
      ['customer-unreachable', undefined],
    ] as const) {
      const response = await riderCall(t, rider, orderId, action, payload);
      expect(response.statusCode, action).toBe(409);
      expect(response.json().errors[0].meta.translation_key).toBe('error.order.transition-not-allowed');
    }
    expect((await riderCall(t, rider, orderId, 'accept')).statusCode).toBe(200);
    expect((await riderCall(t, rider, orderId, 'accept')).statusCode).toBe(409);
    expect((await riderCall(t, rider, orderId, 'left-vendor')).statusCode).toBe(409);
    const order = await orderOf(t, merchant, orderId);
    expect(order.status).toBe('COURIER_ACCEPTED_DELIVERY');
    expect(order.status_history).toHaveLength(5);
  });

  it('runs the return flow when the customer cannot be reached, with a return proof', async () => {
    await setRidersOffline();
    const rider = await createRider(t.db, { lat: OUTLET.lat, lng: OUTLET.lng });
    const orderId = await offeredTo(rider);
    for (const [action, payload] of [
      ['accept', undefined],
      ['arrived-at-vendor', undefined],
      ['collected', proof()],
      ['left-vendor', undefined],
      ['near-customer', undefined],
      ['customer-unreachable', undefined],
      ['returned', proof()],
    ] as const) {
      const response = await riderCall(t, rider, orderId, action, payload);
      expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
    }
    const order = await orderOf(t, merchant, orderId);
    expect(order.status).toBe('RETURNED_TO_VENDOR');
    expect(order.status_history.slice(-2).map((entry) => entry.status)).toEqual([
      'RETURN_INITIATED',
      'RETURNED_TO_VENDOR',
    ]);
    const returned = await t.app.inject({
      method: 'GET',
      url: `/api/v1/order/${orderId}/proofs/return`,
      headers: merchant.headers,
    });
    expect(returned.statusCode).toBe(200);
  });

  it('offers a declined order to the next nearest rider, never again to the one who declined', async () => {
    await setRidersOffline();
    const near = await createRider(t.db, { lat: OUTLET.lat + 0.001, lng: OUTLET.lng });
    const far = await createRider(t.db, { lat: OUTLET.lat + 0.03, lng: OUTLET.lng });
    const orderId = await offeredTo(near);
    expect((await riderCall(t, near, orderId, 'decline')).statusCode).toBe(200);
    expect((await orderOf(t, merchant, orderId)).status).toBe('WAITING_FOR_TRANSPORT');
    await t.services.dispatcher.tick();
    const order = await orderOf(t, merchant, orderId);
    expect(order.status).toBe('ASSIGNED_TO_TRANSPORT');
    expect(order.rider?.id).toBe(far.id);
    // spec §4: the rider counts as assigned only once one accepted after the last WAITING_FOR_TRANSPORT.
    expect(order.status_history.map((entry) => entry.status).slice(2)).toEqual([
      'WAITING_FOR_TRANSPORT',
      'ASSIGNED_TO_TRANSPORT',
      'WAITING_FOR_TRANSPORT',
      'ASSIGNED_TO_TRANSPORT',
    ]);
  });

  it('moves an offer nobody answers to another rider once it expires', async () => {
    await setRidersOffline();
    const sleepy = await createRider(t.db, { lat: OUTLET.lat, lng: OUTLET.lng + 0.001 });
    const orderId = await offeredTo(sleepy);
    const awake = await createRider(t.db, { lat: OUTLET.lat, lng: OUTLET.lng + 0.02 });
    t.clock.advance(t.config.dispatch.offerTimeoutSeconds * 1000 + 1000);
    const report = await t.services.dispatcher.tick();
    expect(report.expired).toBeGreaterThanOrEqual(1);
    const order = await orderOf(t, merchant, orderId);
    expect(order.rider?.id).toBe(awake.id);
    expect((await riderCall(t, sleepy, orderId, 'accept')).statusCode).toBe(404);
  });

  it('cancels with no_courier when nobody takes the order in time', async () => {
    await setRidersOffline();
    const orderId = await placeOrder(t, merchant);
    await t.services.dispatcher.tick();
    expect((await orderOf(t, merchant, orderId)).status).toBe('WAITING_FOR_TRANSPORT');
    t.clock.advance(t.config.dispatch.noCourierMinutes * MINUTE + 1000);
    await t.services.dispatcher.tick();
    const order = await orderOf(t, merchant, orderId);
    expect(order.status).toBe('CANCELLED');
    expect(order.cancel_reason).toBe('no_courier');
  });

  it('marks an order DELAYED once past the 60-minute promise, with a latest arrival time', async () => {
    await setRidersOffline();
    const rider = await createRider(t.db, { lat: OUTLET.lat + 0.002, lng: OUTLET.lng });
    const orderId = await offeredTo(rider);
    await riderCall(t, rider, orderId, 'accept');
    t.clock.advance(61 * MINUTE);
    merchant = await relogin(t, merchant);
    const report = await t.services.dispatcher.tick();
    expect(report.delayed).toBeGreaterThanOrEqual(1);
    const delayed = await orderOf(t, merchant, orderId);
    expect(delayed.status).toBe('DELAYED');
    expect(delayed.latest_arrival_at).not.toBeNull();
    // The rider carries on from the stage under DELAYED; the order is not delayed a second time.
    expect((await riderCall(t, rider, orderId, 'arrived-at-vendor')).statusCode).toBe(200);
    await t.services.dispatcher.tick();
    expect((await orderOf(t, merchant, orderId)).status).toBe('NEAR_VENDOR');
  });

  it('releases a pre-order only when its time minus the pickup estimate approaches', async () => {
    await setRidersOffline();
    const preorderedFor = Math.floor((t.clock.now().getTime() + 3 * 60 * MINUTE) / 1000);
    const orderId = await placeOrder(t, merchant, (body) => {
      body.preordered_for = preorderedFor;
    });
    await t.services.dispatcher.tick();
    expect((await orderOf(t, merchant, orderId)).status).toBe('RECEIVED');
    t.clock.advance(2 * 60 * MINUTE);
    merchant = await relogin(t, merchant);
    await t.services.dispatcher.tick();
    expect((await orderOf(t, merchant, orderId)).status).toBe('RECEIVED');
    // pickup estimate 15 min + lead 10 min before the pre-ordered time.
    t.clock.advance(40 * MINUTE);
    await t.services.dispatcher.tick();
    expect((await orderOf(t, merchant, orderId)).status).toBe('WAITING_FOR_TRANSPORT');
  });

  it('keeps ETAs current as the rider moves, without the country minimum under 5 minutes', async () => {
    await setRidersOffline();
    const rider = await createRider(t.db, { lat: OUTLET.lat + 0.03, lng: OUTLET.lng });
    const orderId = await offeredTo(rider);
    await riderCall(t, rider, orderId, 'accept');
    const far = await orderOf(t, merchant, orderId);
    expect(far.pickup_eta_minutes).toBeGreaterThanOrEqual(8);
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rider/position',
      headers: rider.headers,
      payload: { latitude: OUTLET.lat + 0.004, longitude: OUTLET.lng, heading: 180 },
    });
    expect(moved.statusCode).toBe(200);
    const near = await orderOf(t, merchant, orderId);
    expect(near.pickup_eta_minutes).toBeLessThan(5);
    expect(near.delivery_eta_minutes).toBeGreaterThan(near.pickup_eta_minutes!);
  });

  it('answers GET /riders/{id} only for a rider on one of the caller’s orders', async () => {
    await setRidersOffline();
    const rider = await createRider(t.db, { lat: OUTLET.lat, lng: OUTLET.lng });
    const orderId = await offeredTo(rider);
    await riderCall(t, rider, orderId, 'accept');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/rider/position',
      headers: rider.headers,
      payload: { latitude: OUTLET.lat + 0.001, longitude: OUTLET.lng, heading: 90 },
    });
    const mine = await t.app.inject({ method: 'GET', url: `/api/v1/riders/${rider.id}`, headers: merchant.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().result).toMatchObject({
      id: rider.id,
      name: 'Imran Qureshi',
      vehicle: 'motorbike',
      latitude: OUTLET.lat + 0.001,
      heading: 90,
    });
    const theirs = await t.app.inject({ method: 'GET', url: `/api/v1/riders/${rider.id}`, headers: stranger.headers });
    expect(theirs.statusCode).toBe(404);
    const idle = await createRider(t.db, NEAR);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/riders/${idle.id}`, headers: merchant.headers })).statusCode,
    ).toBe(404);
  });

  it('refuses rider calls without a valid rider token, and a rider on another rider’s order', async () => {
    await setRidersOffline();
    const rider = await createRider(t.db, { lat: OUTLET.lat, lng: OUTLET.lng });
    const orderId = await offeredTo(rider);
    const other = await createRider(t.db, NEAR, { state: 'OFFLINE' });
    expect((await riderCall(t, other, orderId, 'accept')).statusCode).toBe(404);
    const noToken = await t.app.inject({ method: 'POST', url: `/api/v1/rider/orders/${orderId}/accept` });
    expect(noToken.statusCode).toBe(401);
    const userToken = await t.app.inject({
      method: 'POST',
      url: `/api/v1/rider/orders/${orderId}/accept`,
      headers: merchant.headers,
    });
    expect(userToken.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/rider/me', headers: rider.headers });
    expect(me.json().result).toMatchObject({ id: rider.id, state: 'ASSIGNED', order: { order_id: orderId } });
    expect(me.json().result.order.collect_amount).toBeGreaterThan(0);
  });

  it('refuses an order id or a proof type with a NUL byte with 400, before any lookup', async () => {
    await setRidersOffline();
    const rider = await createRider(t.db, { lat: OUTLET.lat, lng: OUTLET.lng });
    const orderId = await offeredTo(rider);
    expect((await riderCall(t, rider, `${orderId}%00`, 'accept')).statusCode).toBe(400);
    expect((await riderCall(t, rider, '%00', 'decline')).statusCode).toBe(400);
    const proofs = await t.app.inject({
      method: 'GET',
      url: `/api/v1/order/${orderId}%00/proofs/pickup`,
      headers: merchant.headers,
    });
    expect(proofs.statusCode).toBe(400);
    await riderCall(t, rider, orderId, 'accept');
    await riderCall(t, rider, orderId, 'arrived-at-vendor');
    const lying = await riderCall(t, rider, orderId, 'collected', proof(PNG_1PX, 'image/png\u0000'));
    expect(lying.statusCode).toBe(400);
    expect((await orderOf(t, merchant, orderId)).status).toBe('NEAR_VENDOR');
  });

  it('lets a rider go offline only when free', async () => {
    const rider = await createRider(t.db, NEAR, { state: 'OFFLINE' });
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/rider/availability',
      headers: rider.headers,
      payload: { available: true },
    });
    expect(on.statusCode).toBe(200);
    const [row] = await t.db.query<{ state: string }>('select state from riders where id = $1', [rider.id]);
    expect(row?.state).toBe('AVAILABLE');
  });

  describe('proof photos', () => {
    let rider: TestRider;
    let orderId: string;
    beforeAll(async () => {
      await setRidersOffline();
      rider = await createRider(t.db, { lat: OUTLET.lat, lng: OUTLET.lng });
      orderId = await offeredTo(rider);
      await riderCall(t, rider, orderId, 'accept');
      await riderCall(t, rider, orderId, 'arrived-at-vendor');
    });

    it('refuses a missing photo, a wrong type, a lying content type and a photo over 2 MB', async () => {
      const cases: [Record<string, unknown> | undefined, number, string | null][] = [
        [{ proof: { content_type: 'image/png', data: '' } }, 400, null],
        [proof(Buffer.from('GIF89a....'), 'image/gif'), 415, 'error.proof.unsupported-type'],
        [proof(Buffer.from('%PDF-1.7 not an image'), 'image/png'), 415, 'error.proof.unsupported-type'],
        [proof(PNG_1PX, 'image/jpeg'), 415, 'error.proof.unsupported-type'],
        [proof(Buffer.concat([PNG_1PX, Buffer.alloc(PROOF_MAX_BYTES)])), 413, 'error.proof.too-large'],
      ];
      for (const [payload, status, key] of cases) {
        const response = await riderCall(t, rider, orderId, 'collected', payload);
        expect(response.statusCode, response.body.slice(0, 200)).toBe(status);
        if (key) expect(response.json().errors[0].meta.translation_key).toBe(key);
      }
      expect((await orderOf(t, merchant, orderId)).status).toBe('NEAR_VENDOR');
    });

    it('stores a JPEG or PNG and serves it to the order’s owner only', async () => {
      const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
      expect((await riderCall(t, rider, orderId, 'collected', proof(jpeg, 'image/jpeg'))).statusCode).toBe(200);
      const url = `/api/v1/order/${orderId}/proofs/pickup`;
      const owner = await t.app.inject({ method: 'GET', url, headers: merchant.headers });
      expect(owner.statusCode).toBe(200);
      expect(owner.headers['content-type']).toBe('image/jpeg');
      expect(owner.rawPayload.equals(jpeg)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url, headers: stranger.headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const missing = await t.app.inject({
        method: 'GET',
        url: `/api/v1/order/${orderId}/proofs/delivery`,
        headers: merchant.headers,
      });
      expect(missing.statusCode).toBe(404);
    });
  });
});
