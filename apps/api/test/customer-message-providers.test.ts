import type { OrderMessage } from '@riderdesk/domain/contracts/customer-messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Deliver,
  FAKE_GATEWAY,
  FAKE_TWILIO,
  FAKE_WHATSAPP,
  fakeGateway,
  fakeTwilio,
  fakeWhatsapp,
} from '../../../testing/fake-messaging-providers.ts';
import { gatewayRequest } from '../src/modules/messaging/channels/http-gateway.ts';
import { SEND_QUEUE } from '../src/modules/messaging/deps.ts';
import { whatsappTemplates } from '../src/ops/commands.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, type Merchant, relogin } from './support/factories.ts';
import { placeOrder } from './support/orders.ts';

// Each adapter against a stand-in of its provider's HTTP API on loopback (testing/fake-messaging-providers.ts),
// which checks the request as the provider would and signs its callbacks as the provider does (decision 175).

const BASE = 'http://riderdesk.test/api/v1/customer-messages/webhooks';

let phoneSeq = 2_000_000;
const nextPhone = () => `+92301${String(phoneSeq++).padStart(7, '0')}`;

/** The fakes call back through `app.inject`: the same route, headers and bytes as over the network. */
function injectInto(app: () => TestApp): Deliver {
  return async (url, request) => {
    const target = new URL(url);
    const response = await app().app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: request.headers,
      payload: request.body,
    });
    return { status: response.statusCode, body: response.body };
  };
}

const triggers = (channel: string) => ({
  order_confirmed: { enabled: true, channel },
  picked_up: { enabled: false, channel },
  rider_near: { enabled: false, channel },
  delivered: { enabled: true, channel },
  failed: { enabled: false, channel },
});

