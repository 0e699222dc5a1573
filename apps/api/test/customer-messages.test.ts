import type { OrderMessage } from '@riderdesk/domain/contracts/customer-messages';
import type { MessageTrigger } from '@riderdesk/domain/messaging/customer-messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { openPostgres } from '../src/db/db.ts';
import { SEND_QUEUE } from '../src/modules/messaging/deps.ts';
import {
  buildTestApp,
  createTestDb,
  databases,
  IN_SERVICE_HOURS,
  KARACHI_1PM,
  type TestApp,
  type TestDb,
} from './support/app.ts';
import { createMerchant, createRider, type Merchant, OUTLET, relogin } from './support/factories.ts';
import { placeOrder, proof, riderCall } from './support/orders.ts';

const ALL_ON = (channel = 'sms') => ({
  order_confirmed: { enabled: true, channel },
  picked_up: { enabled: true, channel },
  rider_near: { enabled: true, channel },
  delivered: { enabled: true, channel },
  failed: { enabled: true, channel },
});

let phoneSeq = 1_000_000;
/** A customer number of its own per order, so replies and opt-outs of one test touch no other. */
const nextPhone = () => `+92300${String(phoneSeq++).padStart(7, '0')}`;

async function saveSettings(t: TestApp, merchant: Merchant, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/customer-messages/settings',
    headers: merchant.headers,
    payload: { vendor_id: merchant.vendorId, language: 'en', quiet_hours: null, triggers: ALL_ON(), ...body },
  });
}

async function messagesOf(t: TestApp, merchant: Merchant, orderId: string) {
  await t.app.jobs.drain([SEND_QUEUE]);
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/customer-messages/orders/${encodeURIComponent(orderId)}?vendor_id=${merchant.vendorId}`,
    headers: merchant.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as { messages: OrderMessage[]; replies: { intent: string; text: string }[] };
}

async function outboxTexts(t: TestApp, to: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}` });
  return response.json().result.texts as { kind: string; text: string; channel: string; order_id: string }[];
}

