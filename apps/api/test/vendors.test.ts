import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openPglite } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { vendorService } from '../src/modules/vendors/service.ts';
import { setCountryParameter } from '../src/ops/commands.ts';
import { buildTestApp, databases, type TestApp, testConfig } from './support/app.ts';
import { bearer, createUser, createVendor, login, uniqueId } from './support/factories.ts';

describe.each(databases())('vendors on %s', (kind) => {
  let t: TestApp;
  let parentId: string;
  let outletIds: string[];
  let standaloneId: string;
  let strangerId: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    parentId = uniqueId('parent');
    await createVendor(t.db, {
      vendor_id: parentId,
      name: 'Karachi Grill House',
      is_parent: true,
      latitude: null,
      longitude: null,
    });
    outletIds = [`${parentId}-b`, `${parentId}-a`];
    for (const id of outletIds) {
      await createVendor(t.db, {
        vendor_id: id,
        name: `Outlet ${id.slice(-1)}`,
        parent_vendor_id: parentId,
        owners: ['o@kgh.pk'],
        phone: '+922135871234',
        delivery_area: { type: 'radius', radius_km: 8 },
      });
    }
    standaloneId = (await createVendor(t.db, { name: 'Chai Khana' })).vendor_id;
    strangerId = (await createVendor(t.db, { name: 'Someone else' })).vendor_id;
    const user = await createUser(t.db, t.config, { vendorIds: [parentId, standaloneId] });
    headers = bearer(await login(t.app, user.email));
  });
  afterAll(() => t.close());

  const get = (url: string, h = headers) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: h });

  it('lists the linked vendors with the outlets of a linked parent, outlets after their parent', async () => {
    const response = await get('/vendors');
    expect(response.statusCode).toBe(200);
    const ids = response.json().result.vendors.map((v: { vendor_id: string }) => v.vendor_id);
    expect(ids.slice(0, 3)).toEqual([parentId, `${parentId}-a`, `${parentId}-b`]);
    expect(ids).toContain(standaloneId);
    expect(ids).not.toContain(strangerId);
    expect(ids).toHaveLength(4);
  });

  it('answers one vendor exactly in the contract shape', async () => {
    const response = await get(`/vendor/${parentId}-a`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: {
        vendor_id: `${parentId}-a`,
        parent_vendor_id: parentId,
        client_vendor_id: null,
        name: 'Outlet a',
        is_parent: false,
        is_active: true,
        is_registered: false,
        is_pending: false,
        vendor_information: {
          name: 'Outlet a',
          currency: 'PKR',
          owners: ['o@kgh.pk'],
          contact: { phone: '+922135871234' },
          location: {
            address_text: null,
            building: null,
            city: null,
            country_code: 'PK',
            latitude: 24.86,
            longitude: 67,
            postal_code: null,
            street: null,
            street_number: null,
            unit: null,
            rider_instructions: null,
          },
        },
        flags: { payment_methods: { CASH_ON_DELIVERY: true } },
        estimation_pick_up_time: null,
        login_pickup_estimation: null,
        delivery_area: { type: 'radius', radius_km: 8 },
      },
    });
  });

  it('refuses an unknown vendor exactly like another merchant’s, so ids cannot be probed', async () => {
    const forbidden = await get(`/vendor/${strangerId}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({
      status: 403,
      errors: [{ meta: { translation_key: 'error.forbidden-vendor' } }],
    });
    const missing = await get('/vendor/does-not-exist');
    expect(missing.statusCode).toBe(403);
    expect(missing.body).toBe(forbidden.body);
  });

  it.each(['a%00b', '%00', 'x%1B', 'a'.repeat(65)])(
    'refuses the vendor id %s with 400, not a database error',
    async (id) => {
      const response = await get(`/vendor/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, code: 'ValidationError' });
    },
  );

  it('needs a caller', async () => {
    expect((await get('/vendors', {})).statusCode).toBe(401);
    expect((await get(`/vendor/${parentId}`, {})).statusCode).toBe(401);
    expect((await get('/get-country-parameter/serviceHours', {})).statusCode).toBe(401);
  });

  it('answers an empty list to a user with no vendors (the browser shows error.no-vendors)', async () => {
    const lonely = await createUser(t.db, t.config);
    const response = await get('/vendors', bearer(await login(t.app, lonely.email)));
    expect(response.json()).toEqual({ result: { vendors: [] } });
  });

  it('scopes by callerVendorIds for later modules', async () => {
    const linkedToOutlet = await createUser(t.db, t.config, { vendorIds: [`${parentId}-b`] });
    expect(await vendorService(t.db).callerVendorIds(linkedToOutlet.id)).toEqual([`${parentId}-b`]);
  });

  it('answers country parameters as strings, with operator changes', async () => {
    const expected = {
      serviceHours: '0900:2300',
      onlinePaymentActivated: 'true',
      orderItemValueExceedLimit: '50000',
      paymentMethods: 'CASH_ON_DELIVERY|ONLINE_PAYMENT',
      allOutletOrders: 'true',
    };
    for (const [name, value] of Object.entries(expected)) {
      expect((await get(`/get-country-parameter/${name}`)).json()).toEqual({ result: value });
    }
    await setCountryParameter({ db: t.db, config: t.config }, 'allOutletOrders', 'false');
    expect((await get('/get-country-parameter/allOutletOrders')).json()).toEqual({ result: 'false' });
    const unknown = await get('/get-country-parameter/secretSauce');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('ValidationError');
  });
});

describe('global rate limit', () => {
  it('answers 429 in the error envelope past the per-minute budget', async () => {
    const db = await openPglite('memory://');
    await migrate(db);
    const app = await buildApp(testConfig({}, { RATE_LIMIT_GLOBAL: '2' }), { db });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await app.inject({ method: 'GET', url: '/api/v1/config' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const limited = await app.inject({ method: 'GET', url: '/api/v1/flags' });
    expect(limited.json()).toMatchObject({ status: 429, code: 'TooManyRequestsException' });
    // Probes are never limited.
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    await app.close();
    await db.close();
  });

  it("never counts the web app's fingerprinted assets", async () => {
    const db = await openPglite('memory://');
    await migrate(db);
    const dist = mkdtempSync(path.join(tmpdir(), 'riderdesk-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Riderdesk</title>');
    writeFileSync(path.join(dist, 'assets', 'page-abc123.js'), 'export {};');
    const app = await buildApp(testConfig({ webDistDir: dist }, { RATE_LIMIT_GLOBAL: '2' }), { db });
    const assets: number[] = [];
    for (let i = 0; i < 10; i++) {
      assets.push((await app.inject({ method: 'GET', url: '/assets/page-abc123.js' })).statusCode);
    }
    expect(assets).toEqual(Array(10).fill(200));
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await app.inject({ method: 'GET', url: '/api/v1/config' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    await app.close();
    await db.close();
    rmSync(dist, { recursive: true, force: true });
  });
});
