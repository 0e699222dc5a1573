import { PaymentAuthAnswerSchema, PaymentIntentAnswerSchema } from '@riderdesk/domain/contracts/payments';
import { toMinor } from '@riderdesk/domain/money';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_CYBERSOURCE,
  type FakeCybersource,
  fakeCybersource,
  notification,
  notificationSignature,
  transientToken,
} from '../../../testing/fake-cybersource.ts';
import { cybersourceProvider } from '../src/modules/payments/cybersource-provider.ts';
import type { PaymentProvider } from '../src/modules/payments/provider.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, type Merchant } from './support/factories.ts';
import { orderBody, orderOf, quoteFee, translationKey } from './support/orders.ts';

const { merchantId: MERCHANT_ID, keyId: KEY_ID, secretKey: SECRET } = FAKE_CYBERSOURCE;
const WEBHOOK = { keyId: FAKE_CYBERSOURCE.webhookKeyId, key: FAKE_CYBERSOURCE.webhookKey };

describe('the CyberSource REST adapter against a fake CyberSource', () => {
  let fake: FakeCybersource;
  const now = () => new Date('2026-11-24T08:00:00Z');
  const adapter = (secretKey = SECRET, fetcher?: typeof fetch) =>
    cybersourceProvider({
      url: fake.url,
      merchantId: MERCHANT_ID,
      keyId: KEY_ID,
      secretKey,
      timeoutMs: 2000,
      targetOrigin: 'https://merchant.riderdesk.test',
      webhook: WEBHOOK,
      now,
      ...(fetcher ? { fetch: fetcher } : {}),
    });
  const confirmWith = (provider: PaymentProvider, last4: string, save = false) =>
    provider.confirm({
      providerIntentId: 'cs_intent',
      walletId: 'wal_1',
      amountMinor: 25_050,
      currency: 'PKR',
      source: { kind: 'token', token: transientToken(last4), holderName: 'Ayesha Khan', save },
      returnUrl: '/order-tracking/v1?order_id=o1',
      challengeReturnUrl: 'https://merchant.riderdesk.test/api/v1/payments/challenge/chl_1/return',
      idempotencyKey: 'confirm:int_1',
    });

  beforeAll(async () => {
    fake = await fakeCybersource();
  });
  afterAll(() => fake.close());

  it('signs a payment with keyid, HmacSHA256, host date request-target digest v-c-merchant-id', async () => {
    const outcome = await confirmWith(adapter(), '1111');
    expect(outcome).toMatchObject({
      status: 'authorised',
      card: { scheme: 'visa', bin: '411111', last4: '1111', expMonth: 12, expYear: 2030 },
      instrumentRef: null,
    });
    const request = fake.calls.at(-1)!;
    expect(request.signatureValid).toBe(true);
    expect(request.signature).toMatchObject({
      keyid: KEY_ID,
      algorithm: 'HmacSHA256',
      headers: 'host date request-target digest v-c-merchant-id',
    });
    expect(request.path).toBe('/pts/v2/payments');
    // Authorised only: the capture follows once the order is placed; 250.50 in PKR's two decimals.
    expect(request.body).toMatchObject({
      clientReferenceInformation: { code: 'confirm:int_1' },
      processingInformation: { capture: false, actionList: ['CONSUMER_AUTHENTICATION'] },
      orderInformation: { amountDetails: { totalAmount: '250.50', currency: 'PKR' } },
      consumerAuthenticationInformation: {
        returnUrl: 'https://merchant.riderdesk.test/api/v1/payments/challenge/chl_1/return',
      },
    });
  });

  it('maps DECLINED reasons, PENDING_AUTHENTICATION and INVALID_REQUEST', async () => {
    const provider = adapter();
    expect(await confirmWith(provider, '0002')).toMatchObject({ status: 'declined', code: 'card_declined' });
    expect(await confirmWith(provider, '9995')).toMatchObject({ status: 'declined', code: 'insufficient_funds' });
    const challenged = await confirmWith(provider, '3220');
    expect(challenged).toMatchObject({
      status: 'challenge_required',
      redirectUrl: `${fake.url}/stepup`,
      card: { last4: '3220' },
      stepUp: { url: `${fake.url}/stepup`, fields: { JWT: expect.stringMatching(/^ey/) } },
      resume: { authenticationTransactionId: expect.any(String), source: { kind: 'token' } },
    });
    expect(await confirmWith(provider, '0000')).toMatchObject({ status: 'declined', code: 'invalid_card' });
  });

  it('asks for a payment instrument when the card is saved, and pays with it later', async () => {
    const provider = adapter();
    const saved = await confirmWith(provider, '1111', true);
    expect(saved).toMatchObject({ status: 'authorised', instrumentRef: 'pi_saved' });
    expect(fake.calls.at(-1)!.body.processingInformation).toMatchObject({
      actionList: ['CONSUMER_AUTHENTICATION', 'TOKEN_CREATE'],
      actionTokenTypes: ['paymentInstrument'],
    });
    const again = await provider.confirm({
      providerIntentId: 'cs_intent',
      walletId: 'wal_2',
      amountMinor: 10_000,
      currency: 'PKR',
      source: { kind: 'instrument', instrumentRef: 'pi_saved' },
      returnUrl: '/order-tracking/v1?order_id=o2',
      challengeReturnUrl: 'https://merchant.riderdesk.test/api/v1/payments/challenge/chl_2/return',
      idempotencyKey: 'confirm:int_2',
    });
    expect(again.status).toBe('authorised');
    expect(fake.calls.at(-1)!.body.paymentInformation).toEqual({ paymentInstrument: { id: 'pi_saved' } });
  });

  it('captures and refunds the payment, signed, with the amount and currency', async () => {
    const provider = adapter();
    const capture = await provider.capture({
      paymentRef: '7000000000000000000001',
      amountMinor: 25_050,
      currency: 'PKR',
      idempotencyKey: 'capture:o1',
    });
    expect(capture).toMatchObject({ status: 'succeeded', ref: expect.stringMatching(/^7\d+$/) });
    expect(fake.calls.at(-1)).toMatchObject({
      path: '/pts/v2/payments/7000000000000000000001/captures',
      signatureValid: true,
      body: { orderInformation: { amountDetails: { totalAmount: '250.50', currency: 'PKR' } } },
    });
    const refund = await provider.refund({
      paymentRef: '7000000000000000000001',
      amountMinor: 25_050,
      currency: 'PKR',
      idempotencyKey: 'refund:o1',
    });
    expect(refund.status).toBe('succeeded');
    expect(fake.calls.at(-1)!.path).toBe('/pts/v2/payments/7000000000000000000001/refunds');
  });

  it('is refused with a wrong key: the confirm is answered as unavailable, a refund fails and is retried', async () => {
    const wrong = adapter(Buffer.from('not the key the business center holds').toString('base64'));
    await expect(confirmWith(wrong, '1111')).rejects.toMatchObject({ statusCode: 503 });
    expect(fake.calls.at(-1)!.signatureValid).toBe(false);
    expect(
      await wrong.refund({
        paymentRef: '7000000000000000000001',
        amountMinor: 1,
        currency: 'PKR',
        idempotencyKey: 'r',
      }),
    ).toMatchObject({ status: 'failed', code: 'provider_unavailable' });
  });

  it('creates a Microform capture context for our origin and answers the client library it names', async () => {
    const fields = await adapter().authoriseWallet();
    expect(fields).toEqual({
      kind: 'microform',
      captureContext: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]*$/),
      clientLibrary: `${fake.url}/microform/bundle/v2/flex-microform.min.js`,
      clientLibraryIntegrity: fake.libraryIntegrity,
    });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/microform/v2/sessions',
      signatureValid: true,
      body: { clientVersion: 'v2', targetOrigins: ['https://merchant.riderdesk.test'] },
    });
  });

  it("refuses a capture context whose client library is not CyberSource's", async () => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = [
      part({ alg: 'RS256' }),
      part({ ctx: [{ data: { clientLibrary: 'https://evil.example/flex-microform.min.js' } }] }),
      'c2ln',
    ].join('.');
    const forging = (async () => new Response(forged, { status: 201 })) as unknown as typeof fetch;
    await expect(adapter(SECRET, forging).authoriseWallet()).rejects.toMatchObject({ statusCode: 503 });
  });

  it('validates a 3-D Secure challenge, then authorises with the authentication transaction id', async () => {
    const provider = adapter();
    const challenged = await confirmWith(provider, '3220');
    if (challenged.status !== 'challenge_required' || !challenged.resume) throw new Error('expected a challenge');
    const done = await provider.completeChallenge({
      resume: challenged.resume,
      amountMinor: 25_050,
      currency: 'PKR',
      idempotencyKey: 'authorisation:o1:3ds',
    });
    expect(done).toMatchObject({ status: 'authorised', paymentRef: expect.stringMatching(/^7\d+$/) });
    const [validation, authorisation] = fake.calls.slice(-2);
    const transactionId = challenged.resume.authenticationTransactionId;
    expect(validation).toMatchObject({
      path: '/risk/v1/authentication-results',
      signatureValid: true,
      body: {
        consumerAuthenticationInformation: { authenticationTransactionId: transactionId },
        orderInformation: { amountDetails: { totalAmount: '250.50', currency: 'PKR' } },
        tokenInformation: { transientTokenJwt: expect.any(String) },
      },
    });
    expect(authorisation).toMatchObject({
      path: '/pts/v2/payments',
      body: {
        processingInformation: { capture: false },
        consumerAuthenticationInformation: {
          authenticationTransactionId: transactionId,
          cavv: 'MTIzNDU2Nzg5MDEyMzQ1Njc4OTA=',
          eciRaw: '05',
        },
      },
    });

    const failing = await confirmWith(provider, '3221');
    if (failing.status !== 'challenge_required' || !failing.resume) throw new Error('expected a challenge');
    const calls = fake.calls.length;
    expect(
      await provider.completeChallenge({
        resume: failing.resume,
        amountMinor: 25_050,
        currency: 'PKR',
        idempotencyKey: 'authorisation:o2:3ds',
      }),
    ).toEqual({ status: 'declined', code: 'authentication_failed' });
    // A failed authentication is not sent for authorisation.
    expect(fake.calls.slice(calls).map((call) => call.path)).toEqual(['/risk/v1/authentication-results']);
  });

  it('finds a refund already made under its reference in the transaction search', async () => {
    const provider = adapter();
    const refund = await provider.refund({
      paymentRef: '7000000000000000000009',
      amountMinor: 100,
      currency: 'PKR',
      idempotencyKey: 'refund:o9',
    });
    expect(
      await provider.findMovement({
        kind: 'refund',
        paymentRef: '7000000000000000000009',
        idempotencyKey: 'refund:o9',
      }),
    ).toEqual({ status: 'succeeded', ref: refund.ref, code: null });
    expect(fake.calls.at(-1)).toMatchObject({
      path: '/tss/v2/searches',
      signatureValid: true,
      body: { query: 'clientReferenceInformation.code:refund:o9' },
    });
    expect(
      await provider.findMovement({
        kind: 'capture',
        paymentRef: '7000000000000000000009',
        idempotencyKey: 'refund:o9',
      }),
    ).toBeNull();
  });

  it('accepts a notification signed with the digital signature key, and nothing else', () => {
    const provider = adapter();
    const body = notification('payments.payments.accept', '7000000000000000000042', 'ntf_1');
    const at = new Date('2026-11-24T08:00:00Z');
    expect(provider.verifyWebhook({ 'v-c-signature': notificationSignature(body, at) }, body)).toEqual({
      id: 'ntf_1',
      type: 'payment.authorised',
      paymentRef: '7000000000000000000042',
      code: null,
    });
    const otherKey = Buffer.from('not the digital signature key at all!!').toString('base64');
    expect(() =>
      provider.verifyWebhook({ 'v-c-signature': notificationSignature(body, at, otherKey) }, body),
    ).toThrow();
    expect(() =>
      provider.verifyWebhook({ 'v-c-signature': notificationSignature(body, at) }, body.replace('accept', 'reject')),
    ).toThrow();
    expect(() => provider.verifyWebhook({}, body)).toThrow();
    const unsubscribed = cybersourceProvider({
      url: fake.url,
      merchantId: MERCHANT_ID,
      keyId: KEY_ID,
      secretKey: SECRET,
      timeoutMs: 2000,
      targetOrigin: 'https://merchant.riderdesk.test',
      webhook: null,
      now,
    });
    expect(() => unsubscribed.verifyWebhook({ 'v-c-signature': notificationSignature(body, at) }, body)).toThrow();
  });
});

