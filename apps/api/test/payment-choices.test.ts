import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setCountryParameter } from '../src/modules/vendors/repo.ts';
import { buildTestApp, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, createRider, type Merchant, OUTLET } from './support/factories.ts';
import { orderBody, orderOf, postOrder, quoteFee, translationKey } from './support/orders.ts';

const EVERY_METHOD = 'CASH_ON_DELIVERY|PAID|PAYMENT_ON_DELIVERY|PAY_AT_PICKUP|ONLINE_PAYMENT';

describe('card on delivery and pay-at-pickup (spec §5, §6, §9)', () => {
  let t: TestApp;
  let merchant: Merchant;

  beforeAll(async () => {
    t = await buildTestApp({ ...IN_SERVICE_HOURS });
    await t.db.query(`update riders set state = 'OFFLINE', current_order_id = null`);
    merchant = await createMerchant(t, {
      payment_methods: { CASH_ON_DELIVERY: true, PAYMENT_ON_DELIVERY: true, PAY_AT_PICKUP: true },
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await setCountryParameter(t.db, 'paymentMethods', EVERY_METHOD);
    await t.services.flags.set('PayAtPickup', true);
  });

  async function order(method: string, who = merchant) {
    const body = orderBody(who.vendorId, await quoteFee(t, who));
    body.order.payment_method = method as typeof body.order.payment_method;
    body.order.amount = 1500;
    return { response: await postOrder(t, who, body), fee: Number(body.delivery_fee) };
  }

  it('takes card on delivery: the rider collects the item and the fee at the door', async () => {
    const { response, fee } = await order('PAYMENT_ON_DELIVERY');
    expect(response.statusCode, response.body).toBe(200);
    const placed = await orderOf(t, merchant, response.json().result.order_id);
    expect(placed).toMatchObject({
      collect_amount: 1500 + fee,
      collect_at_pickup_amount: 0,
      fee_paid_by: 'customer',
      order: { payment_method: 'PAYMENT_ON_DELIVERY' },
    });
  });

  it('takes pay-at-pickup: the rider collects the fee from the merchant at the pickup and nothing at the door', async () => {
    const { response, fee } = await order('PAY_AT_PICKUP');
    expect(response.statusCode, response.body).toBe(200);
    const placed = await orderOf(t, merchant, response.json().result.order_id);
    expect(placed).toMatchObject({
      collect_amount: 0,
      collect_at_pickup_amount: fee,
      fee_paid_by: 'merchant',
      total_amount: 1500 + fee,
    });
  });

  it('tells the rider what to collect at the pickup and at the door', async () => {
    // The earlier tests' orders are not waiting for this rider.
    await t.db.query(
      `update orders set status = 'CANCELLED' where status in ('NEW', 'RECEIVED', 'WAITING_FOR_TRANSPORT')`,
    );
    const { response, fee } = await order('PAY_AT_PICKUP');
    const orderId = response.json().result.order_id as string;
    const rider = await createRider(t.db, { lat: OUTLET.lat + 0.01, lng: OUTLET.lng });
    await t.services.dispatcher.tick();
    expect((await orderOf(t, merchant, orderId)).rider?.id).toBe(rider.id);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/rider/me', headers: rider.headers });
    expect(me.json().result.order).toMatchObject({
      order_id: orderId,
      payment_method: 'PAY_AT_PICKUP',
      collect_amount: 0,
      collect_at_pickup_amount: fee,
    });
  });

  it('refuses pay-at-pickup while the PayAtPickup flag is off', async () => {
    await t.services.flags.set('PayAtPickup', false);
    const { response } = await order('PAY_AT_PICKUP');
    expect(response.statusCode).toBe(400);
    expect(translationKey(response)).toBe('error.no-payment-method-available');
  });

  it.each(['PAYMENT_ON_DELIVERY', 'PAY_AT_PICKUP'])(
    'refuses %s where the country parameter does not offer it',
    async (method) => {
      await setCountryParameter(t.db, 'paymentMethods', 'CASH_ON_DELIVERY|ONLINE_PAYMENT');
      const { response } = await order(method);
      expect(response.statusCode).toBe(400);
      expect(translationKey(response)).toBe('error.no-payment-method-available');
      // Cash on delivery, which the parameter offers, still goes through.
      expect((await order('CASH_ON_DELIVERY')).response.statusCode).toBe(200);
    },
  );

  it.each(['PAYMENT_ON_DELIVERY', 'PAY_AT_PICKUP'])('refuses %s to a vendor without its flag', async (method) => {
    const other = await createMerchant(t, { payment_methods: { CASH_ON_DELIVERY: true } });
    const { response } = await order(method, other);
    expect(response.statusCode).toBe(400);
    expect(translationKey(response)).toBe('error.no-payment-method-available');
  });
});
