import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@riderdesk/domain/contracts/webhooks';
import { solveProofOfWork } from '@riderdesk/domain/guest/proof-of-work';
import { MAX_WEBHOOK_ENDPOINTS_PER_VENDOR } from '@riderdesk/domain/webhook-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ID_HEADER, verifyWebhook } from '../src/modules/webhooks/signing.ts';
import { mintGodroidToken } from '../src/ops/commands.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp, testConfig } from './support/app.ts';
import { createMerchant, type Merchant, outbox } from './support/factories.ts';
import { placeOrder } from './support/orders.ts';

const BASE = '/api/v1/webhooks/endpoints';
const DISABLE_AFTER = 3;
const sha256 = (input: string) => new Uint8Array(createHash('sha256').update(input).digest());

interface Received {
  eventId: string;
  raw: string;
  headers: IncomingHttpHeaders;
}

/** A merchant's receiver on loopback: records every request, answers 500 while `failing`, else 200. */
async function startReceiver() {
  const received: Received[] = [];
  let failing = false;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        eventId: String(req.headers[EVENT_ID_HEADER]),
        raw: Buffer.concat(chunks).toString('utf8'),
        headers: req.headers,
      });
      res.writeHead(failing ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    fail(on: boolean) {
      failing = on;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const keyOf = (response: { json(): { errors: { meta: { translation_key: string } }[] } }) =>
  response.json().errors[0]?.meta.translation_key;

describe.each(databases())('the portal webhook endpoints on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let other: Merchant;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    t = await buildTestApp({
      kind,
      ...IN_SERVICE_HOURS,
      env: { GUEST_POW_DIFFICULTY: '6' },
      webhooks: { disableAfterFailures: DISABLE_AFTER, nextAttempt: () => null },
    });
    merchant = await createMerchant(t);
    other = await createMerchant(t);
    receiver = await startReceiver();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const call = (
    who: { headers: Record<string, string> },
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  async function create(who: Merchant, body: object = {}): Promise<WebhookEndpointWithSecret> {
    const response = await call(who, 'POST', BASE, {
      vendor_id: who.vendorId,
      url: receiver.url,
      events: ['order.created', 'order.status_changed'],
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function deliveries(who: Merchant, endpointId: string): Promise<WebhookDelivery[]> {
    const response = await call(who, 'GET', `${BASE}/${endpointId}/deliveries`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().deliveries;
  }

  it('answers the secret at creation only, never in the list, and lists by vendor or for every vendor', async () => {
    const created = await create(merchant);
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.endpoint).toMatchObject({
      vendor_id: merchant.vendorId,
      url: receiver.url,
      events: ['order.created', 'order.status_changed'],
      consecutive_failures: 0,
      disabled_at: null,
    });

    for (const query of [`?vendor_id=${merchant.vendorId}`, '']) {
      const list = await call(merchant, 'GET', `${BASE}${query}`);
      expect(list.statusCode).toBe(200);
      expect(list.json().endpoints.map((e: WebhookEndpoint) => e.id)).toContain(created.endpoint.id);
      expect(list.body).not.toContain(created.secret);
      expect(list.body).not.toContain('secret');
    }
    const theirs = await call(other, 'GET', BASE);
    expect(theirs.json().endpoints.map((e: WebhookEndpoint) => e.id)).not.toContain(created.endpoint.id);
    // Another merchant's vendor named in the query: the vendors module's refusal.
    expect((await call(other, 'GET', `${BASE}?vendor_id=${merchant.vendorId}`)).statusCode).toBe(403);
    expect(
      (await call(other, 'POST', BASE, { vendor_id: merchant.vendorId, url: receiver.url, events: ['order.created'] }))
        .statusCode,
    ).toBe(403);
  });

  it("answers another merchant's endpoint and delivery as absent, and refuses guests, partners and strangers", async () => {
    const created = await create(merchant);
    const test = await call(merchant, 'POST', `${BASE}/${created.endpoint.id}/test`);
    expect(test.statusCode).toBe(202);
    const deliveryId = test.json().id as string;
    const id = created.endpoint.id;
    const calls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['PATCH', `${BASE}/${id}`, { events: ['order.cancelled'] }],
      ['DELETE', `${BASE}/${id}`],
      ['POST', `${BASE}/${id}/secret`],
      ['POST', `${BASE}/${id}/enable`],
      ['GET', `${BASE}/${id}/deliveries`],
      ['POST', `${BASE}/${id}/test`],
      ['POST', `${BASE}/${id}/deliveries/${deliveryId}/redeliver`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await call(other, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(keyOf(response)).toBe('webhooks.error.endpoint-not-found');
    }
    // A delivery of another endpoint, even the caller's own, is not found under this one.
    const mine = await create(other);
    const elsewhere = await call(other, 'POST', `${BASE}/${mine.endpoint.id}/deliveries/${deliveryId}/redeliver`);
    expect(elsewhere.statusCode).toBe(404);
    expect(keyOf(elsewhere)).toBe('webhooks.error.delivery-not-found');

    // A partner (GoDroid) session and a guest are not merchant users.
    const ctx = { db: t.db, config: t.config, now: t.clock.now };
    const partner = { headers: { authorization: `GoDroid ${(await mintGodroidToken(ctx, merchant.vendorId)).token}` } };
    const challenge = (await t.app.inject({ method: 'GET', url: '/api/v1/guest/challenge' })).json().result;
    const nonce = await solveProofOfWork(challenge.challenge, challenge.difficulty, sha256);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest/session',
      payload: { challenge: challenge.challenge, nonce },
    });
    expect(session.statusCode, session.body).toBe(200);
    const guest = { headers: { authorization: `Bearer ${session.json().result.token}` } };
    for (const who of [partner, guest]) {
      expect((await call(who, 'GET', BASE)).statusCode).toBe(403);
      expect((await call(who, 'GET', `${BASE}/${id}/deliveries`)).statusCode).toBe(403);
      const post = await call(who, 'POST', BASE, {
        vendor_id: merchant.vendorId,
        url: receiver.url,
        events: ['order.created'],
      });
      expect(post.statusCode).toBe(403);
    }
    expect((await call({ headers: {} }, 'GET', BASE)).statusCode).toBe(401);
  });

  it('refuses a bad URL with 422, an empty change with 400, and more endpoints than a vendor may have', async () => {
    const fresh = await createMerchant(t);
    for (const [url, key] of [
      ['not a url', 'webhooks.error.url-invalid'],
      ['ftp://hooks.example.pk/in', 'webhooks.error.url-scheme'],
      ['https://user:pass@hooks.example.pk/in', 'webhooks.error.url-credentials'],
    ] as const) {
      const response = await call(fresh, 'POST', BASE, { vendor_id: fresh.vendorId, url, events: ['order.created'] });
      expect(response.statusCode, url).toBe(422);
      expect(keyOf(response)).toBe(key);
    }
    const noEvents = await call(fresh, 'POST', BASE, { vendor_id: fresh.vendorId, url: receiver.url, events: [] });
    expect(noEvents.statusCode).toBe(400);
    expect(keyOf(noEvents)).toBe('webhooks.events.none');

    const created = await create(fresh);
    const nothing = await call(fresh, 'PATCH', `${BASE}/${created.endpoint.id}`, {});
    expect(nothing.statusCode).toBe(400);
    expect(keyOf(nothing)).toBe('webhooks.update.nothing');
    const badUrl = await call(fresh, 'PATCH', `${BASE}/${created.endpoint.id}`, { url: 'gopher://x.pk' });
    expect(badUrl.statusCode).toBe(422);
    expect(keyOf(badUrl)).toBe('webhooks.error.url-scheme');
    const changed = await call(fresh, 'PATCH', `${BASE}/${created.endpoint.id}`, {
      url: `${receiver.url}/v2`,
      events: ['order.cancelled', 'order.cancelled'],
      lang: 'ur_alt',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ url: `${receiver.url}/v2`, events: ['order.cancelled'] });
    expect(changed.body).not.toContain('secret');

    for (let n = 1; n < MAX_WEBHOOK_ENDPOINTS_PER_VENDOR; n++) await create(fresh);
    const tooMany = await call(fresh, 'POST', BASE, {
      vendor_id: fresh.vendorId,
      url: receiver.url,
      events: ['order.created'],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(keyOf(tooMany)).toBe('webhooks.error.too-many-endpoints');

    // Deleting one makes room; the deleted endpoint is gone with its deliveries.
    const deleted = await call(fresh, 'DELETE', `${BASE}/${created.endpoint.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call(fresh, 'GET', `${BASE}/${created.endpoint.id}/deliveries`)).statusCode).toBe(404);
    expect((await call(fresh, 'DELETE', `${BASE}/${created.endpoint.id}`)).statusCode).toBe(404);
    const list = await call(fresh, 'GET', `${BASE}?vendor_id=${fresh.vendorId}`);
    expect(list.json().endpoints).toHaveLength(MAX_WEBHOOK_ENDPOINTS_PER_VENDOR - 1);
    await create(fresh);
  });

  it('sends a signed test event, lists it with its answer, redelivers it as a new attempt and rotates the secret', async () => {
    const created = await create(merchant);
    const id = created.endpoint.id;
    const test = await call(merchant, 'POST', `${BASE}/${id}/test`);
    expect(test.statusCode).toBe(202);
    expect(test.json()).toMatchObject({ event_type: 'ping', order_id: null, state: 'pending', attempts: 0 });
    await t.app.jobs.drain();

    const ofEvent = () => receiver.received.filter((r) => r.eventId === test.json().event_id);
    const [ping] = ofEvent();
    expect(ofEvent()).toHaveLength(1);
    expect(verifyWebhook({ secret: created.secret, body: ping!.raw, headers: ping!.headers, now: t.clock.now() })).toBe(
      'valid',
    );
    expect(JSON.parse(ping!.raw)).toMatchObject({ event: 'ping', vendor_id: merchant.vendorId, endpoint_id: id });
    const [listed] = await deliveries(merchant, id);
    expect(listed).toMatchObject({ id: test.json().id, state: 'delivered', attempts: 1, response_code: 200 });
    expect(listed!.latency_ms).toEqual(expect.any(Number));
    expect(listed!.finished_at).not.toBeNull();

    // Redelivery: the same event (same id and body), signed anew, as a second attempt.
    const again = await call(merchant, 'POST', `${BASE}/${id}/deliveries/${listed!.id}/redeliver`);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ id: listed!.id, state: 'pending', finished_at: null });
    await t.app.jobs.drain();
    expect(ofEvent()).toHaveLength(2);
    expect(ofEvent()[1]!.raw).toBe(ping!.raw);
    expect((await deliveries(merchant, id))[0]).toMatchObject({ id: listed!.id, state: 'delivered', attempts: 2 });

    // A rotated secret signs from now on; the old one no longer verifies.
    const rotated = await call(merchant, 'POST', `${BASE}/${id}/secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json() as WebhookEndpointWithSecret;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(created.secret);
    const second = await call(merchant, 'POST', `${BASE}/${id}/test`);
    await t.app.jobs.drain();
    const signed = receiver.received.find((r) => r.eventId === second.json().event_id)!;
    expect(verifyWebhook({ secret, body: signed.raw, headers: signed.headers, now: t.clock.now() })).toBe('valid');
    expect(
      verifyWebhook({ secret: created.secret, body: signed.raw, headers: signed.headers, now: t.clock.now() }),
    ).toBe('bad-signature');
    // Newest first.
    expect((await deliveries(merchant, id)).map((d) => d.id)).toEqual([second.json().id, listed!.id]);
  });

  it('emits the events of the next order at once after a registration', async () => {
    const fresh = await createMerchant(t);
    // The vendor had no endpoint when this order was placed: the instance now holds that view.
    await placeOrder(t, fresh);
    const created = await create(fresh);
    const orderId = await placeOrder(t, fresh);
    const listed = await deliveries(fresh, created.endpoint.id);
    expect(listed.map((d) => [d.event_type, d.order_id])).toContainEqual(['order.created', orderId]);
  });

  it('disables an endpoint after failures in a row, e-mails the merchant once in its language, and enables it again', async () => {
    const created = await create(merchant, { lang: 'ur_alt' });
    const id = created.endpoint.id;
    receiver.fail(true);
    for (let n = 0; n < DISABLE_AFTER; n++) {
      expect((await call(merchant, 'POST', `${BASE}/${id}/test`)).statusCode).toBe(202);
      await t.app.jobs.drain();
    }
    receiver.fail(false);
    const [endpoint] = (await call(merchant, 'GET', `${BASE}?vendor_id=${merchant.vendorId}`))
      .json()
      .endpoints.filter((e: WebhookEndpoint) => e.id === id);
    expect(endpoint).toMatchObject({ consecutive_failures: DISABLE_AFTER, disabled_at: expect.any(String) });
    const failed = await deliveries(merchant, id);
    expect(failed.map((d) => [d.state, d.response_code])).toEqual(Array(DISABLE_AFTER).fill(['failed', 500]));

    await t.app.jobs.drain();
    const mails = (await outbox(t.app, merchant.email)).filter((m) => m.text.includes(receiver.url));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`ویب ہُک اینڈ پوائنٹ غیر فعال کر دیا گیا: ${receiver.url}`);
    expect(mails[0]!.text).toContain(`${DISABLE_AFTER}`);

    // Nothing is sent to a disabled endpoint.
    const refused = await call(merchant, 'POST', `${BASE}/${id}/test`);
    expect(refused.statusCode).toBe(409);
    expect(keyOf(refused)).toBe('webhooks.error.endpoint-disabled');

    const enabled = await call(merchant, 'POST', `${BASE}/${id}/enable`);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ id, consecutive_failures: 0, disabled_at: null });
    // The notice of that disabling is not sent again once the endpoint is back.
    expect(
      await t.services.webhooks.sendDisabledNotice({ endpointId: id, disabledAt: endpoint.disabled_at as string }),
    ).toBe(false);
    const before = receiver.received.length;
    expect((await call(merchant, 'POST', `${BASE}/${id}/test`)).statusCode).toBe(202);
    await t.app.jobs.drain();
    expect(receiver.received).toHaveLength(before + 1);
    expect((await deliveries(merchant, id))[0]).toMatchObject({ state: 'delivered', response_code: 200 });
    expect((await outbox(t.app, merchant.email)).filter((m) => m.text.includes(receiver.url))).toHaveLength(1);
  });

  it('is listed in the API documentation', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining([
        BASE,
        `${BASE}/{endpointId}`,
        `${BASE}/{endpointId}/secret`,
        `${BASE}/{endpointId}/enable`,
        `${BASE}/{endpointId}/deliveries`,
        `${BASE}/{endpointId}/test`,
        `${BASE}/{endpointId}/deliveries/{deliveryId}/redeliver`,
      ]),
    );
  });
});