describe.each(databases())('card payments through the API with CyberSource on %s', (kind) => {
  let fake: FakeCybersource;
  let t: TestApp;
  let merchant: Merchant;
  const answers: string[] = [];
  const logLines: string[] = [];

  beforeAll(async () => {
    fake = await fakeCybersource();
    t = await buildTestApp({
      kind,
      ...IN_SERVICE_HOURS,
      env: {
        LOG_LEVEL: 'info',
        PAYMENT_PROVIDER: 'cybersource',
        CYBERSOURCE_URL: fake.url,
        CYBERSOURCE_MERCHANT_ID: MERCHANT_ID,
        CYBERSOURCE_KEY_ID: KEY_ID,
        CYBERSOURCE_SECRET_KEY: SECRET,
        CYBERSOURCE_TIMEOUT_MS: '2000',
        CYBERSOURCE_WEBHOOK_KEY_ID: WEBHOOK.keyId,
        CYBERSOURCE_WEBHOOK_KEY: WEBHOOK.key,
      },
      logStream: { write: (line) => logLines.push(line) },
    });
    merchant = await createMerchant(t, { payment_methods: { CASH_ON_DELIVERY: true, ONLINE_PAYMENT: true } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const inject = async (options: InjectOptions) => {
    const response = await t.app.inject(options);
    answers.push(response.body);
    return response;
  };
  const statuses = async (orderId: string) =>
    (await orderOf(t, merchant, orderId)).status_history.map((entry) => entry.status);
  const pathsSince = (count: number) => fake.calls.slice(count).map((call) => call.path.replace(/\d{10,}/, '{id}'));

  async function pay(last4: string, saveCard = false) {
    const auth = await inject({
      method: 'POST',
      url: `/api/v1/order/payment/auth/${merchant.vendorId}`,
      headers: merchant.headers,
    });
    expect(auth.statusCode, auth.body).toBe(200);
    const wallet = PaymentAuthAnswerSchema.parse(auth.json()).result;
    const body = orderBody(merchant.vendorId, await quoteFee(t, merchant));
    body.order.payment_method = 'ONLINE_PAYMENT';
    const intent = await inject({
      method: 'POST',
      url: '/api/v1/order/payment/intent',
      headers: merchant.headers,
      payload: { wallet_id: wallet.wallet_id, order: body },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const created = PaymentIntentAnswerSchema.parse(intent.json()).result;
    expect(created.payment_methods[0]?.name).toBe('cybersource_creditcard');
    const confirm = await inject({
      method: 'POST',
      url: '/api/v1/order/payment/intent/confirm',
      headers: merchant.headers,
      payload: {
        order: body,
        bearer_token: wallet.access_token,
        purchase_intent_id: created.intent_id,
        payment_method: 'cybersource_creditcard',
        payment_instrument_id: null,
        card: { token: transientToken(last4), holder_name: 'Ayesha Khan', save_card: saveCard },
      },
    });
    return { confirm, amount: created.amount };
  }

  /** The browser through the issuer's challenge: our page, the step-up page (the fake's), back to our return. */
  async function passChallenge(redirectUrl: string) {
    const page = await inject({ method: 'GET', url: redirectUrl });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-security-policy']).toContain(fake.url);
    const action = /action="([^"]+)"/.exec(page.body)?.[1];
    const jwt = /name="JWT" value="([^"]+)"/.exec(page.body)?.[1];
    const md = /name="MD" value="([^"]+)"/.exec(page.body)?.[1];
    expect(action).toBe(`${fake.url}/stepup`);
    const stepUp = await fetch(action!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ JWT: jwt!, MD: md! }).toString(),
    });
    const issuerPage = await stepUp.text();
    const returnUrl = new URL(/action="([^"]+)"/.exec(issuerPage)![1]!);
    expect(returnUrl.origin).toBe('http://riderdesk.test');
    const transactionId = /name="TransactionId" value="([^"]+)"/.exec(issuerPage)![1]!;
    return inject({
      method: 'POST',
      url: returnUrl.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ TransactionId: transactionId, MD: md! }).toString(),
    });
  }

  it('answers a Microform capture context and its checked client library instead of refusing card payment', async () => {
    const auth = await inject({
      method: 'POST',
      url: `/api/v1/order/payment/auth/${merchant.vendorId}`,
      headers: merchant.headers,
    });
    expect(auth.statusCode, auth.body).toBe(200);
    const wallet = PaymentAuthAnswerSchema.parse(auth.json()).result;
    expect(wallet.card_fields_url).toBeNull();
    expect(wallet.microform).toEqual({
      capture_context: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]*$/),
      client_library: `${fake.url}/microform/bundle/v2/flex-microform.min.js`,
      client_library_integrity: fake.libraryIntegrity,
    });
    expect(fake.calls.at(-1)).toMatchObject({
      path: '/microform/v2/sessions',
      signatureValid: true,
      body: { targetOrigins: ['http://riderdesk.test'] },
    });
    // The request page may load the library and frame Microform's fields from there.
    const page = await inject({ method: 'GET', url: '/api/v1/payments/challenge.js' });
    expect(page.headers['content-security-policy']).toMatch(/script-src[^;]*https:\/\/testflex\.cybersource\.com/);
    expect(page.headers['content-security-policy']).toMatch(/frame-src[^;]*https:\/\/flex\.cybersource\.com/);
  });

  it('authorises and captures at once, dispatches the order, and refunds it when cancelled', async () => {
    const { confirm, amount } = await pay('1111');
    expect(confirm.statusCode, confirm.body).toBe(200);
    const orderId = confirm.json().result.order_id as string;
    const order = await orderOf(t, merchant, orderId);
    expect(order.status_history.map((entry) => entry.status)).toEqual([
      'INITIATED',
      'PAYMENT_INITIATED',
      'PAYMENT_COMMITTED',
      'NEW',
    ]);
    expect(order.payment).toMatchObject({ status: 'captured', paid_amount: amount, card: { last4: '1111' } });
    const [payment, capture] = fake.calls.slice(-2);
    expect(payment!.path).toBe('/pts/v2/payments');
    expect(capture!.path).toMatch(/^\/pts\/v2\/payments\/7\d+\/captures$/);

    // The dispatcher releases the order to the riders, where the merchant may cancel it (spec §4).
    await t.services.dispatcher.tick();
    const cancel = await inject({
      method: 'PUT',
      url: '/api/v1/order/cancel',
      headers: merchant.headers,
      payload: { vendor_id: merchant.vendorId, order_id: orderId, reason: 'mistake_error' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.app.jobs.drain();
    const refunded = await orderOf(t, merchant, orderId);
    expect(refunded.payment).toMatchObject({ status: 'refunded', refunded_amount: amount });
    expect(fake.calls.at(-1)!.path).toMatch(/^\/pts\/v2\/payments\/7\d+\/refunds$/);
    expect(fake.calls.every((call) => call.signatureValid)).toBe(true);
    const totals = await t.services.payments.ledgerTotals();
    expect(totals.find((row) => row.order_id === orderId)).toMatchObject({
      captured_minor: toMinor(amount, 'PKR'),
      refunded_minor: toMinor(amount, 'PKR'),
    });
  });

  it('answers a decline with its key and ends the order PAYMENT_FAILED', async () => {
    const { confirm } = await pay('9995');
    expect(confirm.statusCode).toBe(402);
    expect(translationKey(confirm)).toBe('error.payment.insufficient-funds');
  });

  it('commits a challenged payment once the cardholder is back: validation, authorisation, capture', async () => {
    const { confirm, amount } = await pay('3220');
    expect(confirm.statusCode, confirm.body).toBe(200);
    const orderId = confirm.json().result.order_id as string;
    const redirectUrl = confirm.json().result.redirect_required.redirectUrl as string;
    expect(redirectUrl).toMatch(/^\/api\/v1\/payments\/challenge\/chl_[\w-]+$/);
    expect((await orderOf(t, merchant, orderId)).payment).toMatchObject({ status: 'authentication_required' });

    const before = fake.calls.length;
    const back = await passChallenge(redirectUrl);
    expect(back.statusCode, back.body).toBe(303);
    expect(back.headers.location).toBe(`/order-tracking/${merchant.vendorId}?order_id=${orderId}`);
    expect(pathsSince(before)).toEqual([
      '/risk/v1/authentication-results',
      '/pts/v2/payments',
      '/pts/v2/payments/{id}/captures',
    ]);
    expect(await statuses(orderId)).toEqual(['INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_COMMITTED', 'NEW']);
    expect((await orderOf(t, merchant, orderId)).payment).toMatchObject({ status: 'captured', paid_amount: amount });
    // The capture is of the authorisation made after 3-D Secure, not of the first (pending) payment.
    const authorised = fake.calls.at(-2)!;
    expect(authorised.body.consumerAuthenticationInformation?.authenticationTransactionId).toBeTruthy();
    // The transient token is not kept once the challenge is decided.
    const [challenge] = await t.db.query<{ resume: unknown }>(
      'select resume from payment_challenges where order_id = $1',
      [orderId],
    );
    expect(challenge?.resume).toEqual({});

    // A second return (double post, back button) moves nothing.
    const calls = fake.calls.length;
    const again = await inject({
      method: 'POST',
      url: `${redirectUrl}/return`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'TransactionId=x&MD=y',
    });
    expect(again.statusCode).toBe(303);
    expect(fake.calls.length).toBe(calls);
    expect((await inject({ method: 'GET', url: redirectUrl })).statusCode).toBe(404);
  });

  it('saves a challenged card the cardholder asked to keep, with the authorisation after 3-D Secure', async () => {
    const { confirm } = await pay('3220', true);
    const back = await passChallenge(confirm.json().result.redirect_required.redirectUrl);
    expect(back.statusCode).toBe(303);
    expect(fake.calls.at(-2)!.body.processingInformation).toMatchObject({
      actionList: ['TOKEN_CREATE'],
      actionTokenTypes: ['paymentInstrument'],
    });
    const cards = await inject({
      method: 'GET',
      url: `/api/v1/order/payment/cards/${merchant.vendorId}`,
      headers: merchant.headers,
    });
    expect(cards.json().result).toEqual([
      expect.objectContaining({
        last4: '3220',
        bin: '411111',
        exp_month: 12,
        exp_year: 2030,
        holder_name: 'Ayesha Khan',
      }),
    ]);
  });

  it('fails a payment whose challenge the issuer refuses, with the authentication key', async () => {
    const { confirm } = await pay('3221');
    const orderId = confirm.json().result.order_id as string;
    const back = await passChallenge(confirm.json().result.redirect_required.redirectUrl);
    expect(back.statusCode).toBe(303);
    expect(await statuses(orderId)).toEqual(['INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_FAILED']);
    const [ledger] = await t.db.query<{ status: string; failure_code: string }>(
      `select status, failure_code from payment_ledger where idempotency_key = $1`,
      [`authorisation:${orderId}`],
    );
    expect(ledger).toEqual({ status: 'failed', failure_code: 'authentication_failed' });
    expect((await orderOf(t, merchant, orderId)).payment).toMatchObject({ status: 'failed' });
  });

  it('applies a signed notification through the webhook, once, and refuses a forged or replayed one', async () => {
    const { confirm } = await pay('3220');
    const orderId = confirm.json().result.order_id as string;
    const [authorisation] = await t.db.query<{ provider_ref: string }>(
      'select provider_ref from payment_ledger where idempotency_key = $1',
      [`authorisation:${orderId}`],
    );
    const paymentId = authorisation!.provider_ref;
    const deliver = (body: string, signature: string) =>
      inject({
        method: 'POST',
        url: '/api/v1/payments/webhook/cybersource',
        headers: { 'content-type': 'application/json', 'v-c-signature': signature },
        payload: body,
      });
    const body = notification('payments.payments.reject', paymentId, 'ntf_reject_1');
    const forged = Buffer.from('somebody else entirely, with their own key').toString('base64');
    expect((await deliver(body, notificationSignature(body, t.clock.now(), forged))).statusCode).toBe(400);
    expect(await statuses(orderId)).toEqual(['INITIATED', 'PAYMENT_INITIATED']);

    const applied = await deliver(body, notificationSignature(body, t.clock.now()));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ received: true, status: 'applied' });
    expect(await statuses(orderId)).toEqual(['INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_FAILED']);
    const replay = await deliver(body, notificationSignature(body, t.clock.now()));
    expect(replay.json()).toEqual({ received: true, status: 'duplicate' });

    const other = notification('payments.captures.accept', paymentId, 'ntf_other_1');
    expect((await deliver(other, notificationSignature(other, t.clock.now()))).json()).toEqual({
      received: true,
      status: 'ignored',
    });

    // An authorisation notified for a payment still waiting is captured and dispatched as the sandbox's is.
    const waiting = await pay('3220');
    const waitingId = waiting.confirm.json().result.order_id as string;
    const [waitingAuthorisation] = await t.db.query<{ provider_ref: string }>(
      'select provider_ref from payment_ledger where idempotency_key = $1',
      [`authorisation:${waitingId}`],
    );
    const accept = notification('payments.payments.accept', waitingAuthorisation!.provider_ref, 'ntf_accept_1');
    expect((await deliver(accept, notificationSignature(accept, t.clock.now()))).json()).toMatchObject({
      status: 'applied',
    });
    expect(await statuses(waitingId)).toEqual(['INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_COMMITTED', 'NEW']);
  });

  it('never captures twice when a capture answer is lost: the transaction search finds it', async () => {
    fake.dropNextAnswer(/\/captures$/);
    const before = fake.calls.length;
    const { confirm, amount } = await pay('1111');
    expect(confirm.statusCode, confirm.body).toBe(200);
    const orderId = confirm.json().result.order_id as string;
    expect(pathsSince(before).filter((path) => path !== '/microform/v2/sessions')).toEqual([
      '/pts/v2/payments',
      '/pts/v2/payments/{id}/captures',
      '/tss/v2/searches',
    ]);
    expect((await orderOf(t, merchant, orderId)).payment).toMatchObject({ status: 'captured', paid_amount: amount });
    expect(await statuses(orderId)).toEqual(['INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_COMMITTED', 'NEW']);
  });

  it('keeps a capture whose answer is lost pending until the search shows it, then commits the order', async () => {
    fake.dropNextAnswer(/\/captures$/);
    fake.lagSearches(1);
    const { confirm, amount } = await pay('1111');
    expect(confirm.statusCode, confirm.body).toBe(200);
    const orderId = confirm.json().result.order_id as string;
    expect(await statuses(orderId)).toEqual(['INITIATED', 'PAYMENT_INITIATED']);
    expect((await orderOf(t, merchant, orderId)).payment).toMatchObject({ status: 'pending' });

    // The payments sweep: the order is not abandoned; the capture is looked up again, not sent again.
    t.clock.advance(20 * 60_000);
    await t.services.payments.cancelAbandoned(t.config.payments.abandonAfterMinutes);
    expect(await statuses(orderId)).toEqual(['INITIATED', 'PAYMENT_INITIATED']);
    const before = fake.calls.length;
    expect(await t.services.payments.reconcileCaptures(t.config.payments.abandonAfterMinutes)).toBeGreaterThanOrEqual(
      1,
    );
    expect(pathsSince(before)).toEqual(['/tss/v2/searches']);
    expect(await statuses(orderId)).toEqual(['INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_COMMITTED', 'NEW']);
    expect((await orderOf(t, merchant, orderId)).payment).toMatchObject({ status: 'captured', paid_amount: amount });
    const captures = fake.calls.filter(
      (call) => /\/captures$/.test(call.path) && call.body.clientReferenceInformation?.code === `capture:${orderId}`,
    );
    expect(captures).toHaveLength(1);
  });

  it('does not capture again a payment whose capture is pending: it is looked up first', async () => {
    const { confirm } = await pay('3220');
    const orderId = confirm.json().result.order_id as string;
    const [authorisation] = await t.db.query<{ provider_ref: string }>(
      'select provider_ref from payment_ledger where idempotency_key = $1',
      [`authorisation:${orderId}`],
    );
    const paymentId = authorisation!.provider_ref;
    // A capture sent before (its answer lost, or the process stopped) left its row pending.
    await t.db.query(
      `insert into payment_ledger (order_id, vendor_id, kind, status, amount_minor, currency, provider,
         idempotency_key, created_at, updated_at)
       select order_id, vendor_id, 'capture', 'pending', amount_minor, currency, provider, $2, now(), now()
         from payment_ledger where idempotency_key = $1`,
      [`authorisation:${orderId}`, `capture:${orderId}`],
    );
    const deliver = async (notificationId: string) => {
      const body = notification('payments.payments.accept', paymentId, notificationId);
      return inject({
        method: 'POST',
        url: '/api/v1/payments/webhook/cybersource',
        headers: { 'content-type': 'application/json', 'v-c-signature': notificationSignature(body, t.clock.now()) },
        payload: body,
      });
    };
    const before = fake.calls.length;
    // CyberSource holds no such capture: none is sent meanwhile, the order waits and the notification is
    // refused so that CyberSource delivers it again.
    expect((await deliver('ntf_pending_1')).statusCode).toBe(409);
    expect(pathsSince(before)).toEqual(['/tss/v2/searches']);
    expect(await statuses(orderId)).toEqual(['INITIATED', 'PAYMENT_INITIATED']);

    // The capture had reached CyberSource after all: the next notification finds it and commits the order.
    const adapter = cybersourceProvider({
      url: fake.url,
      merchantId: MERCHANT_ID,
      keyId: KEY_ID,
      secretKey: SECRET,
      timeoutMs: 2000,
      targetOrigin: 'http://riderdesk.test',
      webhook: null,
      now: t.clock.now,
    });
    await adapter.capture({
      paymentRef: paymentId,
      amountMinor: 100,
      currency: 'PKR',
      idempotencyKey: `capture:${orderId}`,
    });
    const captured = fake.calls.length;
    expect((await deliver('ntf_pending_1')).statusCode).toBe(200);
    expect(pathsSince(captured)).toEqual(['/tss/v2/searches']);
    expect(await statuses(orderId)).toEqual(['INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_COMMITTED', 'NEW']);
  });

  it('never refunds twice when a refund answer is lost: the retry reconciles first', async () => {
    const { confirm, amount } = await pay('1111');
    const orderId = confirm.json().result.order_id as string;
    await t.services.dispatcher.tick();
    fake.dropNextAnswer(/\/refunds$/);
    const cancel = await inject({
      method: 'PUT',
      url: '/api/v1/order/cancel',
      headers: merchant.headers,
      payload: { vendor_id: merchant.vendorId, order_id: orderId, reason: 'mistake_error' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.app.jobs.drain();
    expect((await orderOf(t, merchant, orderId)).payment).toMatchObject({ status: 'refund_failed' });
    // A retry while the transaction search cannot answer sends nothing: the job tries again later.
    fake.dropNextAnswer(/\/tss\/v2\/searches$/);
    await expect(t.services.payments.refund(orderId)).rejects.toThrow(/not reconciled/);
    // The refund job's retry: CyberSource made the refund whose answer was lost, so none is sent again.
    await t.services.payments.refund(orderId);
    const refunds = fake.calls.filter(
      (call) => /\/refunds$/.test(call.path) && call.body.clientReferenceInformation?.code === `refund:${orderId}`,
    );
    expect(refunds).toHaveLength(1);
    expect(fake.calls.at(-1)!.path).toBe('/tss/v2/searches');
    expect((await orderOf(t, merchant, orderId)).payment).toMatchObject({
      status: 'refunded',
      refunded_amount: amount,
    });
    const totals = await t.services.payments.ledgerTotals();
    expect(totals.find((row) => row.order_id === orderId)).toMatchObject({
      captured_minor: toMinor(amount, 'PKR'),
      refunded_minor: toMinor(amount, 'PKR'),
    });
  });

  it('keeps the transient token and card data out of answers, logs and tables', async () => {
    const numbers = ['4111111111111111', '4111110000001111'];
    expect(logLines.length).toBeGreaterThan(10);
    for (const text of [...answers, ...logLines]) for (const number of numbers) expect(text).not.toContain(number);
    // The challenge's card reference is forgotten once decided; no other table holds a transient token.
    const tables = await t.db.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`,
    );
    const tokens = ['1111', '3220', '3221', '9995'].map((last4) => transientToken(last4));
    for (const table of tables) {
      const rows = await t.db.query<{ text: string }>(
        `select t::text as text from "${table.schema}"."${table.name}" t`,
      );
      for (const row of rows) for (const token of tokens) expect(row.text, table.name).not.toContain(token);
    }
    for (const line of logLines) for (const token of tokens) expect(line).not.toContain(token);
  });
});
