import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVoucher } from '../src/modules/vouchers/repo.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import {
  createMerchant,
  createRider,
  type Merchant,
  NEAR,
  OUTLET,
  type TestRider,
  uniqueId,
} from './support/factories.ts';
import { placeOrder, proof, quoteFee, riderCall } from './support/orders.ts';

/**
 * An id of another merchant must be answered exactly like an id that does not exist, or the answer tells
 * a caller which vendors, orders, riders and vouchers exist.
 */
describe.each(databases())('unknown and foreign ids answer alike on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let stranger: Merchant;
  let strangersRider: TestRider;
  let otherRider: TestRider;
  /** Of the stranger: an order with its rider on the way, and one delivered with its proofs. */
  let activeOrder: string;
  let deliveredOrder: string;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
    stranger = await createMerchant(t);
    strangersRider = await createRider(t.db, OUTLET);
    deliveredOrder = await placeOrder(t, stranger);
    await t.services.dispatcher.tick();
    for (const [action, payload] of [
      ['accept', undefined],
      ['arrived-at-vendor', undefined],
      ['collected', proof()],
      ['left-vendor', undefined],
      ['near-customer', undefined],
      ['delivered', proof()],
    ] as const) {
      await riderCall(t, strangersRider, deliveredOrder, action, payload);
    }
    activeOrder = await placeOrder(t, stranger);
    await t.services.dispatcher.tick();
    await riderCall(t, strangersRider, activeOrder, 'accept');
    otherRider = await createRider(t.db, NEAR, { state: 'OFFLINE' });
    await insertVoucher(t.db, {
      code: 'THEIRS15',
      type: 'percentage',
      value: 15,
      currency: 'PKR',
      vendor_id: stranger.vendorId,
    });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = merchant.headers) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

  const originAddress = {
    address_text: 'Shop 4, Abdullah Haroon Road, Saddar',
    unit: null,
    notes: null,
    building: null,
    city: 'Karachi',
    country_code: 'PK',
    latitude: 24.8575,
    longitude: 67.0268,
    postal_code: null,
    street_address: null,
  };

  const probes: [string, () => { unknown: string; foreign: string }, (id: string) => ReturnType<typeof call>][] = [
    [
      'GET /vendor/{id}',
      () => ({ unknown: uniqueId('v'), foreign: stranger.vendorId }),
      (id) => call('GET', `/vendor/${id}`),
    ],
    [
      'GET /vendor/{vendorId}/orders',
      () => ({ unknown: uniqueId('v'), foreign: stranger.vendorId }),
      (id) => call('GET', `/vendor/${id}/orders`),
    ],
    [
      'PUT /vendor/{id}/address',
      () => ({ unknown: uniqueId('v'), foreign: stranger.vendorId }),
      (id) => call('PUT', `/vendor/${id}/address`, originAddress),
    ],
    [
      'GET /addressbook/search-customers/{vendorId}',
      () => ({ unknown: uniqueId('v'), foreign: stranger.vendorId }),
      (id) => call('GET', `/addressbook/search-customers/${id}?query=Ayesha`),
    ],
    [
      'GET /order by order id',
      () => ({ unknown: `${deliveredOrder}9`, foreign: deliveredOrder }),
      (id) => call('GET', `/order?vendorId=${merchant.vendorId}&orderId=${id}`),
    ],
    [
      'PUT /order/{orderId}',
      () => ({ unknown: `${activeOrder}9`, foreign: activeOrder }),
      async (id) => {
        const quote = await quoteFee(t, merchant);
        return call('PUT', `/order/${id}`, {
          vendor_id: merchant.vendorId,
          payment_method: 'CASH_ON_DELIVERY',
          amount: 1500,
          item_details: 'Two biryani boxes',
          location: { address: 'Flat 3, Sea Breeze Tower', notes: '', latitude: NEAR.lat, longitude: NEAR.lng },
          delivery_fee: quote.fee,
          signature: quote.signature,
        });
      },
    ],
    [
      'PUT /order/cancel',
      () => ({ unknown: `${activeOrder}9`, foreign: activeOrder }),
      (id) => call('PUT', '/order/cancel', { vendor_id: merchant.vendorId, order_id: id, reason: 'mistake_error' }),
    ],
    [
      'GET /order/{orderId}/proofs/{kind}',
      () => ({ unknown: `${deliveredOrder}9`, foreign: deliveredOrder }),
      (id) => call('GET', `/order/${id}/proofs/delivery`),
    ],
    [
      'GET /riders/{id}',
      () => ({ unknown: randomUUID(), foreign: strangersRider.id }),
      (id) => call('GET', `/riders/${id}`),
    ],
    [
      'GET /voucher/{code}',
      () => ({ unknown: 'NOSUCH15', foreign: 'THEIRS15' }),
      (code) => call('GET', `/voucher/${code}`),
    ],
    [
      'POST /voucher/validate',
      () => ({ unknown: 'NOSUCH15', foreign: 'THEIRS15' }),
      async (code) => {
        const quote = await quoteFee(t, merchant);
        const order_time = Math.floor(t.clock.now().getTime() / 1000);
        return call('POST', '/voucher/validate', {
          code,
          order: { order_time, delivery_fee: quote.fee, signature: quote.signature },
          vendor_id: merchant.vendorId,
        });
      },
    ],
    [
      'POST /rider/orders/{orderId}/accept by another rider',
      () => ({ unknown: `${activeOrder}9`, foreign: activeOrder }),
      (id) => riderCall(t, otherRider, id, 'accept'),
    ],
  ];

  it.each(probes)('%s', async (_name, ids, probe) => {
    const { unknown, foreign } = ids();
    const [toUnknown, toForeign] = [await probe(unknown), await probe(foreign)];
    expect(toForeign.statusCode).toBeGreaterThanOrEqual(400);
    expect(toForeign.statusCode).toBeLessThan(500);
    expect({ status: toUnknown.statusCode, body: toUnknown.body }).toEqual({
      status: toForeign.statusCode,
      body: toForeign.body,
    });
  });
});
