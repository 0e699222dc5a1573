import { BoardSchema } from '@riderdesk/domain/contracts/console-board';
import type { OrderMessage } from '@riderdesk/domain/contracts/customer-messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fillTemplate, validBulkRow } from '../../../testing/bulk-sheet.ts';
import { apiOrderOf } from '../src/modules/merchant-api/workflows/order-answer.ts';
import { SEND_QUEUE } from '../src/modules/messaging/deps.ts';
import { listExceptions } from '../src/ops/commands.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { downloadTemplate, uploadBulkFile } from './support/bulk.ts';
import { CONSOLE_API, operatorOfEachRole } from './support/console.ts';
import { createMerchant, createRider, type Merchant, OUTLET, relogin } from './support/factories.ts';
import { apiCall, apiOrderBody, createBrand, secretClientOf, tokenOf } from './support/merchant-api.ts';
import { orderOf, placeOrder, proof, riderCall, translationKey } from './support/orders.ts';

const OFF = { enabled: false, channel: 'sms' };
const NOTHING_ON = { order_confirmed: OFF, picked_up: OFF, rider_near: OFF, delivered: OFF, failed: OFF };

describe.each(databases())('the handover PIN on %s', (kind) => {
  let t: TestApp;
  let pinOutlet: Merchant;
  let plainOutlet: Merchant;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    pinOutlet = await createMerchant(t, { name: 'Chai Khana' });
    plainOutlet = await createMerchant(t);
    // The outlet asks for a PIN and has every trigger off: the PIN still reaches the customer.
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/customer-messages/settings',
      headers: pinOutlet.headers,
      payload: {
        vendor_id: pinOutlet.vendorId,
        language: 'en',
        quiet_hours: null,
        triggers: NOTHING_ON,
        handover_pin_required: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result.handover_pin_required).toBe(true);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    pinOutlet = await relogin(t, pinOutlet);
    plainOutlet = await relogin(t, plainOutlet);
    // No rider free, and no order left waiting by an earlier test to take this test's rider.
    await t.db.query(`update riders set state = 'OFFLINE', current_order_id = null`);
    await t.db.query(
      `update orders set status = 'CANCELLED' where status in ('NEW', 'RECEIVED', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT')`,
    );
  });

  const pinOf = async (orderId: string) =>
    (
      await t.db.query<{ pin: string | null }>('select handover_pin as pin from orders where order_id = $1', [orderId])
    )[0]!.pin;

  /** An order of `merchant` taken by a rider up to the customer's door. */
  async function atTheDoor(merchant: Merchant, change?: Parameters<typeof placeOrder>[2]) {
    const orderId = await placeOrder(t, merchant, change);
    const rider = await createRider(t.db, { lat: OUTLET.lat + 0.001, lng: OUTLET.lng });
    await t.services.dispatcher.tick();
    for (const [action, payload] of [
      ['accept', undefined],
      ['arrived-at-vendor', undefined],
      ['collected', proof()],
      ['left-vendor', undefined],
      ['near-customer', undefined],
    ] as const) {
      const response = await riderCall(t, rider, orderId, action, payload);
      expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
    }
    return { orderId, rider };
  }

  it('sends the customer the PIN with the tracking link, shows it on their page and never to the merchant', async () => {
    const orderId = await placeOrder(t, pinOutlet);
    const pin = await pinOf(orderId);
    expect(pin).toMatch(/^\d{4}$/);
    await t.app.jobs.drain([SEND_QUEUE]);
    const messages = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer-messages/orders/${orderId}?vendor_id=${pinOutlet.vendorId}`,
      headers: pinOutlet.headers,
    });
    const [confirmed] = messages.json().result.messages as OrderMessage[];
    expect(confirmed).toMatchObject({ kind: 'order_confirmed', state: 'delivered' });
    const order = await orderOf(t, pinOutlet, orderId);
    // The customer's copy carries the PIN; the merchant reads it hidden, as every merchant screen hides it.
    const [sent] = await t.db.query<{ body: string }>('select body from customer_messages where order_id = $1', [
      orderId,
    ]);
    expect(sent!.body, sent!.body).toContain(`PIN ${pin}`);
    expect(confirmed!.text).toContain('PIN ••••');
    expect(confirmed!.text).not.toContain(`PIN ${pin}`);
    expect(confirmed!.text).toContain(`/tracking/${order.tracking_token}`);

    const page = await t.app.inject({ method: 'GET', url: `/api/v1/public/tracking/${order.tracking_token}` });
    expect(page.json().result.handover_pin).toBe(pin);
    // The merchant's screens (seen by riders at the counter) say a PIN is due, not what it is.
    expect(order.handover_pin).toEqual({ checked_at: null, tries_left: 3, is_locked: false });
    expect(JSON.stringify(order)).not.toContain(`"${pin}"`);
  });

  it("follows the order's own choice over the outlet's", async () => {
    const withPin = await placeOrder(t, plainOutlet, (body) => {
      body.handover_pin_required = true;
    });
    const without = await placeOrder(t, pinOutlet, (body) => {
      body.handover_pin_required = false;
    });
    expect(await pinOf(withPin)).toMatch(/^\d{4}$/);
    expect(await pinOf(without)).toBeNull();
    expect((await orderOf(t, pinOutlet, without)).handover_pin).toBeNull();
  });

  it('refuses delivered without the right PIN, counts wrong ones, and records when the right one was given', async () => {
    const { orderId, rider } = await atTheDoor(pinOutlet);
    const pin = (await pinOf(orderId))!;
    const job = await t.app.inject({ method: 'GET', url: '/api/v1/rider/me', headers: rider.headers });
    expect(job.json().result.order).toMatchObject({ handover_pin_required: true, handover_pin_tries_left: 3 });
    expect(job.body).not.toContain(`"${pin}"`);

    const missing = await riderCall(t, rider, orderId, 'delivered', proof());
    expect(missing.statusCode).toBe(409);
    expect(translationKey(missing)).toBe('error.rider.handover-pin-required');
    const wrong = await riderCall(t, rider, orderId, 'delivered', {
      ...proof(),
      handover_pin: pin === '0000' ? '1111' : '0000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(translationKey(wrong)).toBe('error.rider.handover-pin-wrong');
    expect(wrong.json().errors[0].meta.values).toEqual({ tries: '2' });
    expect((await riderCall(t, rider, orderId, 'delivered', { ...proof(), handover_pin: '12' })).statusCode).toBe(400);

    t.clock.advance(60_000);
    const right = await riderCall(t, rider, orderId, 'delivered', { ...proof(), handover_pin: pin });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().result.status).toBe('DELIVERED');
    const order = await orderOf(t, pinOutlet, orderId);
    expect(order.handover_pin).toEqual({ checked_at: t.clock.now().toISOString(), tries_left: 2, is_locked: false });
    // Finished, the PIN is no longer on the customer's page.
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/public/tracking/${order.tracking_token}` });
    expect(page.json().result.handover_pin).toBeNull();
  });

  it('locks the order after three wrong PINs and flags it for the operators; the rider may still bring it back', async () => {
    const { orderId, rider } = await atTheDoor(pinOutlet);
    const pin = (await pinOf(orderId))!;
    const wrongPin = pin === '9999' ? '8888' : '9999';
    const tries = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      tries.push((await riderCall(t, rider, orderId, 'delivered', { ...proof(), handover_pin: wrongPin })).statusCode);
    }
    expect(tries).toEqual([422, 422, 423]);
    const locked = await riderCall(t, rider, orderId, 'delivered', { ...proof(), handover_pin: pin });
    expect(locked.statusCode).toBe(423);
    expect(translationKey(locked)).toBe('error.rider.handover-pin-locked');
    expect((await orderOf(t, pinOutlet, orderId)).handover_pin).toMatchObject({ tries_left: 0, is_locked: true });

    // The flag is the order's own: every reader of the order has it, and the operators' list finds it.
    const flagged = await t.services.orderRecords.flagged(50);
    expect(flagged.filter((row) => row.order_id === orderId)).toEqual([
      expect.objectContaining({ exception: 'handover_pin_failed', vendor_id: pinOutlet.vendorId }),
    ]);
    const row = (await t.services.orderRecords.find(orderId))!;
    expect(row.exception_at).toEqual(t.clock.now());
    // The merchant API's answer of the order carries the flag too.
    expect(apiOrderOf(row, t.config.publicUrl).exception).toBe('handover_pin_failed');
    expect(await listExceptions({ db: t.db, config: t.config })).toContain(
      `handover_pin_failed\t${pinOutlet.vendorId}\t${orderId}`,
    );
    // The operators' live board lists it first among the exceptions, aged from the third wrong PIN.
    const { operations } = await operatorOfEachRole(t);
    const board = await t.app.inject({ method: 'GET', url: `${CONSOLE_API}/board`, headers: operations.headers });
    expect(board.statusCode, board.body).toBe(200);
    const listed = BoardSchema.parse(board.json()).orders.find((order) => order.order_id === orderId);
    expect(listed).toMatchObject({
      exception: 'handover_pin_failed',
      exception_since: row.exception_at?.toISOString(),
    });
    expect((await riderCall(t, rider, orderId, 'customer-unreachable')).statusCode).toBe(200);
  });

  it('delivers an order without a PIN as before', async () => {
    const { orderId, rider } = await atTheDoor(plainOutlet);
    expect((await riderCall(t, rider, orderId, 'delivered', proof())).statusCode).toBe(200);
  });

  it("takes the PIN per row of a bulk sheet: yes, no, or the collection point's setting when empty", async () => {
    const template = await downloadTemplate(t, pinOutlet);
    const file = await fillTemplate(template, [
      validBulkRow({ phone_number: '03005551001', handover_pin: 'No' }),
      validBulkRow({ phone_number: '03005551002' }),
      validBulkRow({ phone_number: '03005551003', handover_pin: 'maybe' }),
    ]);
    const uploaded = await uploadBulkFile(t, pinOutlet, file);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const rows = uploaded.json().body.orders as { error?: { key: string; field: string } | null; status: string }[];
    expect(rows.map((row) => row.status)).toEqual(['VALID', 'VALID', 'INVALID']);
    expect(rows[2]!.error).toMatchObject({ key: 'bulk.error.handover-pin', field: 'handover_pin' });
    const jobId = uploaded.json().body.bulk_job.metadata.bulk_job_id;
    await t.app.inject({ method: 'POST', url: `/api/v1/bulk-job/place-orders/${jobId}`, headers: pinOutlet.headers });
    await t.app.jobs.drain();
    const placed = await t.db.query<{ phone: string; pin: string | null }>(
      `select customer_phone as phone, handover_pin as pin from orders
        where vendor_id = $1 and customer_phone in ('+923005551001', '+923005551002') order by customer_phone`,
      [pinOutlet.vendorId],
    );
    expect(placed.map((row) => [row.phone, row.pin !== null])).toEqual([
      ['+923005551001', false],
      ['+923005551002', true],
    ]);
  });

  it("takes the PIN in the merchant API's delivery tasks", async () => {
    const brand = await createBrand(t);
    const token = await tokenOf(t, await secretClientOf(t, brand));
    const created = await apiCall(
      t,
      token,
      'POST',
      '/orders',
      apiOrderBody({ delivery_tasks: { handover_pin_required: true } }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const pin = await pinOf(created.json().order_id);
    expect(pin).toMatch(/^\d{4}$/);
    // The answer says a PIN is due, never which: the PIN is the recipient's.
    expect(created.json().delivery_tasks).toEqual({
      age_validation_required: false,
      handover_pin_required: true,
      handover_pin_checked_at: null,
    });
    expect(Object.values(created.json().delivery_tasks)).not.toContain(pin);
    expect(created.json().exception).toBeUndefined();
    const read = await apiCall(t, token, 'GET', `/orders/${created.json().order_id}`);
    expect(read.json().delivery_tasks.handover_pin_required).toBe(true);
    const plain = await apiCall(t, token, 'POST', '/orders', apiOrderBody());
    expect(await pinOf(plain.json().order_id)).toBeNull();
    expect(plain.json().delivery_tasks.handover_pin_required).toBe(false);
  });
});