describe.each(databases())('customer messages on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let stranger: Merchant;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t, { name: 'Chai Khana Clifton' });
    stranger = await createMerchant(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    merchant = await relogin(t, merchant);
    stranger = await relogin(t, stranger);
    await t.db.query(`update riders set state = 'OFFLINE', current_order_id = null`);
  });

  describe('settings', () => {
    it('answers the defaults of an outlet that saved none: nothing sent, the channels this deployment has', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/customer-messages/settings?vendor_id=${stranger.vendorId}`,
        headers: stranger.headers,
      });
      expect(response.statusCode).toBe(200);
      const settings = response.json().result;
      expect(Object.values(settings.triggers).every((trigger) => !(trigger as { enabled: boolean }).enabled)).toBe(
        true,
      );
      expect(settings.channels).toEqual([
        { channel: 'sms', is_available: true, provider: 'outbox' },
        { channel: 'whatsapp', is_available: true, provider: 'outbox' },
        { channel: 'email', is_available: true, provider: 'outbox' },
      ]);
      expect(settings.updated_at).toBeNull();
    });

    it("saves them, and refuses another merchant's outlet and hours that are no hours", async () => {
      const saved = await saveSettings(t, merchant, { language: 'ur_alt', quiet_hours: '2200:0800' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().result).toMatchObject({ language: 'ur_alt', quiet_hours: '2200:0800' });

      const other = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/customer-messages/settings',
        headers: stranger.headers,
        payload: { vendor_id: merchant.vendorId, language: 'en', quiet_hours: null, triggers: ALL_ON() },
      });
      expect(other.statusCode).toBe(403);
      expect((await saveSettings(t, merchant, { quiet_hours: '2500:0800' })).statusCode).toBe(400);
      expect((await saveSettings(t, merchant, { quiet_hours: '0800:0800' })).statusCode).toBe(400);
      // Back to English, no quiet hours: the rest of the suite sends at 13:00.
      expect((await saveSettings(t, merchant, {})).statusCode).toBe(200);
    });

    it('previews every message in both languages with the outlet and the brand named', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/customer-messages/preview?vendor_id=${merchant.vendorId}`,
        headers: merchant.headers,
      });
      expect(response.statusCode).toBe(200);
      const previews = response.json().result.previews as { kind: string; language: string; text: string }[];
      expect(previews).toHaveLength(12);
      const near = previews.filter((preview) => preview.kind === 'rider_near');
      expect(near.map((preview) => preview.language)).toEqual(['en', 'ur_alt']);
      expect(near[0]!.text).toBe(
        'Chai Khana Clifton: your rider is less than 5 minutes away. http://riderdesk.test/tracking/aBcD3fGh1jKlMn0pQrStUvWxYz-1234567890abcde',
      );
      expect(near[1]!.text).toContain('5 منٹ سے کم');
      const confirmed = previews.find((preview) => preview.kind === 'order_confirmed' && preview.language === 'en');
      expect(confirmed?.text).toContain('Riderdesk');
    });
  });

  /** An order of `merchant` to a number of its own, taken by a rider through the rider API to `until`. */
  async function orderThrough(until: 'placed' | 'collected' | 'near' | 'delivered', phone = nextPhone()) {
    const orderId = await placeOrder(t, merchant, (body) => {
      body.customer.phone_number = phone;
    });
    if (until === 'placed') return { orderId, phone };
    const rider = await createRider(t.db, { lat: OUTLET.lat + 0.001, lng: OUTLET.lng });
    await t.services.dispatcher.tick();
    const steps: [string, Record<string, unknown> | undefined][] = [
      ['accept', undefined],
      ['arrived-at-vendor', undefined],
      ['collected', proof()],
    ];
    if (until !== 'collected') steps.push(['left-vendor', undefined], ['near-customer', undefined]);
    if (until === 'delivered') steps.push(['delivered', proof()]);
    for (const [action, payload] of steps) {
      // Each message goes while its moment lasts, as a worker sends it at once.
      await t.app.jobs.drain([SEND_QUEUE]);
      const response = await riderCall(t, rider, orderId, action, payload);
      expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
    }
    return { orderId, phone, rider };
  }

  it('tells the customer each moment the outlet chose, once, in the outbox and on the order', async () => {
    expect((await saveSettings(t, merchant, {})).statusCode).toBe(200);
    const { orderId, phone } = await orderThrough('delivered');
    const { messages } = await messagesOf(t, merchant, orderId);
    expect(messages.map((message) => message.kind)).toEqual([
      'order_confirmed',
      'picked_up',
      'rider_near',
      'delivered',
    ]);
    for (const message of messages) {
      expect(message).toMatchObject({ channel: 'sms', state: 'delivered', language: 'en', skip_reason: null });
      // The merchant's view masks the number as the public pages do (phone.ts maskPhone).
      expect(message.to).toMatch(/^\+92\*+\d{4}$/);
      expect(message.to).not.toBe(phone);
      expect(message.text.startsWith('Chai Khana Clifton: ')).toBe(true);
      // No more personal data than needed: not the customer's name, address or number.
      expect(message.text).not.toMatch(/Ayesha|Sea Breeze|300/);
    }
    const order = await t.services.orderRecords.find(orderId);
    expect(messages[0]!.text).toContain(`http://riderdesk.test/tracking/${order!.tracking_token}`);
    expect(messages[2]!.text).toContain('less than 5 minutes away');
    expect(messages[3]!.text).toContain(`http://riderdesk.test/delivery-receipt/${order!.tracking_token}`);

    const texts = await outboxTexts(t, phone);
    expect(texts.map((text) => text.kind)).toEqual(['delivered', 'rider_near', 'picked_up', 'order_confirmed']);
    expect(texts.every((text) => text.order_id === orderId && text.channel === 'sms')).toBe(true);
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.body).toContain('Text messages');
    expect(page.body).toContain(`SMS to ${phone}`);
  });

  it('tells of a failed delivery, and of nothing the outlet turned off', async () => {
    const triggers = { ...ALL_ON(), picked_up: { enabled: false, channel: 'sms' } };
    expect((await saveSettings(t, merchant, { triggers })).statusCode).toBe(200);
    const { orderId, rider } = await orderThrough('collected');
    expect((await riderCall(t, rider!, orderId, 'left-vendor')).statusCode).toBe(200);
    expect((await riderCall(t, rider!, orderId, 'customer-unreachable')).statusCode).toBe(200);
    const { messages } = await messagesOf(t, merchant, orderId);
    expect(messages.map((message) => message.kind)).toEqual(['order_confirmed', 'failed']);
    expect(messages[1]!.text).toContain('could not be delivered');
  });

  it("writes in the language the order names, else the outlet's", async () => {
    expect((await saveSettings(t, merchant, { language: 'ur_alt' })).statusCode).toBe(200);
    const urdu = await placeOrder(t, merchant, (body) => {
      body.customer.phone_number = nextPhone();
    });
    const english = await placeOrder(t, merchant, (body) => {
      body.customer.phone_number = nextPhone();
      body.customer.language = 'en';
    });
    const [first] = (await messagesOf(t, merchant, urdu)).messages;
    const [second] = (await messagesOf(t, merchant, english)).messages;
    expect(first).toMatchObject({ language: 'ur_alt' });
    expect(first!.text).toContain('آپ کا آرڈر کنفرم ہو گیا ہے');
    expect(second).toMatchObject({ language: 'en' });
    await saveSettings(t, merchant, {});
  });

  it('records an e-mail message only where the customer gave an address', async () => {
    const triggers = { ...ALL_ON(), order_confirmed: { enabled: true, channel: 'email' } };
    expect((await saveSettings(t, merchant, { triggers })).statusCode).toBe(200);
    const email = `customer-${phoneSeq}@example.pk`;
    const withAddress = await placeOrder(t, merchant, (body) => {
      body.customer.phone_number = nextPhone();
      body.customer.email = email;
    });
    const without = await placeOrder(t, merchant, (body) => {
      body.customer.phone_number = nextPhone();
    });
    const [sent] = (await messagesOf(t, merchant, withAddress)).messages;
    expect(sent).toMatchObject({ channel: 'email', to: email, state: 'sent' });
    const mail = await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(email)}` });
    expect(mail.json().result.messages[0]).toMatchObject({ subject: 'Chai Khana Clifton · Riderdesk' });
    const [skipped] = (await messagesOf(t, merchant, without)).messages;
    expect(skipped).toMatchObject({ channel: 'email', state: 'skipped', skip_reason: 'no_address', to: '' });
    await saveSettings(t, merchant, {});
  });

  it("shows an order's messages only to those who see the order", async () => {
    const { orderId } = await orderThrough('placed');
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer-messages/orders/${orderId}?vendor_id=${stranger.vendorId}`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const asOwner = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer-messages/orders/${orderId}?vendor_id=${merchant.vendorId}`,
      headers: stranger.headers,
    });
    expect(asOwner.statusCode).toBe(403);
  });

  describe('exactly once', () => {
    it('records one message per trigger of an order, however often the trigger fires', async () => {
      const { orderId } = await orderThrough('placed');
      const order = (await t.services.orderRecords.find(orderId))!;
      const again = await t.db.transaction((tx) =>
        t.services.messaging.record(tx, order, 'order_confirmed', t.clock.now()),
      );
      expect(again).toBeNull();
      const [row] = await t.db.query<{ n: number }>(
        `select count(*)::int as n from customer_messages where order_id = $1 and kind = 'order_confirmed'`,
        [orderId],
      );
      expect(row!.n).toBe(1);
      // Its job is keyed by the message: sending it again does nothing more either.
      const [message] = (await messagesOf(t, merchant, orderId)).messages;
      await t.services.messaging.send(message!.id);
      expect((await messagesOf(t, merchant, orderId)).messages[0]!.state).toBe('delivered');
      expect((await outboxTexts(t, (await t.services.orderRecords.find(orderId))!.customer_phone)).length).toBe(1);
    });

    it('never hands a message to the provider twice when an attempt died after handing it over', async () => {
      const { orderId } = await orderThrough('placed');
      const [message] = (await t.db.query<{ id: string }>(
        `select id::text as id from customer_messages where order_id = $1`,
        [orderId],
      ))!;
      // An attempt claimed it and its process died before recording the provider's answer.
      await t.db.query(`update customer_messages set state = 'sending', attempts = 1 where id = $1`, [message!.id]);
      await t.app.jobs.drain([SEND_QUEUE]);
      const [after] = (await messagesOf(t, merchant, orderId)).messages;
      expect(after).toMatchObject({ state: 'failed' });
      expect(after!.error).toContain('not sent again');
    });
  });

  describe('quiet hours, the daily cap and STOP', () => {
    it('holds a message due in quiet hours until they end, and drops one whose moment has passed', async () => {
      // 13:00 in Karachi: quiet from 12:00 to 14:00.
      expect((await saveSettings(t, merchant, { quiet_hours: '1200:1400' })).statusCode).toBe(200);
      const { orderId } = await orderThrough('placed');
      const [held] = await t.db.query<{ id: string; not_before: Date; state: string }>(
        `select id::text as id, not_before, state from customer_messages where order_id = $1`,
        [orderId],
      );
      expect(held!.state).toBe('queued');
      expect(held!.not_before.toISOString()).toBe('2026-03-10T09:00:00.000Z');
      // Sent early (a worker that woke up before the start time) it stays queued.
      await t.services.messaging.send(held!.id);
      expect((await t.services.messaging.findMessage(held!.id))!.state).toBe('queued');

      t.clock.advance(61 * 60_000);
      merchant = await relogin(t, merchant);
      await t.services.messaging.send(held!.id);
      expect((await t.services.messaging.findMessage(held!.id))!.state).toBe('delivered');

      // One that waited while the order was cancelled is not sent.
      t.clock.advance(22 * 60 * 60_000);
      merchant = await relogin(t, merchant);
      const second = await placeOrder(t, merchant, (body) => {
        body.customer.phone_number = nextPhone();
      });
      const [waiting] = await t.db.query<{ id: string }>(
        `select id::text as id from customer_messages where order_id = $1`,
        [second],
      );
      await t.services.lifecycle.cancel(second, 'mistake_error');
      t.clock.advance(2 * 60 * 60_000);
      merchant = await relogin(t, merchant);
      await t.services.messaging.send(waiting!.id);
      expect(await t.services.messaging.findMessage(waiting!.id)).toMatchObject({
        state: 'skipped',
        skip_reason: 'stale',
      });
      await saveSettings(t, merchant, {});
    });

    it("stops at the merchant's daily cap, counted across its outlets", async () => {
      const capped = await buildTestApp({ kind, ...IN_SERVICE_HOURS, env: { MESSAGES_DAILY_CAP: '2' } });
      try {
        let owner = await createMerchant(capped);
        const put = await capped.app.inject({
          method: 'PUT',
          url: '/api/v1/customer-messages/settings',
          headers: owner.headers,
          payload: { vendor_id: owner.vendorId, language: 'en', quiet_hours: null, triggers: ALL_ON() },
        });
        expect(put.statusCode).toBe(200);
        const orders = [];
        for (let index = 0; index < 3; index++) {
          orders.push(
            await placeOrder(capped, owner, (body) => {
              body.customer.phone_number = nextPhone();
            }),
          );
        }
        owner = await relogin(capped, owner);
        await capped.app.jobs.drain([SEND_QUEUE]);
        const states = await capped.db.query<{ state: string; skip_reason: string | null }>(
          `select state, skip_reason from customer_messages where order_id = any($1::text[]) order by seq`,
          [orders],
        );
        expect(states.filter((row) => row.state === 'delivered')).toHaveLength(2);
        expect(states.filter((row) => row.skip_reason === 'daily_cap')).toHaveLength(1);
      } finally {
        await capped.close();
      }
    });

    it('stops messages to a number that replied STOP, for that merchant only, until it replies START', async () => {
      const phone = nextPhone();
      const { orderId } = await orderThrough('placed', phone);
      const [first] = (await messagesOf(t, merchant, orderId)).messages;
      const reply = (text: string) =>
        t.services.messaging.reply({
          provider: 'outbox',
          channel: 'sms',
          providerMessageId: `reply-${Math.random()}`,
          from: phone,
          text,
          contextId: null,
        });
      expect(await reply('Stop')).toBe('stop');

      const stopped = await placeOrder(t, merchant, (body) => {
        body.customer.phone_number = phone;
      });
      const [skipped] = (await messagesOf(t, merchant, stopped)).messages;
      expect(skipped).toMatchObject({ state: 'skipped', skip_reason: 'opted_out' });
      expect((await messagesOf(t, merchant, orderId)).replies).toEqual([
        expect.objectContaining({ intent: 'stop', text: 'Stop' }),
      ]);

      // Another merchant still writes to the number.
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/customer-messages/settings',
        headers: stranger.headers,
        payload: { vendor_id: stranger.vendorId, language: 'en', quiet_hours: null, triggers: ALL_ON() },
      });
      expect(put.statusCode).toBe(200);
      const elsewhere = await placeOrder(t, stranger, (body) => {
        body.customer.phone_number = phone;
      });
      expect((await messagesOf(t, stranger, elsewhere)).messages[0]).toMatchObject({ state: 'delivered' });

      // START to the merchant's message undoes the STOP; a language name switches the language.
      expect(
        await t.services.messaging.reply({
          provider: 'outbox',
          channel: 'sms',
          providerMessageId: 'start-1',
          from: phone,
          text: 'START',
          // WhatsApp names the message replied to; the merchant's, not the latest to the number (the other's).
          contextId: `outbox-${first!.id}`,
        }),
      ).toBe('start');
      expect(
        await t.services.messaging.reply({
          provider: 'outbox',
          channel: 'sms',
          providerMessageId: 'urdu-1',
          from: phone,
          text: 'urdu',
          contextId: `outbox-${first!.id}`,
        }),
      ).toBe('language');
      const again = await placeOrder(t, merchant, (body) => {
        body.customer.phone_number = phone;
      });
      expect((await messagesOf(t, merchant, again)).messages[0]).toMatchObject({
        state: 'delivered',
        language: 'ur_alt',
      });
    });
  });
});

// A restart and a second instance: the message's row and its keyed job make one message whoever runs it.
describe.each(databases())('exactly once across a restart and two instances on %s', (kind) => {
  let test: TestDb;
  let secondDb: Db;

  beforeAll(async () => {
    test = await createTestDb(kind);
    const target = test.db.listenTarget;
    secondDb = target?.kind === 'postgres' ? openPostgres(target.connectionString, 5) : test.db;
  });
  afterAll(async () => {
    if (secondDb !== test.db) await secondDb.close();
    await test.drop();
  });

  it('sends each message once when the server restarts before its job ran, and when two instances race', async () => {
    let first = await buildTestApp({ db: test.db, ...IN_SERVICE_HOURS });
    const merchant = await createMerchant(first);
    const put = await first.app.inject({
      method: 'PUT',
      url: '/api/v1/customer-messages/settings',
      headers: merchant.headers,
      payload: { vendor_id: merchant.vendorId, language: 'en', quiet_hours: null, triggers: ALL_ON() },
    });
    expect(put.statusCode).toBe(200);
    const orderId = await placeOrder(first, merchant);
    // The server stops before its worker took the job.
    await first.close();

    first = await buildTestApp({ db: test.db, start: KARACHI_1PM, serviceHours: IN_SERVICE_HOURS.serviceHours });
    const second = await buildTestApp({ db: secondDb, start: KARACHI_1PM });
    try {
      const order = (await first.services.orderRecords.find(orderId))!;
      // Both instances see the delivery step's trigger fire (a retried step, a duplicate hook), and both run
      // every job they find at the same time.
      const triggers: MessageTrigger[] = ['delivered', 'order_confirmed'];
      await Promise.all(
        [first, second].flatMap((instance) =>
          triggers.map((trigger) =>
            instance.db.transaction((tx) =>
              instance.services.messaging.record(tx, order, trigger, instance.clock.now()),
            ),
          ),
        ),
      );
      await Promise.all([first.app.jobs.drain([SEND_QUEUE]), second.app.jobs.drain([SEND_QUEUE])]);
      const rows = await test.db.query<{ kind: string; state: string; attempts: number }>(
        `select kind, state, attempts from customer_messages where order_id = $1 order by kind`,
        [orderId],
      );
      expect(rows).toEqual([
        { kind: 'delivered', state: 'delivered', attempts: 1 },
        { kind: 'order_confirmed', state: 'delivered', attempts: 1 },
      ]);
      const [count] = await test.db.query<{ n: number }>(
        `select sent::int as n from message_daily_counts where merchant_id = $1`,
        [merchant.vendorId],
      );
      expect(count!.n).toBe(2);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