describe.each(databases())('webhook endpoint addresses in prd on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;

  beforeAll(async () => {
    const { deployment } = testConfig();
    t = await buildTestApp({
      kind,
      config: { deployment: { ...deployment, environment: 'prd' } },
      // The name resolves to a private address, as a rebinding or an internal host would.
      webhooks: {
        resolve: async (host) =>
          host === 'inside.example.pk'
            ? [{ address: '10.0.0.7', family: 4 }]
            : [{ address: '93.184.216.34', family: 4 }],
      },
    });
    merchant = await createMerchant(t);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('refuses plain HTTP and hosts that are or resolve to private addresses', async () => {
    for (const [url, key] of [
      ['http://hooks.example.pk/in', 'webhooks.error.url-scheme'],
      ['https://inside.example.pk/in', 'webhooks.error.url-not-public'],
      ['https://127.0.0.1/in', 'webhooks.error.url-not-public'],
      ['https://169.254.169.254/latest/meta-data', 'webhooks.error.url-not-public'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: BASE,
        headers: merchant.headers,
        payload: { vendor_id: merchant.vendorId, url, events: ['order.created'] },
      });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors[0].meta.translation_key).toBe(key);
    }
    const accepted = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: merchant.headers,
      payload: { vendor_id: merchant.vendorId, url: 'https://hooks.example.pk/in', events: ['order.created'] },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });
});
