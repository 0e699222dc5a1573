import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../src/ops/commands.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { auditEntriesOf, CONSOLE_API, createOperator, type TestOperator } from './support/console.ts';
import { createMerchant, createVendor, type Merchant, NEAR, OUTLET, uniqueId } from './support/factories.ts';
import { orderBody, placeOrder, postOrder, quoteFee, translationKey } from './support/orders.ts';

// A square around OUTLET and NEAR, tighter than the 8 km circle the factories give.
const SQUARE: [number, number][] = [
  [66.98, 24.84],
  [67.03, 24.84],
  [67.03, 24.89],
  [66.98, 24.89],
];

/**
 * The console's Vendors and outlets page (issue 36, decision 180): search, a vendor's page, the approval of a
 * pending collection point with the area the operator checked (one code path with `npm run ops -- approve-outlet`),
 * payment methods, flags, registration type and vendor codes; each change audited, each role checked.
 */
describe.each(databases())('console vendors on %s', (kind) => {
  let t: TestApp;
  let admin: TestOperator;
  let operations: TestOperator;
  let support: TestOperator;
  let finance: TestOperator;
  let merchant: Merchant;
  let parentName: string;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    admin = await createOperator(t, { role: 'admin' });
    operations = await createOperator(t, { role: 'operations' });
    support = await createOperator(t, { role: 'support' });
    finance = await createOperator(t, { role: 'finance' });
    parentName = `Grill ${uniqueId('house')}`;
    merchant = await createMerchant(t, { is_parent: true, name: parentName, city: 'Karachi' });
  });
  afterAll(() => t.close());

  const call = (operator: TestOperator, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `${CONSOLE_API}${url}`, headers: operator.headers, ...(payload ? { payload } : {}) });

  async function pendingOutlet(name = 'Clifton counter') {
    const outlet = await createVendor(t.db, {
      vendor_id: uniqueId(`${merchant.vendorId}-co`),
      name,
      parent_vendor_id: merchant.vendorId,
      latitude: OUTLET.lat,
      longitude: OUTLET.lng,
      is_active: false,
      is_pending: true,
      payment_methods: { CASH_ON_DELIVERY: true },
    });
    return outlet.vendor_id;
  }

  const orderFrom = async (vendorId: string) => {
    const from = { ...merchant, vendorId };
    return postOrder(t, from, orderBody(vendorId, await quoteFee(t, from, NEAR, OUTLET)));
  };

  it('finds vendors by name, id or city, pending collection points first', async () => {
    const outletId = await pendingOutlet('Searchable counter');
    const byName = (await call(operations, 'GET', `/vendors?q=${encodeURIComponent(parentName)}`)).json().vendors;
    expect(byName).toEqual([
      expect.objectContaining({ vendor_id: merchant.vendorId, is_parent: true, state: 'active', city: 'Karachi' }),
    ]);
    const pending = (await call(support, 'GET', '/vendors?state=pending')).json().vendors;
    expect(pending.map((row: { vendor_id: string }) => row.vendor_id)).toContain(outletId);
    expect(pending.every((row: { state: string }) => row.state === 'pending')).toBe(true);
    const wildcard = (await call(operations, 'GET', '/vendors?q=%25')).json().vendors;
    expect(wildcard).toEqual([]);
  });

  it('opens a vendor with its outlets, users and recent orders', async () => {
    const outletId = await pendingOutlet();
    const orderId = await placeOrder(t, merchant);
    const response = await call(support, 'GET', `/vendors/${merchant.vendorId}`);
    expect(response.statusCode).toBe(200);
    const vendor = response.json();
    expect(vendor.outlets).toContainEqual(expect.objectContaining({ vendor_id: outletId, state: 'pending' }));
    expect(vendor.users).toContainEqual({ email: merchant.email, has_account: true });
    expect(vendor.recent_orders[0]).toMatchObject({
      order_id: orderId,
      vendor_id: merchant.vendorId,
      delivery_fee: 85,
    });
    expect((await call(support, 'GET', '/vendors/no-such-vendor')).statusCode).toBe(404);
  });

  it('approves a pending collection point with the area the operator drew; the merchant may then order from it', async () => {
    const outletId = await pendingOutlet();
    expect(translationKey(await orderFrom(outletId))).toBe('outlet.error.pending');
    const approve = await call(operations, 'POST', `/outlets/${outletId}/approve`, {
      delivery_area: { type: 'polygon', coordinates: SQUARE },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({ state: 'active', delivery_area: { type: 'polygon', coordinates: SQUARE } });
    expect((await orderFrom(outletId)).statusCode).toBe(200);
    const [entry] = await auditEntriesOf(t, admin, { type: 'vendor', id: outletId });
    expect(entry).toMatchObject({
      action: 'outlet.approve',
      operator: { id: operations.id },
      before: { is_active: false, is_pending: true, delivery_area: null },
      after: { is_active: true, is_pending: false, delivery_area: { type: 'polygon', coordinates: SQUARE } },
    });
  });

  it('deactivates and activates a collection point, keeping its area', async () => {
    const outletId = await pendingOutlet();
    await call(operations, 'POST', `/outlets/${outletId}/approve`, {
      delivery_area: { type: 'polygon', coordinates: SQUARE },
    });
    const off = await call(admin, 'PUT', `/outlets/${outletId}/active`, { is_active: false });
    expect(off.json().state).toBe('inactive');
    expect(translationKey(await orderFrom(outletId))).toBe('outlet.error.inactive');
    const on = await call(operations, 'PUT', `/outlets/${outletId}/active`, { is_active: true });
    expect(on.json()).toMatchObject({ state: 'active', delivery_area: { coordinates: SQUARE } });
    const actions = (await auditEntriesOf(t, admin, { type: 'vendor', id: outletId })).map((entry) => entry.action);
    expect(actions).toEqual(['outlet.activate', 'outlet.deactivate', 'outlet.approve']);
  });

  it('refuses to approve a parent, and a polygon of two corners', async () => {
    const parent = await call(operations, 'POST', `/outlets/${merchant.vendorId}/approve`, {
      delivery_area: { type: 'polygon', coordinates: SQUARE },
    });
    expect(parent.statusCode).toBe(409);
    expect(translationKey(parent)).toBe('console.vendors.error.not-an-outlet');
    const outletId = await pendingOutlet();
    const line = await call(operations, 'POST', `/outlets/${outletId}/approve`, {
      delivery_area: { type: 'polygon', coordinates: SQUARE.slice(0, 2) },
    });
    expect(line.statusCode).toBe(400);
  });

  it('decides on the command line through the same path, audited as the command line', async () => {
    const outletId = await pendingOutlet();
    const printed = await runCommand({ db: t.db, config: t.config, now: t.clock.now }, ['approve-outlet', outletId]);
    expect(printed).toBe(`collection point ${outletId} is active`);
    const [entry] = await auditEntriesOf(t, admin, { type: 'vendor', id: outletId });
    expect(entry).toMatchObject({ action: 'outlet.approve', operator: null, after: { is_active: true } });
    expect((await orderFrom(outletId)).statusCode).toBe(200);
  });

  it('sets payment methods, the vendor’s own flags and its registration type', async () => {
    const vendor = await createMerchant(t);
    const response = await call(operations, 'PUT', `/vendors/${vendor.vendorId}/settings`, {
      payment_methods: { CASH_ON_DELIVERY: true, PAID: false, PAY_AT_PICKUP: true },
      flags: { Voucher: false, PreOrder: null },
      registration_type: 'NPV',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      payment_methods: { CASH_ON_DELIVERY: true, PAID: false, PAY_AT_PICKUP: true },
      flags: { Voucher: false },
      registration_type: 'NPV',
    });
    const flags = await t.app.inject({
      method: 'GET',
      url: `/api/v1/flags?vendor_id=${vendor.vendorId}`,
      headers: vendor.headers,
    });
    expect(flags.json().variations.Voucher).toBe(false);
    const [entry] = await auditEntriesOf(t, admin, { type: 'vendor', id: vendor.vendorId });
    expect(entry).toMatchObject({
      action: 'vendor.update-settings',
      before: { payment_methods: { CASH_ON_DELIVERY: true, PAID: true }, flags: {}, registration_type: null },
      after: { flags: { Voucher: false }, registration_type: 'NPV' },
    });
    const unknown = await call(operations, 'PUT', `/vendors/${vendor.vendorId}/settings`, {
      flags: { NoSuchFlag: true },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('issues a vendor code, never writing the code into the audit log; not once an account is linked', async () => {
    const vendor = await createVendor(t.db, { vendor_id: uniqueId('pv'), contact_email: 'Owner@Example.pk' });
    const response = await call(operations, 'POST', `/vendors/${vendor.vendor_id}/registration-code`, {});
    expect(response.statusCode, response.body).toBe(200);
    const { registration_code: code, contact_email: email } = response.json();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(email).toBe('owner@example.pk');
    const read = (await call(operations, 'GET', `/vendors/${vendor.vendor_id}`)).json();
    expect(read).toMatchObject({ registration_code: code, registration_type: 'PV' });
    const [entry] = await auditEntriesOf(t, admin, { type: 'vendor', id: vendor.vendor_id });
    expect(entry).toMatchObject({ action: 'vendor.issue-code', after: { has_code: true, contact_email: email } });
    expect(JSON.stringify(entry)).not.toContain(code);

    const linked = await call(operations, 'POST', `/vendors/${merchant.vendorId}/registration-code`, {});
    expect(linked.statusCode).toBe(409);
    expect(translationKey(linked)).toBe('console.vendors.error.registered');
    const noEmail = await createVendor(t.db, { vendor_id: uniqueId('pv') });
    const missing = await call(operations, 'POST', `/vendors/${noEmail.vendor_id}/registration-code`, {});
    expect(translationKey(missing)).toBe('console.vendors.error.contact-email');
  });

  it('lets support read but not change, and finance neither', async () => {
    const outletId = await pendingOutlet();
    const changes = [
      ['POST', `/outlets/${outletId}/approve`, { delivery_area: { type: 'polygon', coordinates: SQUARE } }],
      ['PUT', `/outlets/${outletId}/active`, { is_active: true }],
      ['PUT', `/vendors/${outletId}/settings`, { registration_type: 'PV' }],
      ['POST', `/vendors/${outletId}/registration-code`, { contact_email: 'x@example.pk' }],
    ] as const;
    for (const [method, url, payload] of changes) {
      for (const who of [support, finance]) {
        const response = await call(who, method, url, payload);
        expect(response.statusCode, `${who.role} ${method} ${url}`).toBe(403);
        expect(translationKey(response)).toBe('console.error.forbidden');
      }
    }
    for (const url of ['/vendors', `/vendors/${outletId}`]) {
      expect((await call(finance, 'GET', url)).statusCode).toBe(403);
      expect((await call(support, 'GET', url)).statusCode).toBe(200);
    }
    expect((await call(admin, 'GET', `/vendors/${outletId}`)).json()).toMatchObject({ state: 'pending' });
    expect(await auditEntriesOf(t, admin, { type: 'vendor', id: outletId })).toEqual([]);
  });
});
