import { OrderSchema } from '@riderdesk/domain/contracts/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, createRider, type Merchant, NEAR, OUTLET } from './support/factories.ts';
import { orderBody, orderOf, placeOrder, postOrder, quoteFee, riderCall } from './support/orders.ts';

const MOVED = { lat: 24.88, lng: 67.02 };

// GET /order, PUT /order, the list and live updates build the Order from the same row and function.
describe.each(databases())('one order representation on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
  });
  afterAll(() => t.close());

  const getOrder = async (orderId: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/order?vendorId=${merchant.vendorId}&orderId=${orderId}`,
      headers: merchant.headers,
    });
    expect(response.statusCode).toBe(200);
    return OrderSchema.parse(response.json().result);
  };

  it('answers the accepting rider, with its id, from GET and PUT /order as the list does', async () => {
    const rider = await createRider(t.db, OUTLET, { name: 'Bilal Ahmed' });
    const orderId = await placeOrder(t, merchant);
    await t.services.dispatcher.tick();
    expect((await riderCall(t, rider, orderId, 'accept')).statusCode).toBe(200);

    const fetched = await getOrder(orderId);
    expect(fetched.status).toBe('COURIER_ACCEPTED_DELIVERY');
    expect(fetched.rider).toEqual({ id: rider.id, name: 'Bilal Ahmed', phone: expect.any(String) });
    expect(fetched.tracking_token).toMatch(/^[\w-]{43}$/);
    expect(fetched).toEqual(OrderSchema.parse(await orderOf(t, merchant, orderId)));

    const quote = await quoteFee(t, merchant, MOVED);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/order/${orderId}`,
      headers: merchant.headers,
      payload: {
        vendor_id: merchant.vendorId,
        payment_method: 'PAID',
        amount: 2000,
        item_details: 'Three biryani boxes',
        location: { address: 'House 12, Street 4, Bahadurabad', notes: '', latitude: MOVED.lat, longitude: MOVED.lng },
        delivery_fee: quote.fee,
        signature: quote.signature,
      },
    });
    expect(edited.statusCode).toBe(200);
    const answered = OrderSchema.parse(edited.json().result);
    expect(answered.rider?.id).toBe(rider.id);
    expect(answered.status_history.at(-1)?.status).toBe('MODIFIED');
    expect(answered).toEqual(await getOrder(orderId));
  });

  it('answers the cancel reason from GET /order once cancelled', async () => {
    const orderId = await placeOrder(t, merchant, (body) => {
      body.preordered_for = Math.floor((t.clock.now().getTime() + 5 * 60 * 60_000) / 1000);
    });
    await t.services.dispatcher.tick();
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/order/cancel',
      headers: merchant.headers,
      payload: { vendor_id: merchant.vendorId, order_id: orderId, reason: 'duplicate_order' },
    });
    expect(cancelled.statusCode).toBe(200);
    const fetched = await getOrder(orderId);
    expect(fetched).toMatchObject({ status: 'CANCELLED', cancel_reason: 'duplicate_order', rider: null });
    expect(fetched).toEqual(OrderSchema.parse(await orderOf(t, merchant, orderId)));
  });

  it("carries the outlet's pickup point and the age check", async () => {
    const outlet = await createMerchant(t, {
      name: 'Saddar Biryani',
      phone: '+922135551234',
      address_text: 'Shop 4, Zainab Market, Saddar',
      rider_instructions: 'Counter at the back',
    });
    const orderId = await placeOrder(t, outlet, (body) => {
      body.age_validation_required = true;
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/order?vendorId=${outlet.vendorId}&orderId=${orderId}`,
      headers: outlet.headers,
    });
    const order = OrderSchema.parse(response.json().result);
    expect(order.pickup).toEqual({
      name: 'Saddar Biryani',
      phone_number: '+922135551234',
      location: {
        address: 'Shop 4, Zainab Market, Saddar',
        latitude: OUTLET.lat,
        longitude: OUTLET.lng,
        notes: 'Counter at the back',
      },
    });
    expect(order.age_validation_required).toBe(true);
  });

  it("carries the sender's pickup point when the vendor has no saved address", async () => {
    const noPickup = await createMerchant(t, { latitude: null, longitude: null });
    const quote = await quoteFee(t, noPickup, NEAR, { lat: 24.85, lng: 67.02 });
    const sender = {
      location: { latitude: 24.85, longitude: 67.02, address: 'Flat 7, Bahadurabad', notes: 'Ring twice' },
      name: 'Hina Siddiqui',
      email: 'hina@example.pk',
      phone_number: '+923219876543',
    };
    const placed = await postOrder(t, noPickup, { ...orderBody(noPickup.vendorId, quote), sender });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = OrderSchema.parse(await orderOf(t, noPickup, placed.json().result.order_id));
    expect(order.pickup).toEqual({
      name: 'Hina Siddiqui',
      phone_number: '+923219876543',
      location: { address: 'Flat 7, Bahadurabad', latitude: 24.85, longitude: 67.02, notes: 'Ring twice' },
    });
  });
});
