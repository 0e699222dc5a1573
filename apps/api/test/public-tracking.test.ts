import {
  PublicC2cTrackingSchema,
  PublicReceiptSchema,
  PublicTrackingSchema,
} from '@riderdesk/domain/contracts/public-tracking';
import { statusLabelKey } from '@riderdesk/domain/order-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, createRider, type Merchant, OUTLET } from './support/factories.ts';
import { orderOf, placeOrder, proof, riderCall } from './support/orders.ts';

describe.each(databases())('public tracking pages on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let orderId: string;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS, dispatch: { publicRateLimit: 40 } });
    merchant = await createMerchant(t);
    orderId = await placeOrder(t, merchant);
    token = (await orderOf(t, merchant, orderId)).tracking_token;
  });
  afterAll(() => t.close());

  const get = (path: string) => t.app.inject({ method: 'GET', url: `/api/v1/public/${path}` });

  it('shows a recipient the stage, outlet, area and masked phone, never the order id or full phone', async () => {
    const response = await get(`tracking/${token}`);
    expect(response.statusCode).toBe(200);
    const tracking = PublicTrackingSchema.strict().parse(response.json().result);
    expect(tracking).toMatchObject({
      status: 'NEW',
      stage: 'PREPARING',
      rider: null,
      outlet: { latitude: OUTLET.lat, longitude: OUTLET.lng },
      destination: { area: 'Khayaban-e-Ittehad, DHA Phase 6' },
      recipient_phone: '+92******4567',
      age_validation_required: false,
    });
    expect(response.body).not.toContain(orderId);
    expect(response.body).not.toContain('+923001234567');
    expect(response.body).not.toContain('Sea Breeze');
  });

  it('tells the recipient when the rider checks their age', async () => {
    const checked = await placeOrder(t, merchant, (body) => {
      body.age_validation_required = true;
    });
    const checkedToken = (await orderOf(t, merchant, checked)).tracking_token;
    for (const page of ['tracking', 'tracking-c2c']) {
      expect((await get(`${page}/${checkedToken}`)).json().result.age_validation_required).toBe(true);
    }
    await t.db.query(`update orders set status = 'CANCELLED' where order_id = $1`, [checked]);
  });

  it('shows the rider’s first name and position once assigned, and the receipt after delivery', async () => {
    const rider = await createRider(t.db, OUTLET, { name: 'Bilal Ahmed Khan' });
    await t.services.dispatcher.tick();
    // The recipient's stage is the merchant's: once the merchant reads "Rider on the way", so does the recipient.
    expect(statusLabelKey((await orderOf(t, merchant, orderId)).status)).toBe('status.in-progress');
    expect((await get(`tracking/${token}`)).json().result.stage).toBe('COURIER_ACCEPTED');
    for (const [action, payload] of [
      ['accept', undefined],
      ['arrived-at-vendor', undefined],
      ['collected', proof()],
    ] as const) {
      expect((await riderCall(t, rider, orderId, action, payload)).statusCode).toBe(200);
    }
    const tracking = (await get(`tracking/${token}`)).json().result;
    expect(tracking.stage).toBe('COLLECTED');
    expect(tracking.rider).toMatchObject({ first_name: 'Bilal', latitude: OUTLET.lat });
    expect(JSON.stringify(tracking)).not.toContain('Ahmed');
    const c2c = (await get(`tracking-c2c/${token}`)).json().result;
    expect(c2c.recipient.first_name).toBe('Ayesha');

    for (const action of ['left-vendor', 'near-customer'] as const) await riderCall(t, rider, orderId, action);
    await riderCall(t, rider, orderId, 'delivered', proof());
    const receipt = PublicReceiptSchema.parse((await get(`delivery-receipt/${token}`)).json().result);
    expect(receipt).toMatchObject({ status: 'DELIVERED', has_delivery_proof: true, rider_first_name: 'Bilal' });
    expect(receipt.delivered_at).not.toBeNull();
    const done = (await get(`tracking/${token}`)).json().result;
    expect(done.rider).toBeNull();
    expect(done.timeline.map((entry: { stage: string }) => entry.stage)).toEqual([
      'PREPARING',
      'COURIER_ACCEPTED',
      'NEAR_VENDOR',
      'COLLECTED',
      'NEAR_CUSTOMER',
      'DELIVERED',
    ]);
  });

  it('names a business sender on the customer-to-customer page with its whole name and pickup address', async () => {
    const address = 'Shop 3, Bukhari Commercial, DHA Phase 6, Karachi, Sindh, Pakistan';
    await t.db.query(`update vendors set name = 'Karachi Grill House', address_text = $2 where vendor_id = $1`, [
      merchant.vendorId,
      address,
    ]);
    const sent = await placeOrder(t, merchant);
    const sentToken = (await orderOf(t, merchant, sent)).tracking_token;
    const c2c = PublicC2cTrackingSchema.strict().parse((await get(`tracking-c2c/${sentToken}`)).json().result);
    expect(c2c.sender).toMatchObject({ name: 'Karachi Grill House', address });
    expect(c2c.recipient.first_name).toBe('Ayesha');
  });

  it('shows the area and the city of a full address, never the building or the province and country', async () => {
    const fullAddress = await placeOrder(t, merchant, (body) => {
      (body.customer as { location: { address: string } }).location.address =
        'Flat 4, Sea View Apartments, Zamzama Commercial, Clifton, Karachi, Sindh, Pakistan';
    });
    const fullToken = (await orderOf(t, merchant, fullAddress)).tracking_token;
    const tracking = (await get(`tracking/${fullToken}`)).json().result;
    expect(tracking.destination.area).toBe('Clifton, Karachi');
    const receipt = (await get(`delivery-receipt/${fullToken}`)).json().result;
    expect(receipt.destination_area).toBe('Clifton, Karachi');
    expect(JSON.stringify(receipt)).not.toContain('Sea View');
  });

  it('says on the receipt of a cancelled order that it was cancelled, and when, with nothing to collect', async () => {
    const cancelled = await placeOrder(t, merchant, (body) => {
      body.preordered_for = Math.floor((t.clock.now().getTime() + 5 * 60 * 60_000) / 1000);
    });
    await t.services.dispatcher.tick();
    const cancelledToken = (await orderOf(t, merchant, cancelled)).tracking_token;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/order/cancel',
      headers: merchant.headers,
      payload: { vendor_id: merchant.vendorId, order_id: cancelled, reason: 'duplicate_order' },
    });
    expect(response.statusCode).toBe(200);
    const receipt = PublicReceiptSchema.strict().parse((await get(`delivery-receipt/${cancelledToken}`)).json().result);
    const history = (await orderOf(t, merchant, cancelled)).status_history;
    expect(receipt).toMatchObject({
      status: 'CANCELLED',
      is_cancelled: true,
      cancelled_at: history.at(-1)?.created_at,
      delivered_at: null,
      collect_amount: 0,
    });
    const open = PublicReceiptSchema.strict().parse((await get(`delivery-receipt/${token}`)).json().result);
    expect(open).toMatchObject({ is_cancelled: false, cancelled_at: null });
  });

  it('answers 404 for an unknown token and for the order id, 400 for a malformed token', async () => {
    expect((await get(`tracking/${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await get(`delivery-receipt/${'B'.repeat(43)}`)).statusCode).toBe(404);
    expect((await get(`tracking-c2c/${orderId}`)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await get('tracking/x')).statusCode).toBe(400);
  });

  it('rate-limits the public routes per client', async () => {
    let limited = 0;
    for (let index = 0; index < 45; index++) {
      if ((await get(`tracking/${'C'.repeat(43)}`)).statusCode === 429) limited++;
    }
    expect(limited).toBeGreaterThan(0);
  });
});
