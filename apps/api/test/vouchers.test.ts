import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVoucher } from '../src/modules/vouchers/repo.ts';
import { demoVouchers } from '../src/seed/demo-data.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, type Merchant } from './support/factories.ts';
import { countOrders, orderBody, postOrder, quoteFee, translationKey } from './support/orders.ts';

type Body = { code: string; order: { order_time: number; delivery_fee: number; signature: string }; vendor_id: string };

describe.each(databases())('vouchers on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let stranger: Merchant;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    for (const voucher of demoVouchers(t.config.deployment.country.currency)) await insertVoucher(t.db, voucher);
    merchant = await createMerchant(t);
    stranger = await createMerchant(t);
    await insertVoucher(t.db, { code: 'PAUSED', type: 'amount', value: 10, currency: 'PKR', is_active: false });
    await insertVoucher(t.db, {
      code: 'OURS15',
      type: 'percentage',
      value: 15,
      currency: 'PKR',
      vendor_id: stranger.vendorId,
    });
  });
  afterAll(() => t.close());

  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

  async function validate(
    code: string,
    quote: { fee: number; signature: string },
    who = merchant,
    orderTime = nowSeconds(),
  ) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/voucher/validate',
      headers: who.headers,
      payload: {
        code,
        order: {
          order_time: orderTime,
          delivery_fee: quote.fee,
          signature: quote.signature,
        },
        vendor_id: who.vendorId,
      },
    });
  }

  it.each([
    ['WELCOME50', 'amount', 50, 35],
    ['welcome50', 'amount', 50, 35],
    ['RIDE20', 'percentage', 20, 68],
    ['FREEDEL', 'deliveryFee', 0, 0],
  ])('validates %s (%s) on a fee of 85 PKR', async (code, type, amount, discounted) => {
    const quote = await quoteFee(t, merchant);
    expect(quote.fee).toBe(85);
    const response = await validate(code, quote);
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result.voucher).toEqual({ code: code.toUpperCase(), type, amount });
    expect(result.delivery_fee).toBe(discounted);
    expect(result.signature).toMatch(/^v1\.\d+\.[\w-]{43}$/);
  });

  it('never discounts below zero', async () => {
    await insertVoucher(t.db, { code: 'BIG500', type: 'amount', value: 500, currency: 'PKR' });
    const response = await validate('BIG500', await quoteFee(t, merchant));
    expect(response.json().result.delivery_fee).toBe(0);
  });

  it.each([
    ['an unknown code', 'NOPE', 'voucher.error.validation.message'],
    ['an expired code, saying it has expired', 'SUMMER24', 'voucher.error.expired'],
    ['an inactive code', 'PAUSED', 'voucher.error.validation.message'],
    ["another vendor's code", 'OURS15', 'voucher.error.validation.message'],
  ])('refuses %s', async (_name, code, key) => {
    const response = await validate(code, await quoteFee(t, merchant));
    expect(response.statusCode).toBe(400);
    expect(translationKey(response)).toBe(key);
  });

  it.each([
    ['a NUL byte in the code', (body: Body) => (body.code = 'RIDE\u000020')],
    ['a delivery fee of 1e308', (body: Body) => (body.order.delivery_fee = 1e308)],
    ['an order time no Date can hold', (body: Body) => (body.order.order_time = 9_007_199_254_740_991)],
    ['a NUL byte in the signature', (body: Body) => (body.order.signature = `${body.order.signature}\u0000`)],
  ])('refuses %s with 400 rather than failing', async (_name, spoil) => {
    const quote = await quoteFee(t, merchant);
    const body: Body = {
      code: 'RIDE20',
      order: {
        order_time: Math.floor(t.clock.now().getTime() / 1000),
        delivery_fee: quote.fee,
        signature: quote.signature,
      },
      vendor_id: merchant.vendorId,
    };
    spoil(body);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/voucher/validate',
      headers: merchant.headers,
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: 'ValidationError' });
  });

  it('refuses a NUL byte in a looked-up code with 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/voucher/RIDE%0020', headers: merchant.headers });
    expect(response.statusCode).toBe(400);
  });

  it('answers SignatureExpired for an expired fee quote', async () => {
    const quote = await quoteFee(t, merchant);
    const [, , mac] = quote.signature.split('.');
    const stale = { fee: quote.fee, signature: `v1.${Math.floor(t.clock.now().getTime() / 1000) - 1}.${mac}` };
    const response = await validate('RIDE20', stale);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('SignatureExpired');
  });

  it('shows voucher details and hides unknown or foreign codes', async () => {
    const details = await t.app.inject({ method: 'GET', url: '/api/v1/voucher/ride20', headers: merchant.headers });
    expect(details.json().result).toMatchObject({ code: 'RIDE20', type: 'percentage', amount: 20, is_active: true });
    const expired = await t.app.inject({ method: 'GET', url: '/api/v1/voucher/SUMMER24', headers: merchant.headers });
    expect(expired.json().result).toMatchObject({ is_active: false, valid_until: '2024-09-30T18:59:59.000Z' });
    for (const code of ['NOPE', 'OURS15']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/voucher/${code}`, headers: merchant.headers });
      expect(response.statusCode).toBe(404);
      expect(translationKey(response)).toBe('voucher.error.get.message');
    }
  });

  // spec §7: POST /voucher/validate carries the order's time; a pre-order's voucher is judged then.
  describe("a pre-order's voucher", () => {
    const hours = (n: number) => new Date(t.clock.now().getTime() + n * 3_600_000);
    beforeAll(async () => {
      await insertVoucher(t.db, { code: 'LATER10', type: 'amount', value: 10, currency: 'PKR', valid_from: hours(2) });
      await insertVoucher(t.db, { code: 'NOWONLY', type: 'amount', value: 10, currency: 'PKR', valid_until: hours(1) });
    });
    const inThreeHours = () => nowSeconds() + 3 * 3600;

    it('is valid when it starts before the order time, even if not yet now', async () => {
      const quote = await quoteFee(t, merchant);
      expect((await validate('LATER10', quote)).statusCode).toBe(400);
      const later = await validate('LATER10', quote, merchant, inThreeHours());
      expect(later.statusCode, later.body).toBe(200);
      expect(later.json().result.delivery_fee).toBe(75);
    });

    it('is refused when it ends before the order time, even if valid now', async () => {
      const quote = await quoteFee(t, merchant);
      expect((await validate('NOWONLY', quote)).statusCode).toBe(200);
      const later = await validate('NOWONLY', quote, merchant, inThreeHours());
      expect(later.statusCode).toBe(400);
      expect(translationKey(later)).toBe('voucher.error.expired');
    });

    it('is judged at the pre-ordered time when the order is placed', async () => {
      const quote = await quoteFee(t, merchant);
      const preorderedFor = inThreeHours();
      const validation = (await validate('LATER10', quote, merchant, preorderedFor)).json().result;
      const body = {
        ...orderBody(merchant.vendorId, quote),
        preordered_for: preorderedFor,
        voucher: validation.voucher,
        discounted_delivery_fee: validation.delivery_fee,
        discounted_delivery_fee_signature: validation.signature,
      };
      const placed = await postOrder(t, merchant, body);
      expect(placed.statusCode, placed.body).toBe(200);
      // The same voucher on an order for now is refused: it does not start until later.
      const asap = await postOrder(t, merchant, { ...body, preordered_for: null });
      expect(translationKey(asap)).toBe('voucher.error.validation.message');
    });
  });

  describe('placing an order with a voucher', () => {
    async function voucherOrder(code: string) {
      const quote = await quoteFee(t, merchant);
      const validation = (await validate(code, quote)).json().result;
      return {
        ...orderBody(merchant.vendorId, quote),
        voucher: validation.voucher,
        discounted_delivery_fee: validation.delivery_fee,
        discounted_delivery_fee_signature: validation.signature,
      };
    }

    it('stores the fee, the discount and the code', async () => {
      const response = await postOrder(t, merchant, await voucherOrder('RIDE20'));
      expect(response.statusCode).toBe(200);
      const got = await t.app.inject({
        method: 'GET',
        url: `/api/v1/order?vendorId=${merchant.vendorId}&orderId=${response.json().result.order_id}`,
        headers: merchant.headers,
      });
      expect(got.json().result).toMatchObject({
        delivery_fee: 85,
        discount: 17,
        total_amount: 1568,
        collect_amount: 1568,
        fee_paid_by: 'customer',
        voucher_code: 'RIDE20',
      });
    });

    it('refuses a changed discounted fee', async () => {
      const body = { ...(await voucherOrder('WELCOME50')), discounted_delivery_fee: 0 };
      const response = await postOrder(t, merchant, body);
      expect(response.statusCode).toBe(400);
      expect(translationKey(response)).toBe('error.fee.changed');
    });

    it("refuses a discount signature lifted from another voucher's validation", async () => {
      const body = await voucherOrder('WELCOME50');
      const ride = await voucherOrder('RIDE20');
      const mixed = {
        ...body,
        voucher: ride.voucher,
        discounted_delivery_fee: ride.discounted_delivery_fee,
        discounted_delivery_fee_signature: body.discounted_delivery_fee_signature,
      };
      expect(translationKey(await postOrder(t, merchant, mixed))).toBe('error.fee.changed');
    });

    it('re-validates the code when the order is placed', async () => {
      const body = await voucherOrder('WELCOME50');
      const before = await countOrders(t.db, merchant.vendorId);
      await t.db.query(`update vouchers set is_active = false where code = 'WELCOME50'`);
      try {
        const response = await postOrder(t, merchant, body);
        expect(response.statusCode).toBe(400);
        expect(translationKey(response)).toBe('voucher.error.validation.message');
        expect(await countOrders(t.db, merchant.vendorId)).toBe(before);
      } finally {
        await t.db.query(`update vouchers set is_active = true where code = 'WELCOME50'`);
      }
    });

    it('makes delivery free with FREEDEL', async () => {
      const response = await postOrder(t, merchant, await voucherOrder('FREEDEL'));
      const [row] = await t.db.query(
        'select delivery_fee_minor::int as fee, discount_minor::int as discount from orders where order_id = $1',
        [response.json().result.order_id],
      );
      expect(row).toEqual({ fee: 8500, discount: 8500 });
    });
  });
});