async function setUp(t: TestApp, channel: string, language = 'en') {
  const merchant = await createMerchant(t, { name: 'Karachi Grill House' });
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/customer-messages/settings',
    headers: merchant.headers,
    payload: { vendor_id: merchant.vendorId, language, quiet_hours: null, triggers: triggers(channel) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return merchant;
}

async function messagesOf(t: TestApp, merchant: Merchant, orderId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/customer-messages/orders/${encodeURIComponent(orderId)}?vendor_id=${merchant.vendorId}`,
    headers: merchant.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as { messages: OrderMessage[]; replies: { intent: string }[] };
}

async function ordered(t: TestApp, merchant: Merchant, phone = nextPhone()) {
  const orderId = await placeOrder(t, merchant, (body) => {
    body.customer.phone_number = phone;
  });
  await t.app.jobs.drain([SEND_QUEUE]);
  const [message] = (await messagesOf(t, merchant, orderId)).messages;
  return { orderId, phone, message: message! };
}

describe.each(databases())('Twilio SMS on %s', (kind) => {
  let t: TestApp;
  let twilio: Awaited<ReturnType<typeof fakeTwilio>>;
  let merchant: Merchant;

  beforeAll(async () => {
    twilio = await fakeTwilio({ deliver: injectInto(() => t) });
    t = await buildTestApp({
      kind,
      ...IN_SERVICE_HOURS,
      env: {
        SMS_PROVIDER: 'twilio',
        TWILIO_API_URL: twilio.apiUrl,
        TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
        TWILIO_FROM: FAKE_TWILIO.from,
      },
    });
    merchant = await setUp(t, 'sms');
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });
  beforeEach(async () => {
    merchant = await relogin(t, merchant);
  });

  it("sends form-encoded Messages.json with basic auth, and takes Twilio's signed status callbacks", async () => {
    const { orderId, phone, message } = await ordered(t, merchant);
    const sent = twilio.messages.at(-1)!;
    expect(sent).toMatchObject({ to: phone, from: FAKE_TWILIO.from, body: message.text });
    expect(sent.statusCallback).toBe(`${BASE}/twilio/status?message=${message.id}`);
    expect(message).toMatchObject({ state: 'sent', channel: 'sms' });

    expect((await twilio.status(sent.sid, 'sent')).status).toBe(204);
    expect((await twilio.status(sent.sid, 'delivered')).status).toBe(204);
    // A late or repeated receipt never moves it back.
    await twilio.status(sent.sid, 'sent');
    const [delivered] = (await messagesOf(t, merchant, orderId)).messages;
    expect(delivered).toMatchObject({ state: 'delivered' });
    expect(delivered!.delivered_at).not.toBeNull();
  });

  it('refuses a callback not signed with the auth token, and one whose URL was changed', async () => {
    const { orderId, message } = await ordered(t, merchant);
    const sid = twilio.messages.at(-1)!.sid;
    expect((await twilio.status(sid, 'failed', {}, 'another-token-another-token-0001')).status).toBe(403);
    // Signed for its own message, sent to another's address: the URL is part of what Twilio signs.
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer-messages/webhooks/twilio/status?message=${message.id}x`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'AAAA' },
      payload: `MessageSid=${sid}&MessageStatus=failed`,
    });
    expect(forged.statusCode).toBe(403);
    expect((await messagesOf(t, merchant, orderId)).messages[0]).toMatchObject({ state: 'sent' });
  });

  it("records a failed delivery with Twilio's error code", async () => {
    const { orderId } = await ordered(t, merchant);
    await twilio.status(twilio.messages.at(-1)!.sid, 'undelivered', { ErrorCode: '30003' });
    expect((await messagesOf(t, merchant, orderId)).messages[0]).toMatchObject({
      state: 'failed',
      error: 'twilio error 30003',
    });
  });

  it('retries a send Twilio refused for now (429), fails one it refused for good, never resends one left unanswered', async () => {
    twilio.script({ status: 429, body: { code: 20429, message: 'Too Many Requests', status: 429 } });
    const busy = await ordered(t, merchant);
    expect(busy.message, busy.message.error ?? '').toMatchObject({ state: 'queued' });
    expect(busy.message.error).toContain('twilio 429 20429');
    // The queue's retry (30 s later) sends it.
    await t.services.messaging.send(busy.message.id, 2);
    expect((await messagesOf(t, merchant, busy.orderId)).messages[0]).toMatchObject({ state: 'sent', error: null });

    twilio.script({ status: 400, body: { code: 21211, message: "The 'To' number is not valid", status: 400 } });
    const refused = await ordered(t, merchant);
    expect(refused.message).toMatchObject({ state: 'failed' });
    expect(refused.message.error).toContain('21211');

    const before = twilio.messages.length;
    twilio.script('drop');
    const unanswered = await ordered(t, merchant);
    expect(unanswered.message).toMatchObject({ state: 'failed' });
    expect(unanswered.message.error).toContain('not sent again');
    await t.services.messaging.send(unanswered.message.id, 2);
    expect(twilio.messages.length).toBe(before);
  });

  it("takes a STOP reply from Twilio's messaging webhook and sends that number nothing more", async () => {
    const { orderId, phone } = await ordered(t, merchant);
    const reply = await twilio.inbound(`${BASE}/twilio/inbound`, phone, 'STOP');
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('<Response></Response>');
    expect((await messagesOf(t, merchant, orderId)).replies).toEqual([expect.objectContaining({ intent: 'stop' })]);
    const sends = twilio.messages.length;
    const next = await ordered(t, merchant, phone);
    expect(next.message).toMatchObject({ state: 'skipped', skip_reason: 'opted_out' });
    expect(twilio.messages.length).toBe(sends);
    expect(
      (await twilio.inbound(`${BASE}/twilio/inbound`, phone, 'START', 'not-the-token-not-the-token-0001')).status,
    ).toBe(403);
  });
});

