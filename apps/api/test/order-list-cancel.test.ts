import { OrderListAnswerSchema } from '@riderdesk/domain/contracts/order-list';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import {
  bearer,
  createMerchant,
  createRider,
  createUser,
  createVendor,
  login,
  type Merchant,
  OUTLET,
  relogin,
  uniqueId,
} from './support/factories.ts';
import { orderOf, placeOrder, riderCall } from './support/orders.ts';

const MINUTE = 60_000;

describe.each(databases())('GET /vendor/{vendorId}/orders on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let stranger: Merchant;
  const created: string[] = [];

  const list = async (who: Merchant, vendorId: string, query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vendor/${vendorId}/orders?${query}`,
      headers: who.headers,
    });
    return response;
  };

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
    stranger = await createMerchant(t);
    // Five orders in the same millisecond (the test clock stands still), then three a minute apart.
    for (let index = 0; index < 5; index++) created.push(await placeOrder(t, merchant));
    for (let index = 0; index < 3; index++) {
      t.clock.advance(MINUTE);
      created.push(await placeOrder(t, merchant));
    }
  });
  afterAll(() => t.close());

  it('pages newest first on (created_at, order_id), stable with equal timestamps', async () => {
    const seen: string[] = [];
    let key: string | null = null;
    let pages = 0;
    do {
      const query: string = `count=3${key ? `&pagination_key=${encodeURIComponent(key)}` : ''}`;
      const response = await list(merchant, merchant.vendorId, query);
      expect(response.statusCode).toBe(200);
      const answer = OrderListAnswerSchema.parse(response.json());
      expect(answer.result.data.length).toBeLessThanOrEqual(3);
      seen.push(...answer.result.data.map((order) => order.order_id));
      key = answer.result.pagination.pagination_key;
      pages++;
    } while (key && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(created.length);
    const [first, second, third, ...sameTime] = seen;
    expect([first, second, third]).toEqual(created.slice(5).reverse());
    expect(sameTime).toEqual([...created.slice(0, 5)].sort().reverse());
  });

  it('filters by a time range and by the customer phone, ignoring spaces', async () => {
    const from = new Date(t.clock.now().getTime() - 90_000).toISOString();
    const recent = await list(merchant, merchant.vendorId, `from=${encodeURIComponent(from)}`);
    expect(recent.json().result.data).toHaveLength(2);
    const byPhone = await list(
      merchant,
      merchant.vendorId,
      `customer_phone_number=${encodeURIComponent('+92 300 1234567')}`,
    );
    expect(byPhone.json().result.data).toHaveLength(created.length);
    const nobody = await list(merchant, merchant.vendorId, 'customer_phone_number=%2B923009999999');
    expect(nobody.json().result.data).toEqual([]);
  });

  it('refuses a forged pagination key, a count over 200 and another merchant’s vendor', async () => {
    expect((await list(merchant, merchant.vendorId, 'pagination_key=not-a-key')).statusCode).toBe(400);
    const forged = Buffer.from(JSON.stringify(["2026-01-01'; drop table orders; --", 'x'])).toString('base64url');
    expect((await list(merchant, merchant.vendorId, `pagination_key=${forged}`)).statusCode).toBe(400);
    expect((await list(merchant, merchant.vendorId, 'count=201')).statusCode).toBe(400);
    const theirs = await list(stranger, merchant.vendorId, '');
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().errors[0].meta.translation_key).toBe('error.forbidden-vendor');
  });

  it.each([
    ['a NUL byte in the customer phone', 'customer_phone_number=%2B92300%001234567'],
    ['a year PostgreSQL does not have', 'from=0000-01-01T00%3A00%3A00Z'],
    ['an offset PostgreSQL refuses', 'to=2026-03-10T00%3A00%3A00%2B23%3A59'],
    ['an empty count', 'count='],
    ['a hexadecimal count', 'count=0x10'],
    ['a vendor id with a NUL byte', '', 'a%00b'],
  ])('refuses %s with 400', async (_name, query, vendorId = merchant.vendorId) => {
    const response = await list(merchant, vendorId, query);
    expect(response.statusCode).toBe(400);
  });

  it('refuses a forged pagination key whose time or id could not reach SQL', async () => {
    for (const cursor of [
      ['0000-01-01T00:00:00.000000Z', 'K1-100001'],
      ['Tue Mar 10 2026', 'K1-100001'],
      ['2026-03-10T08:00:00.000000Z', 'K1-\u0000'],
    ]) {
      const key = Buffer.from(JSON.stringify(cursor)).toString('base64url');
      const response = await list(merchant, merchant.vendorId, `pagination_key=${key}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].meta.translation_key).toBe('error.pagination-key.invalid');
    }
  });

  it('lists pre-orders by their pre-ordered time with scheduled=true', async () => {
    const inThreeHours = Math.floor((t.clock.now().getTime() + 3 * 60 * MINUTE) / 1000);
    const preorder = await placeOrder(t, merchant, (body) => {
      body.preordered_for = inThreeHours;
    });
    const from = new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString();
    const to = new Date(t.clock.now().getTime() + 2 * 24 * 60 * MINUTE).toISOString();
    const scheduled = await list(
      merchant,
      merchant.vendorId,
      `scheduled=true&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(scheduled.json().result.data.map((order: { order_id: string }) => order.order_id)).toEqual([preorder]);
    const notScheduled = await list(merchant, merchant.vendorId, `from=${encodeURIComponent(from)}`);
    expect(notScheduled.json().result.data).toEqual([]);
  });

  it('shows a parent its outlets’ orders only with include_outlets', async () => {
    const parentId = uniqueId('parent');
    await createVendor(t.db, { vendor_id: parentId, is_parent: true, latitude: OUTLET.lat, longitude: OUTLET.lng });
    const outletId = uniqueId('outlet');
    await createVendor(t.db, {
      vendor_id: outletId,
      parent_vendor_id: parentId,
      latitude: OUTLET.lat,
      longitude: OUTLET.lng,
      delivery_area: { type: 'radius', radius_km: 8 },
      payment_methods: { CASH_ON_DELIVERY: true },
      estimation_pick_up_time: 15,
    });
    const user = await createUser(t.db, t.config, { vendorIds: [parentId] });
    const headers = bearer(await login(t.app, user.email));
    const parent: Merchant = { vendorId: parentId, email: user.email, headers };
    const outletOrder = await placeOrder(t, { ...parent, vendorId: outletId });
    expect((await list(parent, parentId, '')).json().result.data).toEqual([]);
    const withOutlets = await list(parent, parentId, 'include_outlets=true');
    expect(withOutlets.json().result.data.map((order: { order_id: string }) => order.order_id)).toEqual([outletOrder]);
    expect((await list(parent, outletId, '')).json().result.data).toHaveLength(1);
    // The outlet's own users never see the parent's list.
    const outletUser = await createUser(t.db, t.config, { vendorIds: [outletId] });
    const outletHeaders = bearer(await login(t.app, outletUser.email));
    expect((await list({ ...parent, headers: outletHeaders }, parentId, 'include_outlets=true')).statusCode).toBe(403);
  });
});

describe.each(databases())('PUT /order/cancel on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let stranger: Merchant;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
    stranger = await createMerchant(t);
  });
  beforeEach(async () => {
    merchant = await relogin(t, merchant);
    stranger = await relogin(t, stranger);
    await t.db.query(`update riders set state = 'OFFLINE', current_order_id = null`);
    await t.db.query('delete from feature_flags');
  });
  afterAll(() => t.close());

  const cancel = (
    who: Merchant,
    orderId: string,
    reason = 'mistake_error',
    vendorId = who.vendorId,
    extra: Record<string, unknown> = {},
  ) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/order/cancel',
      headers: who.headers,
      payload: { vendor_id: vendorId, order_id: orderId, reason, ...extra },
    });
  const messagesOf = (response: { json(): { errors?: { message: string }[] } }) => JSON.stringify(response.json());

  it('takes only the merchant’s reasons, and “Other reason” only with the merchant’s words, which the order keeps', async () => {
    const orderId = await placeOrder(t, merchant, (body) => {
      body.preordered_for = Math.floor((t.clock.now().getTime() + 5 * 60 * MINUTE) / 1000);
    });
    await t.services.dispatcher.tick();
    // The rider's and the platform's reasons are not the merchant's to give.
    for (const reason of ['no_courier', 'bad_weather', 'courier_accident', 'payment_failure']) {
      expect((await cancel(merchant, orderId, reason)).statusCode, reason).toBe(400);
    }
    const bare = await cancel(merchant, orderId, 'reason_unknown');
    expect(bare.statusCode).toBe(400);
    expect(messagesOf(bare)).toContain('cancel.note.required');
    expect((await cancel(merchant, orderId, 'reason_unknown', merchant.vendorId, { note: '   ' })).statusCode).toBe(
      400,
    );
    const tooLong = await cancel(merchant, orderId, 'reason_unknown', merchant.vendorId, { note: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    const misplaced = await cancel(merchant, orderId, 'duplicate_order', merchant.vendorId, { note: 'why not' });
    expect(misplaced.statusCode).toBe(400);
    expect((await orderOf(t, merchant, orderId)).status).toBe('RECEIVED');

    const done = await cancel(merchant, orderId, 'reason_unknown', merchant.vendorId, {
      note: ' Customer moved away ',
    });
    expect(done.statusCode, done.body).toBe(200);
    const order = await orderOf(t, merchant, orderId);
    expect(order.status).toBe('CANCELLED');
    expect(order.cancel_reason).toBe('reason_unknown');
    expect(order.cancel_note).toBe('Customer moved away');
  });

  const refusedKey = (response: {
    statusCode: number;
    json(): { errors: { meta: { translation_key: string } }[] };
  }) => {
    expect(response.statusCode).toBe(409);
    return response.json().errors[0]!.meta.translation_key;
  };

  it('cancels a RECEIVED order with its reason and answers action.attempt-cancel', async () => {
    const orderId = await placeOrder(t, merchant, (body) => {
      body.preordered_for = Math.floor((t.clock.now().getTime() + 5 * 60 * MINUTE) / 1000);
    });
    await t.services.dispatcher.tick();
    expect((await orderOf(t, merchant, orderId)).status).toBe('RECEIVED');
    const response = await cancel(merchant, orderId, 'duplicate_order');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: { message: 'action.attempt-cancel' } });
    const order = await orderOf(t, merchant, orderId);
    expect(order.status).toBe('CANCELLED');
    expect(order.cancel_reason).toBe('duplicate_order');
    expect(order.status_history.at(-1)?.status).toBe('CANCELLED');
  });

  it('refuses NEW (spec §4 lists it as not cancellable) and an order a rider has accepted', async () => {
    const fresh = await placeOrder(t, merchant);
    expect(refusedKey(await cancel(merchant, fresh))).toBe('error.cant-cancel-order');

    const rider = await createRider(t.db, OUTLET);
    await t.services.dispatcher.tick();
    expect((await riderCall(t, rider, fresh, 'accept')).statusCode).toBe(200);
    expect(refusedKey(await cancel(merchant, fresh))).toBe('error.cant-cancel-order');
    expect((await orderOf(t, merchant, fresh)).status).toBe('COURIER_ACCEPTED_DELIVERY');
  });

  it('cancels an order offered to a rider and frees the rider', async () => {
    const rider = await createRider(t.db, OUTLET);
    const orderId = await placeOrder(t, merchant);
    await t.services.dispatcher.tick();
    expect((await orderOf(t, merchant, orderId)).status).toBe('ASSIGNED_TO_TRANSPORT');
    expect((await cancel(merchant, orderId)).statusCode).toBe(200);
    const [row] = await t.db.query<{ state: string }>('select state from riders where id = $1', [rider.id]);
    expect(row?.state).toBe('AVAILABLE');
    expect((await riderCall(t, rider, orderId, 'accept')).statusCode).toBe(404);
  });

  it('cancels DELAYED only with the DelayedCancellation flag', async () => {
    const rider = await createRider(t.db, OUTLET);
    const orderId = await placeOrder(t, merchant);
    await t.services.dispatcher.tick();
    await riderCall(t, rider, orderId, 'accept');
    t.clock.advance(61 * MINUTE);
    merchant = await relogin(t, merchant);
    await t.services.dispatcher.tick();
    expect((await orderOf(t, merchant, orderId)).status).toBe('DELAYED');
    expect(refusedKey(await cancel(merchant, orderId))).toBe('error.cant-cancel-order');
    await t.db.query(`insert into feature_flags (name, value) values ('DelayedCancellation', true)`);
    expect((await cancel(merchant, orderId, 'delivery_eta_too_long')).statusCode).toBe(200);
    expect((await orderOf(t, merchant, orderId)).cancel_reason).toBe('delivery_eta_too_long');
  });

  it('cancels PAYMENT_COMMITTED only once 10 minutes have passed since its history entry', async () => {
    const orderId = await placeOrder(t, merchant);
    // Card orders arrive as PAYMENT_COMMITTED through the payment flow, which is not part of this module.
    await t.db.query(`update orders set status = 'PAYMENT_COMMITTED' where order_id = $1`, [orderId]);
    await t.db.query(
      `insert into order_status_history (order_id, status, created_at) values ($1, 'PAYMENT_COMMITTED', $2)`,
      [orderId, t.clock.now()],
    );
    t.clock.advance(9 * MINUTE + 59_000);
    expect(refusedKey(await cancel(merchant, orderId))).toBe('error.cant-cancel-order');
    t.clock.advance(1000);
    expect((await cancel(merchant, orderId, 'mistake_error')).statusCode).toBe(200);
  });

  it('refuses an unknown reason, another merchant, and an order of another vendor', async () => {
    const orderId = await placeOrder(t, merchant);
    expect((await cancel(merchant, orderId, 'bored')).statusCode).toBe(400);
    const forbidden = await cancel(stranger, orderId, 'mistake_error', merchant.vendorId);
    expect(forbidden.statusCode).toBe(403);
    const elsewhere = await cancel(stranger, orderId, 'mistake_error', stranger.vendorId);
    expect(elsewhere.statusCode).toBe(404);
    expect((await orderOf(t, merchant, orderId)).status).toBe('NEW');
  });

  it('refuses an order id with a NUL byte with 400', async () => {
    const orderId = await placeOrder(t, merchant);
    const response = await cancel(merchant, `${orderId}\u0000`);
    expect(response.statusCode).toBe(400);
    expect((await orderOf(t, merchant, orderId)).status).toBe('NEW');
  });
});
