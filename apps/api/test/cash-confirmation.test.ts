import type { OrderMessage } from '@riderdesk/domain/contracts/customer-messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEND_QUEUE } from '../src/modules/messaging/deps.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, createRider, type Merchant, OUTLET, relogin } from './support/factories.ts';
import { apiCall, apiOrderBody, createBrand, secretClientOf, tokenOf } from './support/merchant-api.ts';
import { orderOf, placeOrder, translationKey } from './support/orders.ts';

const OFF = { enabled: false, channel: 'sms' };
const ON = { enabled: true, channel: 'sms' };
const MINUTE = 60_000;

let phoneSeq = 3_000_000;
const nextPhone = () => `+92302${String(phoneSeq++).padStart(7, '0')}`;

describe.each(databases())('cash orders confirmed before a rider is sent on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let stranger: Merchant;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t, { name: 'Karachi Grill' });
    stranger = await createMerchant(t);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/customer-messages/settings',
      headers: merchant.headers,
      payload: {
        vendor_id: merchant.vendorId,
        language: 'en',
        quiet_hours: null,
        // Only "order confirmed" on: it is sent once the customer said yes, not with the order.
        triggers: { order_confirmed: ON, picked_up: OFF, rider_near: OFF, delivered: OFF, failed: OFF },
        handover_pin_required: false,
        cash_confirmation_minutes: 15,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result.cash_confirmation_minutes).toBe(15);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    merchant = await relogin(t, merchant);
    stranger = await relogin(t, stranger);
    // One free rider beside the outlet for each test, and no order of an earlier test waiting for it.
    await t.db.query(`update riders set state = 'OFFLINE', current_order_id = null`);
    await t.db.query(
      `update orders set status = 'CANCELLED', customer_confirmation = null
        where status in ('NEW', 'RECEIVED', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT')`,
    );
    await createRider(t.db, { lat: OUTLET.lat + 0.001, lng: OUTLET.lng });
  });

  async function messagesOf(orderId: string) {
    await t.app.jobs.drain([SEND_QUEUE]);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer-messages/orders/${orderId}?vendor_id=${merchant.vendorId}`,
      headers: merchant.headers,
    });
    return response.json().result as { messages: OrderMessage[]; replies: { intent: string }[] };
  }

  const cashOrder = (phone = nextPhone()) =>
    placeOrder(t, merchant, (body) => {
      body.customer.phone_number = phone;
    });

  it('holds a cash order, received and visible, until the customer confirms; no rider is offered it', async () => {
    const orderId = await cashOrder();
    const placed = await orderOf(t, merchant, orderId);
    expect(placed.customer_confirmation).toEqual({
      state: 'awaiting',
      confirm_by: new Date(t.clock.now().getTime() + 15 * MINUTE).toISOString(),
      confirmed_at: null,
      confirmed_by: null,
    });
    const report = await t.services.dispatcher.tick();
    expect(report.offered).toBe(0);
    const held = await orderOf(t, merchant, orderId);
    // One of the spec's statuses, in the spec's lists: received (cancellable), not a new one.
    expect(held.status).toBe('RECEIVED');
    t.clock.advance(MINUTE);
    await t.services.dispatcher.tick();
    expect((await orderOf(t, merchant, orderId)).status).toBe('RECEIVED');

    // The customer was asked, and told nothing else yet.
    const { messages } = await messagesOf(orderId);
    expect(messages.map((message) => message.kind)).toEqual(['cash_confirmation']);
    expect(messages[0]!.text).toContain('Reply 1 or open http://riderdesk.test/tracking/');
    expect(messages[0]!.text, messages[0]!.text).toMatch(/cash order of PKR\s1,5\d\d\./);
    expect(messages[0]!.text).toContain('within 15 minutes');

    // The tracking page shows the wait and its end.
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/public/tracking/${held.tracking_token}` });
    expect(page.json().result).toMatchObject({
      stage: 'PREPARING',
      customer_confirmation: {
        state: 'awaiting',
        confirm_by: new Date(t.clock.now().getTime() + 14 * MINUTE).toISOString(),
      },
    });
  });

  it('sends a rider once the customer replies 1, and then confirms the order to them', async () => {
    const phone = nextPhone();
    const orderId = await cashOrder(phone);
    const [asked] = (await messagesOf(orderId)).messages;
    // Replied from the development outbox, as the customer's phone would.
    const replied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/outbox/reply',
      payload: { message_id: asked!.id, text: '1' },
    });
    expect(replied.json()).toEqual({ result: { intent: 'confirm' } });
    const order = await orderOf(t, merchant, orderId);
    expect(order.customer_confirmation).toMatchObject({ state: 'confirmed', confirmed_by: 'customer_reply' });
    await t.services.dispatcher.tick();
    expect((await orderOf(t, merchant, orderId)).status).toBe('ASSIGNED_TO_TRANSPORT');
    const { messages, replies } = await messagesOf(orderId);
    expect(messages.map((message) => message.kind)).toEqual(['cash_confirmation', 'order_confirmed']);
    expect(replies).toEqual([expect.objectContaining({ intent: 'confirm' })]);
    // A second 1 changes nothing.
    expect(await t.services.messaging.replyAsCustomer(asked!.id, '1')).toBe('confirm');
  });

  it('takes the confirmation from the tracking link, until the time is up', async () => {
    const orderId = await cashOrder();
    const { tracking_token: token } = await orderOf(t, merchant, orderId);
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/v1/public/tracking/${token}/confirm` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().result.customer_confirmation.state).toBe('confirmed');
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/public/tracking/${token}/confirm` });
    expect(again.statusCode).toBe(409);
    expect(translationKey(again)).toBe('error.order.not-awaiting-confirmation');

    const late = await cashOrder();
    const lateToken = (await orderOf(t, merchant, late)).tracking_token;
    t.clock.advance(15 * MINUTE);
    const tooLate = await t.app.inject({ method: 'POST', url: `/api/v1/public/tracking/${lateToken}/confirm` });
    expect(tooLate.statusCode).toBe(409);
    expect(translationKey(tooLate)).toBe('error.order.confirmation-expired');
  });

  it('cancels an order its customer did not confirm in time, with a reason the merchant reads, and sends no rider', async () => {
    const orderId = await cashOrder();
    await t.services.dispatcher.tick();
    t.clock.advance(15 * MINUTE);
    merchant = await relogin(t, merchant);
    const report = await t.services.dispatcher.tick();
    expect(report).toMatchObject({ unconfirmed: 1, offered: 0 });
    const order = await orderOf(t, merchant, orderId);
    expect(order).toMatchObject({ status: 'CANCELLED', cancel_reason: 'unreachable', rider: null });
    expect(order.customer_confirmation).toMatchObject({ state: 'expired', confirmed_at: null });
    const [riders] = await t.db.query<{ n: number }>(`select count(*)::int as n from riders where state = 'ASSIGNED'`);
    expect(riders!.n).toBe(0);
  });

  it('lets the merchant confirm by hand after calling, even past the time, until the order is cancelled', async () => {
    const orderId = await cashOrder();
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/order/confirm-cash',
      headers: stranger.headers,
      payload: { vendor_id: stranger.vendorId, order_id: orderId },
    });
    expect(foreign.statusCode).toBe(404);
    t.clock.advance(16 * MINUTE);
    merchant = await relogin(t, merchant);
    const confirmed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/order/confirm-cash',
      headers: merchant.headers,
      payload: { vendor_id: merchant.vendorId, order_id: orderId },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().result.customer_confirmation).toMatchObject({
      state: 'confirmed',
      confirmed_by: 'merchant',
    });
    const report = await t.services.dispatcher.tick();
    expect(report.unconfirmed).toBe(0);
    expect((await orderOf(t, merchant, orderId)).status).toBe('ASSIGNED_TO_TRANSPORT');
  });

  it("shows the wait in the merchant API's order, and lets the client confirm for the customer", async () => {
    const brand = await createBrand(t);
    await t.db.query('update vendors set cash_confirmation_minutes = 10 where vendor_id = $1', [brand.clifton]);
    const token = await tokenOf(t, await secretClientOf(t, brand));
    const created = await apiCall(
      t,
      token,
      'POST',
      '/orders',
      apiOrderBody({
        payment_method: 'CASH_ON_DELIVERY',
        recipient: { ...apiOrderBody().recipient, phone_number: nextPhone() },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const seconds = Math.floor(t.clock.now().getTime() / 1000);
    expect(created.json().customer_confirmation).toEqual({
      state: 'awaiting',
      confirm_by: seconds + 10 * 60,
      confirmed_at: null,
    });
    const orderId = created.json().order_id as string;
    // Another brand's client finds no such order.
    const other = await tokenOf(t, await secretClientOf(t, await createBrand(t)));
    expect((await apiCall(t, other, 'POST', `/orders/${orderId}/customer_confirmation`)).statusCode).toBe(404);
    const confirmed = await apiCall(t, token, 'POST', `/orders/${orderId}/customer_confirmation`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().customer_confirmation).toMatchObject({ state: 'confirmed', confirmed_by: 'merchant' });
    const again = await apiCall(t, token, 'POST', `/orders/${orderId}/customer_confirmation`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Order is not waiting for its customer's confirmation");
    const paid = await apiCall(t, token, 'POST', '/orders', apiOrderBody({ payment_method: 'PAID' }));
    expect(paid.json().customer_confirmation).toBeUndefined();
  });

  it('asks nothing of an order paid otherwise', async () => {
    const orderId = await placeOrder(t, merchant, (body) => {
      body.customer.phone_number = nextPhone();
      body.order.payment_method = 'PAID';
    });
    expect((await orderOf(t, merchant, orderId)).customer_confirmation).toBeNull();
    await t.services.dispatcher.tick();
    expect((await orderOf(t, merchant, orderId)).status).toBe('ASSIGNED_TO_TRANSPORT');
  });
});