describe.each(databases())('WhatsApp Cloud API on %s', (kind) => {
  let t: TestApp;
  let whatsapp: Awaited<ReturnType<typeof fakeWhatsapp>>;
  let merchant: Merchant;

  beforeAll(async () => {
    whatsapp = await fakeWhatsapp({
      deliver: injectInto(() => t),
      // The deployment had every template approved in English and Urdu but the receipt in Urdu.
      approved: (name, language) => !(name === 'riderdesk_delivered' && language === 'ur'),
    });
    t = await buildTestApp({
      kind,
      ...IN_SERVICE_HOURS,
      env: {
        WHATSAPP_PROVIDER: 'cloud',
        WHATSAPP_API_URL: whatsapp.apiUrl,
        WHATSAPP_API_VERSION: FAKE_WHATSAPP.apiVersion,
        WHATSAPP_ACCESS_TOKEN: FAKE_WHATSAPP.accessToken,
        WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP.phoneNumberId,
        WHATSAPP_APP_SECRET: FAKE_WHATSAPP.appSecret,
        WHATSAPP_VERIFY_TOKEN: FAKE_WHATSAPP.verifyToken,
      },
    });
    merchant = await setUp(t, 'whatsapp');
  });
  afterAll(async () => {
    await t.close();
    await whatsapp.close();
  });
  beforeEach(async () => {
    merchant = await relogin(t, merchant);
  });

  it('sends the approved template to /{phone-number-id}/messages with a bearer token, its values positional', async () => {
    const { orderId, phone, message } = await ordered(t, merchant);
    const order = (await t.services.orderRecords.find(orderId))!;
    const sent = whatsapp.messages.at(-1)!;
    expect(sent).toEqual({
      id: expect.stringMatching(/^wamid\./),
      to: phone.slice(1),
      template: 'riderdesk_order_confirmed',
      language: 'en',
      parameters: ['Karachi Grill House', 'Riderdesk', `http://riderdesk.test/tracking/${order.tracking_token}`],
      opaque: message.id,
    });
    expect(message).toMatchObject({ state: 'sent', channel: 'whatsapp' });
    // `npm run ops -- whatsapp-templates` lists the template sent, in both languages, as it must be approved.
    const listed = whatsappTemplates({ db: t.db, config: t.config });
    expect(listed).toContain('riderdesk_order_confirmed  (language en, category UTILITY)');
    expect(listed).toContain('riderdesk_order_confirmed  (language ur, category UTILITY)');
    expect(listed).toContain('body: {{1}}: your order is confirmed. Follow your delivery with {{2}}: {{3}}');
  });

  it("answers Meta's verification of the callback URL with the challenge, for the right token only", async () => {
    const verify = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/customer-messages/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      });
    const answer = await verify(FAKE_WHATSAPP.verifyToken);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('1158201444');
    expect((await verify('guess')).statusCode).toBe(403);
  });

  it('takes status webhooks signed X-Hub-Signature-256, moving a message on and never back', async () => {
    const { orderId } = await ordered(t, merchant);
    const id = whatsapp.messages.at(-1)!.id;
    expect((await whatsapp.status(`${BASE}/whatsapp`, id, 'delivered')).status).toBe(200);
    expect((await whatsapp.status(`${BASE}/whatsapp`, id, 'read')).status).toBe(200);
    expect((await whatsapp.status(`${BASE}/whatsapp`, id, 'sent')).status).toBe(200);
    expect((await messagesOf(t, merchant, orderId)).messages[0]).toMatchObject({ state: 'delivered' });
    expect((await whatsapp.status(`${BASE}/whatsapp`, id, 'failed', 'a-secret-that-is-not-the-app-one')).status).toBe(
      403,
    );

    const second = await ordered(t, merchant);
    await whatsapp.status(`${BASE}/whatsapp`, whatsapp.messages.at(-1)!.id, 'failed');
    expect((await messagesOf(t, merchant, second.orderId)).messages[0]).toMatchObject({
      state: 'failed',
      error: 'whatsapp 131026 Message undeliverable',
    });
  });

  it('reads a reply to one of its messages and a language switch; a template not approved fails for good', async () => {
    const { orderId, phone } = await ordered(t, merchant);
    const ours = whatsapp.messages.at(-1)!.id;
    expect((await whatsapp.inbound(`${BASE}/whatsapp`, phone, 'Urdu', ours)).status).toBe(200);
    expect((await messagesOf(t, merchant, orderId)).replies).toEqual([expect.objectContaining({ intent: 'language' })]);
    // The next message to that number is in Urdu: the approved Urdu template, Meta's code 'ur'.
    const next = await ordered(t, merchant, phone);
    expect(whatsapp.messages.at(-1)).toMatchObject({ template: 'riderdesk_order_confirmed', language: 'ur' });
    expect(next.message.language).toBe('ur_alt');

    // Delivered in Urdu has no approved template: Meta refuses it (132001), and it is not retried.
    await t.db.transaction(async (tx) =>
      t.services.messaging.record(tx, (await t.services.orderRecords.find(next.orderId))!, 'delivered', t.clock.now()),
    );
    await t.app.jobs.drain([SEND_QUEUE]);
    const receipt = (await messagesOf(t, merchant, next.orderId)).messages.find((m) => m.kind === 'delivered');
    expect(receipt).toMatchObject({ state: 'failed' });
    expect(receipt!.error).toContain('132001');
  });
});

