import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { godroidToken } from '../src/ops/commands.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import {
  bearer,
  createMerchant,
  createRider,
  createUser,
  createVendor,
  login,
  type Merchant,
  NEAR,
  OUTLET,
  uniqueId,
} from './support/factories.ts';
import {
  countOrders,
  orderBody,
  orderOf,
  placeOrder,
  postOrder,
  proof,
  quoteFee,
  riderCall,
} from './support/orders.ts';

/**
 * ARCHITECTURE.md "Security by construction", route by route: a caller acting for one branch of a
 * merchant reaches neither a sibling outlet nor the parent's other branches, whatever ids it sends.
 */
describe.each(databases())('vendor scoping across a parent and its outlets on %s', (kind) => {
  let t: TestApp;
  let parentId: string;
  let outletA: string;
  let outletB: string;
  /** A user linked to the parent (sees both outlets). */
  let owner: Record<string, string>;
  /** A user linked to outlet A only. */
  let outletUser: Record<string, string>;
  /** A GoDroid token naming outlet A. */
  let godroid: Record<string, string>;
  let orderOfB: string;
  let orderOfA: string;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    parentId = uniqueId('par');
    await createVendor(t.db, { vendor_id: parentId, name: 'Parent', is_parent: true, latitude: null, longitude: null });
    outletA = `${parentId}-a`;
    outletB = `${parentId}-b`;
    for (const id of [outletA, outletB]) {
      await createVendor(t.db, {
        vendor_id: id,
        name: `Outlet ${id.slice(-1)}`,
        parent_vendor_id: parentId,
        latitude: OUTLET.lat,
        longitude: OUTLET.lng,
        delivery_area: { type: 'radius', radius_km: 8 },
        payment_methods: { CASH_ON_DELIVERY: true },
      });
    }
    const ownerUser = await createUser(t.db, t.config, { vendorIds: [parentId] });
    owner = bearer(await login(t.app, ownerUser.email));
    const branchUser = await createUser(t.db, t.config, { vendorIds: [outletA] });
    outletUser = bearer(await login(t.app, branchUser.email));
    godroid = {
      authorization: `GoDroid ${await godroidToken({ db: t.db, config: t.config, now: t.clock.now }, outletA)}`,
    };

    const as = (vendorId: string): Merchant => ({ vendorId, email: ownerUser.email, headers: owner });
    orderOfA = await placeOrder(t, as(outletA));
    orderOfB = await placeOrder(t, as(outletB));
  });
  afterAll(() => t.close());

  const call = (headers: Record<string, string>, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

  it('lets the parent’s user see both outlets’ orders', async () => {
    const listed = await call(owner, 'GET', `/vendor/${parentId}/orders?include_outlets=true&count=50`);
    const ids = listed.json().result.data.map((order: { order_id: string }) => order.order_id);
    expect(ids).toEqual(expect.arrayContaining([orderOfA, orderOfB]));
    expect((await call(owner, 'GET', `/order?vendorId=${outletB}&orderId=${orderOfB}`)).statusCode).toBe(200);
  });

  for (const who of ['outlet user', 'GoDroid token'] as const) {
    describe(`an ${who} of outlet A`, () => {
      const headers = () => (who === 'outlet user' ? outletUser : godroid);

      it('lists only outlet A', async () => {
        const response = await call(headers(), 'GET', '/vendors');
        expect(response.json().result.vendors.map((v: { vendor_id: string }) => v.vendor_id)).toEqual([outletA]);
      });

      it('reads neither the parent nor the sibling outlet', async () => {
        for (const id of [parentId, outletB]) {
          expect((await call(headers(), 'GET', `/vendor/${id}`)).statusCode).toBe(403);
          expect((await call(headers(), 'GET', `/vendor/${id}/orders?include_outlets=true`)).statusCode).toBe(403);
          expect((await call(headers(), 'GET', `/addressbook/search-customers/${id}?query=Ayesha`)).statusCode).toBe(
            403,
          );
          expect((await call(headers(), 'GET', `/order?vendorId=${id}&orderId=${orderOfB}`)).statusCode).toBe(403);
        }
        const viaOwnId = await call(headers(), 'GET', `/order?vendorId=${outletA}&orderId=${orderOfB}`);
        expect(viaOwnId.statusCode).toBe(404);
        expect(viaOwnId.body).not.toContain('Ayesha');
      });

      it('neither cancels, edits nor prices for the sibling outlet', async () => {
        const cancel = await call(headers(), 'PUT', '/order/cancel', {
          vendor_id: outletA,
          order_id: orderOfB,
          reason: 'mistake_error',
        });
        expect(cancel.statusCode).toBe(404);
        const cancelAsB = await call(headers(), 'PUT', '/order/cancel', {
          vendor_id: outletB,
          order_id: orderOfB,
          reason: 'mistake_error',
        });
        expect(cancelAsB.statusCode).toBe(403);
        const fee = await call(headers(), 'POST', '/delivery/fee', {
          source: { lat: OUTLET.lat, lon: OUTLET.lng },
          destination: { lat: NEAR.lat, lon: NEAR.lng },
          vendor_id: outletB,
          delivery_type: 'food',
        });
        expect(fee.statusCode).toBe(403);
        const address = await call(headers(), 'PUT', `/vendor/${outletB}/address`, {});
        expect(address.statusCode).toBe(403);
        const ownQuote = await quoteFee(t, { vendorId: outletA, email: '', headers: headers() });
        const edit = await call(headers(), 'PUT', `/order/${orderOfB}`, {
          vendor_id: outletA,
          payment_method: 'CASH_ON_DELIVERY',
          amount: 1500,
          item_details: 'Changed',
          location: { address: 'Khayaban-e-Ittehad, DHA Phase 6', notes: '', latitude: NEAR.lat, longitude: NEAR.lng },
          delivery_fee: ownQuote.fee,
          signature: ownQuote.signature,
        });
        expect(edit.statusCode).toBe(404);
        const [row] = await t.db.query<{ status: string }>('select status from orders where order_id = $1', [orderOfB]);
        expect(row?.status).toBe('NEW');
      });

      it('places an order only for outlet A', async () => {
        const quote = await quoteFee(t, { vendorId: outletA, email: '', headers: headers() });
        const merchant = { vendorId: outletA, email: '', headers: headers() };
        const theirs = await postOrder(t, merchant, orderBody(outletB, quote));
        expect(theirs.statusCode).toBe(403);
        expect((await postOrder(t, merchant, orderBody(outletA, quote))).statusCode).toBe(200);
      });
    });
  }

  it('serves a proof photo and the rider’s position to the order’s vendors only', async () => {
    await t.db.query(`update riders set state = 'OFFLINE'`);
    const rider = await createRider(t.db, OUTLET);
    await t.services.dispatcher.tick();
    const [offered] = await t.db.query<{ order_id: string; vendor_id: string }>(
      'select order_id, vendor_id from orders where rider_id = $1',
      [rider.id],
    );
    const orderId = offered!.order_id;
    for (const [action, payload] of [
      ['accept', undefined],
      ['arrived-at-vendor', undefined],
      ['collected', proof()],
    ] as const) {
      expect((await riderCall(t, rider, orderId, action, payload)).statusCode).toBe(200);
    }
    const vendorOfOrder = offered!.vendor_id;
    const sibling = vendorOfOrder === outletA ? outletB : outletA;
    const siblingUser = await createUser(t.db, t.config, { vendorIds: [sibling] });
    const siblingHeaders = bearer(await login(t.app, siblingUser.email));
    expect((await call(owner, 'GET', `/order/${orderId}/proofs/pickup`)).statusCode).toBe(200);
    expect((await call(siblingHeaders, 'GET', `/order/${orderId}/proofs/pickup`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/riders/${rider.id}`)).statusCode).toBe(200);
    expect((await call(siblingHeaders, 'GET', `/riders/${rider.id}`)).statusCode).toBe(404);
  });
});

describe.each(databases())('what the browser may not decide on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
  });
  afterAll(() => t.close());

  it('refuses out-of-range numbers with 400, never a database failure', async () => {
    const quote = await quoteFee(t, merchant);
    const changes: ((body: ReturnType<typeof orderBody>) => void)[] = [
      (body) => {
        body.login_pickup_estimation = 3_000_000_000;
      },
      (body) => {
        body.preordered_for = 1e20;
      },
      (body) => {
        body.order.amount = 1e300;
      },
    ];
    const answers: string[] = [];
    for (const change of changes) {
      const body = orderBody(merchant.vendorId, quote);
      change(body);
      const response = await postOrder(t, merchant, body);
      answers.push(`${response.statusCode} ${response.json().code}`);
    }
    expect(answers).toEqual(Array(changes.length).fill('400 ValidationError'));
    expect(await countOrders(t.db, merchant.vendorId)).toBe(0);
  });

  it('answers an unexpected failure as a bare 500 envelope, without stack or SQL', async () => {
    // The database failing under a real route: the caller learns nothing of the SQL or the code.
    await t.db.query('alter table vendors rename to vendors_away');
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/vendors', headers: merchant.headers });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        status: 500,
        code: 'InternalErrorException',
        message: 'InternalErrorException',
        errors: [],
      });
      expect(response.body).not.toMatch(/vendors_away|relation|select|at .*\.ts/);
    } finally {
      await t.db.query('alter table vendors_away rename to vendors');
    }
  });
});

describe.each(databases())('public tracking of a person-to-person delivery on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    // A business without a saved pickup point sends from a private sender's address (spec §3).
    const merchant = await createMerchant(t, { latitude: null, longitude: null, delivery_area: null });
    const sender = { lat: 24.8605, lng: 67.0011 };
    const quote = await quoteFee(t, merchant, NEAR, sender);
    const body = orderBody(merchant.vendorId, quote);
    body.sender = {
      location: {
        latitude: sender.lat,
        longitude: sender.lng,
        address: 'House 12, Street 4, Zamzama, Clifton',
        notes: 'Blue gate',
      },
      name: 'Farah Siddiqui',
      email: 'farah@example.pk',
      phone_number: '+923331234567',
    };
    const response = await postOrder(t, merchant, body);
    expect(response.statusCode).toBe(200);
    token = (await orderOf(t, merchant, response.json().result.order_id)).tracking_token;
  });
  afterAll(() => t.close());

  it('never shows the sender’s house or exact position on any public page', async () => {
    for (const page of ['tracking', 'tracking-c2c', 'delivery-receipt']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/public/${page}/${token}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('House 12');
      expect(response.body).not.toContain('Siddiqui');
      expect(response.body).not.toContain('+923331234567');
      expect(response.body).not.toContain('24.8605');
      expect(response.body).not.toContain('67.0011');
    }
    const tracking = (await t.app.inject({ method: 'GET', url: `/api/v1/public/tracking/${token}` })).json().result;
    expect(tracking.outlet).toMatchObject({ address: 'Zamzama, Clifton', latitude: 24.861, longitude: 67.001 });
  });
});
