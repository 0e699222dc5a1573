import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTLET_ACTIVATION_QUEUE } from '../src/modules/vendors/outlet-service.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { outbox, uniqueId } from './support/factories.ts';
import { apiCall, type Brand, createBrand, secretClientOf, tokenOf } from './support/merchant-api.ts';

const TARIQ_ROAD = { lat: 24.872, lng: 67.062 };

const outletBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Brand — Tariq Road',
  address: 'Tariq Road, PECHS, Karachi',
  latitude: TARIQ_ROAD.lat,
  longitude: TARIQ_ROAD.lng,
  city: 'Karachi',
  phone_number: '+92 21 3455-1234',
  currency: 'PKR',
  locale: 'en-PK',
  description: 'Burgers and shakes',
  rider_instructions: 'Counter at the back',
  ...overrides,
});

describe.each(databases())('merchant API outlets on %s', (kind) => {
  let t: TestApp;
  let brandA: Brand;
  let brandB: Brand;
  let tokenA: string;
  let tokenB: string;
  const activate = () => t.app.jobs.drain([OUTLET_ACTIVATION_QUEUE]);

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    brandA = await createBrand(t);
    brandB = await createBrand(t);
    tokenA = await tokenOf(t, await secretClientOf(t, brandA));
    tokenB = await tokenOf(t, await secretClientOf(t, brandB));
  });
  afterAll(() => t.close());

  it('reads an outlet of the client by the merchant’s id, or by ours when it has none', async () => {
    const clifton = await apiCall(t, tokenA, 'GET', `/outlets/${brandA.cliftonClientId.toLowerCase()}`);
    expect(clifton.statusCode, clifton.body).toBe(200);
    expect(clifton.json()).toMatchObject({
      vendor_id: brandA.clifton,
      client_vendor_id: brandA.cliftonClientId,
      name: 'Clifton',
      address: 'Clifton, Karachi',
      phone_number: '+923001234567',
      currency: 'PKR',
      locale: 'en-PK',
      is_active: true,
      is_pending: false,
    });
    const saddar = await apiCall(t, tokenA, 'GET', `/outlets/${brandA.saddar}`);
    expect(saddar.json()).toMatchObject({ vendor_id: brandA.saddar, client_vendor_id: brandA.saddar });

    // Another brand's outlet, and none at all, answer alike.
    for (const id of [brandB.cliftonClientId, 'no-such-outlet']) {
      const missing = await apiCall(t, tokenA, 'GET', `/outlets/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Outlet not found' });
    }
  });

  it('adds an outlet under the brand through the portal’s approval, and invites its owners', async () => {
    const clientVendorId = uniqueId('TR');
    const owner = `${uniqueId('owner')}@example.pk`;
    const created = await apiCall(t, tokenA, 'PUT', `/outlets/${clientVendorId}`, outletBody({ add_user: [owner] }));
    expect(created.statusCode, created.body).toBe(200);
    const outlet = created.json();
    expect(outlet).toMatchObject({
      client_vendor_id: clientVendorId,
      name: 'Brand — Tariq Road',
      address: 'Tariq Road, PECHS, Karachi',
      latitude: TARIQ_ROAD.lat,
      city: 'Karachi',
      phone_number: '+922134551234',
      rider_instructions: 'Counter at the back',
      users: [owner],
      is_active: false,
      is_pending: true,
    });
    expect(outlet.vendor_id.startsWith(`${brandA.vendorId}-`)).toBe(true);
    // The owner is invited, as the portal invites (nothing is linked until they accept).
    expect((await outbox(t.app, owner)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining('invited to own a collection point'),
    ]);

    // The portal's activation job makes it active; the brand's merchant sees it in the portal too.
    expect(await activate()).toBeGreaterThanOrEqual(1);
    const read = await apiCall(t, tokenA, 'GET', `/outlets/${clientVendorId}`);
    expect(read.json()).toMatchObject({ vendor_id: outlet.vendor_id, is_active: true, is_pending: false });
    const portal = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vendor/${outlet.vendor_id}`,
      headers: brandA.headers,
    });
    expect(portal.statusCode).toBe(200);
    const listed = await apiCall(t, tokenA, 'GET', '/outletList');
    expect(listed.json().map((row: { client_vendor_id: string }) => row.client_vendor_id)).toContain(clientVendorId);
  });

  it('updates an outlet with the portal’s rules, adding and removing owners', async () => {
    const clientVendorId = uniqueId('UP');
    const first = `${uniqueId('first')}@example.pk`;
    const second = `${uniqueId('second')}@example.pk`;
    expect(
      (await apiCall(t, tokenA, 'PUT', `/outlets/${clientVendorId}`, outletBody({ add_user: [first] }))).statusCode,
    ).toBe(200);

    const renamed = await apiCall(
      t,
      tokenA,
      'PUT',
      `/outlets/${clientVendorId}`,
      outletBody({ name: 'Brand — Tariq Road 2', add_user: [second] }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Brand — Tariq Road 2', users: [first, second] });

    const removed = await apiCall(t, tokenA, 'PUT', `/outlets/${clientVendorId}`, outletBody({ delete_user: [first] }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().users).toEqual([second]);

    const both = await apiCall(
      t,
      tokenA,
      'PUT',
      `/outlets/${clientVendorId}`,
      outletBody({ add_user: [first], delete_user: [second] }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ message: 'Adding and removing users in the same request is not allowed' });
  });

  it('answers the collection point rules in pandago’s shape', async () => {
    const id = uniqueId('BAD');
    const badPhone = await apiCall(t, tokenA, 'PUT', `/outlets/${id}`, outletBody({ phone_number: 'call us' }));
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().message).toMatch(/^Invalid request payload\n - phone_number is invalid/);

    const noName = await apiCall(t, tokenA, 'PUT', `/outlets/${id}`, outletBody({ name: '' }));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toMatch(/^Invalid request payload\n - name is invalid/);

    const badOwner = await apiCall(t, tokenA, 'PUT', `/outlets/${id}`, outletBody({ add_user: ['not-an-email'] }));
    expect(badOwner.statusCode).toBe(400);
    expect(badOwner.json().message).toMatch(/^Invalid request payload\n - add_user is invalid/);

    const currency = await apiCall(t, tokenA, 'PUT', `/outlets/${id}`, outletBody({ currency: 'SGD' }));
    expect(currency.statusCode).toBe(400);
    expect(currency.json().message).toMatch(/currency is invalid/);

    const missing = await apiCall(t, tokenA, 'PUT', `/outlets/${id}`, outletBody({ city: undefined }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Invalid request payload\n - city is required');

    const removeOnCreate = await apiCall(t, tokenA, 'PUT', `/outlets/${id}`, outletBody({ delete_user: ['a@b.pk'] }));
    expect(removeOnCreate.statusCode).toBe(400);
    expect(removeOnCreate.json()).toEqual({ message: 'Users can only be removed while updating an outlet' });

    // Nothing was made by the refused requests.
    expect((await apiCall(t, tokenA, 'GET', `/outlets/${id}`)).statusCode).toBe(404);
  });

  it('keeps a client within its scope: another brand’s outlet is never touched, an outlet client adds none', async () => {
    // brandB's client names brandA's outlet id: a new outlet of brandB, brandA's outlet unchanged.
    const taken = await apiCall(t, tokenB, 'PUT', `/outlets/${brandA.cliftonClientId}`, outletBody());
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().vendor_id.startsWith(`${brandB.vendorId}-`)).toBe(true);
    const clifton = await apiCall(t, tokenA, 'GET', `/outlets/${brandA.cliftonClientId}`);
    expect(clifton.json()).toMatchObject({ vendor_id: brandA.clifton, name: 'Clifton' });

    // A client of chosen outlets edits those, and adds none.
    const chosen = await tokenOf(t, await secretClientOf(t, brandA, { outlet_ids: [brandA.saddar] }));
    const edited = await apiCall(t, chosen, 'PUT', `/outlets/${brandA.saddar}`, outletBody({ name: 'Saddar' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ vendor_id: brandA.saddar, name: 'Saddar', is_active: true });
    const clift = await apiCall(t, chosen, 'PUT', `/outlets/${brandA.cliftonClientId}`, outletBody());
    expect(clift.statusCode).toBe(404);
    const fresh = await apiCall(t, chosen, 'PUT', `/outlets/${uniqueId('NEW')}`, outletBody());
    expect(fresh.statusCode).toBe(404);
  });

  it('refuses when the portal’s outlet flag is off for the brand', async () => {
    await t.services.flags.setFor('AddVendorOutlet', { vendorId: brandA.vendorId }, false);
    try {
      const refused = await apiCall(t, tokenA, 'PUT', `/outlets/${uniqueId('OFF')}`, outletBody());
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Outlets cannot be added or edited for this vendor' });
    } finally {
      await t.services.flags.setFor('AddVendorOutlet', { vendorId: brandA.vendorId }, null);
    }
  });
});

describe.each(databases())('merchant API outlet invitations are limited on %s', (kind) => {
  let t: TestApp;
  let brand: Brand;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS, env: { INVITATIONS_PER_DAY_PER_ADDRESS: '2' } });
    brand = await createBrand(t);
    token = await tokenOf(t, await secretClientOf(t, brand));
  });
  afterAll(() => t.close());

  it('counts the API’s invitations with the portal’s, and refuses past the limit with nothing saved', async () => {
    const email = `${uniqueId('target')}@example.pk`;
    const clientVendorId = uniqueId('INV');
    // One invitation from the portal, one from the API: the address's two of the day.
    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/v1/outlet',
      headers: brand.headers,
      payload: {
        client_vendor_id: uniqueId('PORTAL'),
        name: 'Portal outlet',
        address: 'Shahrah-e-Faisal, Karachi',
        latitude: TARIQ_ROAD.lat,
        longitude: TARIQ_ROAD.lng,
        phone_number: '+92 21 3455-1234',
        users: [email],
      },
    });
    expect(portal.statusCode, portal.body).toBe(200);
    const first = await apiCall(t, token, 'PUT', `/outlets/${clientVendorId}`, outletBody({ add_user: [email] }));
    expect(first.statusCode, first.body).toBe(200);
    expect(
      (await apiCall(t, token, 'PUT', `/outlets/${clientVendorId}`, outletBody({ delete_user: [email] }))).statusCode,
    ).toBe(200);

    const refused = await apiCall(t, token, 'PUT', `/outlets/${clientVendorId}`, outletBody({ add_user: [email] }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('Too many invitations');
    expect((await apiCall(t, token, 'GET', `/outlets/${clientVendorId}`)).json().users).toEqual([]);
    expect(await outbox(t.app, email)).toHaveLength(2);
  });
});
