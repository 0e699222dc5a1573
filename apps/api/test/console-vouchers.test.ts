import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { auditEntriesOf, CONSOLE_API, createOperator, type TestOperator } from './support/console.ts';
import { createMerchant, createVendor, type Merchant, uniqueId } from './support/factories.ts';
import { orderBody, postOrder, quoteFee, translationKey } from './support/orders.ts';

/**
 * The console's Vouchers page (issue 36, decision 180): what an operator sets is what the portal's voucher check
 * reads — the window in Karachi time, the limits, the minimum fee, the vendors — and every change is audited.
 */
describe.each(databases())('console vouchers on %s', (kind) => {
  let t: TestApp;
  let operations: TestOperator;
  let admin: TestOperator;
  let support: TestOperator;
  let finance: TestOperator;
  let merchant: Merchant;
  let other: Merchant;

  beforeAll(async () => {
    // 13:00 in Karachi (08:00 UTC), inside the service hours.
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    admin = await createOperator(t, { role: 'admin' });
    operations = await createOperator(t, { role: 'operations' });
    support = await createOperator(t, { role: 'support' });
    finance = await createOperator(t, { role: 'finance' });
    merchant = await createMerchant(t);
    other = await createMerchant(t);
  });
  afterAll(() => t.close());

  const voucher = (overrides: Record<string, unknown> = {}) => ({
    code: uniqueId('cv').replace(/-/g, ''),
    type: 'amount',
    value: 30,
    description: 'Opening week',
    valid_from: null,
    valid_until: null,
    max_uses: null,
    max_uses_per_vendor: null,
    min_order_value: null,
    vendor_ids: [],
    ...overrides,
  });

  const call = (operator: TestOperator, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `${CONSOLE_API}${url}`, headers: operator.headers, ...(payload ? { payload } : {}) });

  async function create(overrides: Record<string, unknown> = {}) {
    const response = await call(operations, 'POST', '/vouchers', voucher(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { code: string; status: string; valid_from: string | null; uses: number };
  }

  const validate = async (code: string, who: Merchant) => {
    const quote = await quoteFee(t, who);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/voucher/validate',
      headers: who.headers,
      payload: {
        code,
        order: {
          order_time: Math.floor(t.clock.now().getTime() / 1000),
          delivery_fee: quote.fee,
          signature: quote.signature,
        },
        vendor_id: who.vendorId,
      },
    });
  };

  async function placeWith(code: string, who: Merchant) {
    const quote = await quoteFee(t, who);
    const validation = await t.app.inject({
      method: 'POST',
      url: '/api/v1/voucher/validate',
      headers: who.headers,
      payload: {
        code,
        order: {
          order_time: Math.floor(t.clock.now().getTime() / 1000),
          delivery_fee: quote.fee,
          signature: quote.signature,
        },
        vendor_id: who.vendorId,
      },
    });
    expect(validation.statusCode, validation.body).toBe(200);
    const { result } = validation.json();
    const response = await postOrder(t, who, {
      ...orderBody(who.vendorId, quote),
      voucher: result.voucher,
      discounted_delivery_fee: result.delivery_fee,
      discounted_delivery_fee_signature: result.signature,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.order_id as string;
  }

  it('creates a voucher the portal applies, and audits it', async () => {
    const created = await create({ code: `open${uniqueId('x').slice(2)}` });
    expect(created.code).toBe(created.code.toUpperCase());
    expect(created.status).toBe('active');
    const response = await validate(created.code.toLowerCase(), merchant);
    expect(response.statusCode).toBe(200);
    // 85 PKR less 30.
    expect(response.json().result.delivery_fee).toBe(55);
    const [entry] = await auditEntriesOf(t, admin, { type: 'voucher', id: created.code });
    expect(entry).toMatchObject({
      action: 'voucher.create',
      operator: { id: operations.id },
      before: null,
      after: { code: created.code, type: 'amount', value: 30, vendor_ids: [], is_paused: false },
    });
  });

  it('reads the validity window as Karachi wall-clock time', async () => {
    // The clock is 13:00 in Karachi: a voucher from 14:00 is not usable yet.
    const later = await create({ valid_from: '2026-03-10T14:00', valid_until: '2026-03-10T23:59' });
    expect(later).toMatchObject({ status: 'scheduled', valid_from: '2026-03-10T14:00' });
    const [row] = await t.db.query<{ valid_from: Date }>('select valid_from from vouchers where code = $1', [
      later.code,
    ]);
    expect(row!.valid_from.toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(translationKey(await validate(later.code, merchant))).toBe('voucher.error.validation.message');
    const now = await create({ valid_from: '2026-03-10T12:59', valid_until: '2026-03-10T13:30' });
    expect((await validate(now.code, merchant)).statusCode).toBe(200);
  });

  it('applies only to the vendors it names, a parent’s collection points included', async () => {
    const parent = await createVendor(t.db, { vendor_id: uniqueId('parent'), is_parent: true });
    const outlet = await createMerchant(t, { parent_vendor_id: parent.vendor_id });
    const named = await create({ vendor_ids: [merchant.vendorId, parent.vendor_id] });
    expect((await validate(named.code, merchant)).statusCode).toBe(200);
    expect((await validate(named.code, outlet)).statusCode).toBe(200);
    expect(translationKey(await validate(named.code, other))).toBe('voucher.error.validation.message');

    const edited = await call(operations, 'PUT', `/vouchers/${named.code}`, {
      ...voucher({ vendor_ids: [other.vendorId] }),
      code: undefined,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await validate(named.code, other)).statusCode).toBe(200);
    expect(translationKey(await validate(named.code, merchant))).toBe('voucher.error.validation.message');
    const [entry] = await auditEntriesOf(t, admin, { type: 'voucher', id: named.code });
    expect(entry).toMatchObject({
      action: 'voucher.update',
      before: { vendor_ids: [merchant.vendorId, parent.vendor_id].sort() },
      after: { vendor_ids: [other.vendorId] },
    });
  });

  it('counts uses in all and per merchant, and shows them with the discount given', async () => {
    const limited = await create({ max_uses: 2, max_uses_per_vendor: 1 });
    const first = await placeWith(limited.code, merchant);
    expect(translationKey(await validate(limited.code, merchant))).toBe('voucher.error.used-up');
    await placeWith(limited.code, other);
    const third = await createMerchant(t);
    expect(translationKey(await validate(limited.code, third))).toBe('voucher.error.used-up');

    const read = (await call(operations, 'GET', `/vouchers/${limited.code}`)).json();
    expect(read).toMatchObject({ uses: 2, discount_given: 60, status: 'used-up' });
    const uses = (await call(operations, 'GET', `/vouchers/${limited.code}/uses`)).json().uses;
    expect(uses).toHaveLength(2);
    expect(uses.find((use: { order_id: string }) => use.order_id === first)).toMatchObject({
      vendor_id: merchant.vendorId,
      discount: 30,
    });
    const listed = (await call(operations, 'GET', '/vouchers')).json().vouchers;
    expect(listed.find((row: { code: string }) => row.code === limited.code)).toMatchObject({ uses: 2 });
  });

  it('refuses a fee under the minimum', async () => {
    const minimum = await create({ min_order_value: 100 });
    expect(translationKey(await validate(minimum.code, merchant))).toBe('voucher.error.below-minimum');
    const lower = await create({ min_order_value: 85 });
    expect((await validate(lower.code, merchant)).statusCode).toBe(200);
  });

  it('pauses and resumes, auditing each', async () => {
    const paused = await create();
    const pause = await call(operations, 'POST', `/vouchers/${paused.code}/pause`, { is_paused: true });
    expect(pause.json().status).toBe('paused');
    expect(translationKey(await validate(paused.code, merchant))).toBe('voucher.error.validation.message');
    await call(operations, 'POST', `/vouchers/${paused.code}/pause`, { is_paused: false });
    expect((await validate(paused.code, merchant)).statusCode).toBe(200);
    const actions = (await auditEntriesOf(t, admin, { type: 'voucher', id: paused.code })).map((entry) => entry.action);
    expect(actions).toEqual(['voucher.resume', 'voucher.pause', 'voucher.create']);
  });

  it.each([
    ['a percentage over 100', { type: 'percentage', value: 120 }, 'console.vouchers.error.percentage'],
    ['an amount of zero', { value: 0 }, 'console.vouchers.error.value'],
    [
      'an end before the start',
      { valid_from: '2026-04-02T10:00', valid_until: '2026-04-01T10:00' },
      'console.vouchers.error.window',
    ],
    ['31 February', { valid_until: '2026-02-31T10:00' }, 'console.vouchers.error.date'],
    [
      'more uses per merchant than in all',
      { max_uses: 2, max_uses_per_vendor: 3 },
      'console.vouchers.error.per-vendor',
    ],
    ['a code with a space', { code: 'NEW YEAR' }, 'console.vouchers.error.code'],
    ['a vendor that does not exist', { vendor_ids: ['no-such-vendor'] }, 'console.vouchers.error.unknown-vendor'],
  ])('refuses %s', async (_name, overrides, key) => {
    const response = await call(operations, 'POST', '/vouchers', voucher(overrides));
    expect(response.statusCode).toBe(400);
    expect(translationKey(response)).toBe(key);
  });

  it('refuses a code that exists, and an unknown one', async () => {
    const existing = await create();
    const again = await call(operations, 'POST', '/vouchers', voucher({ code: existing.code.toLowerCase() }));
    expect(again.statusCode).toBe(409);
    expect(translationKey(again)).toBe('console.vouchers.error.exists');
    const missing = await call(operations, 'POST', '/vouchers/NOPE-NOPE/pause', { is_paused: true });
    expect(missing.statusCode).toBe(404);
    expect(translationKey(missing)).toBe('console.vouchers.error.not-found');
  });

  it('refuses support and finance on every voucher call, and changes nothing', async () => {
    const target = await create();
    for (const who of [support, finance]) {
      for (const [method, url, payload] of [
        ['GET', '/vouchers', undefined],
        ['POST', '/vouchers', voucher()],
        ['GET', `/vouchers/${target.code}`, undefined],
        ['PUT', `/vouchers/${target.code}`, { ...voucher({ value: 1 }), code: undefined }],
        ['POST', `/vouchers/${target.code}/pause`, { is_paused: true }],
        ['GET', `/vouchers/${target.code}/uses`, undefined],
      ] as const) {
        const response = await call(who, method, url, payload);
        expect(response.statusCode, `${who.role} ${method} ${url}`).toBe(403);
      }
    }
    expect((await call(admin, 'GET', `/vouchers/${target.code}`)).json()).toMatchObject({
      value: 30,
      status: 'active',
    });
  });
});