describe.each(databases())('an HTTP SMS gateway on %s', (kind) => {
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof fakeGateway>>;
  let merchant: Merchant;

  beforeAll(async () => {
    gateway = await fakeGateway({ deliver: injectInto(() => t) });
    t = await buildTestApp({
      kind,
      ...IN_SERVICE_HOURS,
      env: {
        SMS_PROVIDER: 'gateway',
        SMS_GATEWAY_URL: `${gateway.apiUrl}/api/send?to={to}&text={text}&ref={id}&mask={from}`,
        SMS_GATEWAY_AUTHORIZATION: FAKE_GATEWAY.authorization,
        SMS_GATEWAY_FROM: 'GRILLHOUSE',
        SMS_GATEWAY_SECRET: FAKE_GATEWAY.secret,
      },
    });
    merchant = await setUp(t, 'sms', 'ur_alt');
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });
  beforeEach(async () => {
    merchant = await relogin(t, merchant);
  });

  it("fills the URL template, URL-encoded, and takes the gateway's signed receipts and replies", async () => {
    const { orderId, phone, message } = await ordered(t, merchant);
    const request = gateway.requests.at(-1)!;
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/api/send');
    expect(Object.fromEntries(request.query)).toEqual({
      to: phone,
      text: message.text,
      ref: message.id,
      mask: 'GRILLHOUSE',
    });
    // Urdu survives the round trip through the URL.
    expect(message.text).toContain('آرڈر');

    expect((await gateway.status(`${BASE}/gateway/status`, message.id, 'delivered')).status).toBe(204);
    expect((await messagesOf(t, merchant, orderId)).messages[0]).toMatchObject({ state: 'delivered' });
    expect((await gateway.status(`${BASE}/gateway/status`, message.id, 'failed', 'x'.repeat(40))).status).toBe(403);

    // A reply in the national form reads as the same number.
    const national = `0${phone.slice(3)}`;
    expect((await gateway.inbound(`${BASE}/gateway/inbound`, national, 'STOP')).status).toBe(204);
    expect((await messagesOf(t, merchant, orderId)).replies).toEqual([expect.objectContaining({ intent: 'stop' })]);
    expect((await ordered(t, merchant, phone)).message).toMatchObject({ state: 'skipped', skip_reason: 'opted_out' });
  });

  it('answers 404 for a provider that is not connected', async () => {
    const twilio = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer-messages/webhooks/twilio/status',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'MessageSid=SM1&MessageStatus=delivered',
    });
    expect(twilio.statusCode).toBe(404);
  });
});

describe("the gateway's POST body template", () => {
  it('escapes each value for JSON, or for a form', () => {
    const base = {
      provider: 'gateway' as const,
      url: 'https://sms.example.pk/v2/messages',
      method: 'POST' as const,
      authorization: null,
      from: 'GRILL',
      secret: 's'.repeat(32),
      signatureHeader: 'x-signature',
    };
    const message = { id: 'd9b6', to: '+923001234567', text: 'Say "hi"\\ & 5 منٹ' };
    const json = gatewayRequest(
      { ...base, contentType: 'json', body: '{"to":"{to}","message":"{text}","ref":"{id}"}' },
      message,
    );
    expect(json.headers['content-type']).toBe('application/json');
    expect(JSON.parse(json.body!)).toEqual({ to: '+923001234567', message: 'Say "hi"\\ & 5 منٹ', ref: 'd9b6' });
    const form = gatewayRequest({ ...base, contentType: 'form', body: 'to={to}&msg={text}&sender={from}' }, message);
    expect(Object.fromEntries(new URLSearchParams(form.body!))).toEqual({
      to: '+923001234567',
      msg: 'Say "hi"\\ & 5 منٹ',
      sender: 'GRILL',
    });
  });
});
