import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PaymentAuthAnswerSchema, PaymentIntentAnswerSchema } from '@riderdesk/domain/contracts/payments';
import { toMinor } from '@riderdesk/domain/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cybersourceProvider } from '../src/modules/payments/cybersource-provider.ts';
import type { PaymentProvider } from '../src/modules/payments/provider.ts';
import { buildTestApp, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, type Merchant } from './support/factories.ts';
import { orderBody, orderOf, quoteFee, translationKey } from './support/orders.ts';

const MERCHANT_ID = 'riderdesk_test';
const KEY_ID = '08c94330-f618-42a3-b09d-e1e43be5efda';
const SECRET = Buffer.from('a shared secret key of the business center!').toString('base64');
const STEP_UP_URL = 'https://centinelapistag.cardinalcommerce.com/V2/Cruise/StepUp';

/** What the adapter sends CyberSource, as far as the fake reads it. */
interface CybersourceBody {
  clientReferenceInformation?: { code: string };
  processingInformation?: { capture?: boolean; actionList?: string[]; actionTokenTypes?: string[] };
  orderInformation?: { amountDetails: { totalAmount: string; currency: string } };
  tokenInformation?: { transientTokenJwt?: string };
  paymentInformation?: { paymentInstrument?: { id: string } };
  consumerAuthenticationInformation?: { returnUrl?: string };
}

interface Recorded {
  method: string;
  path: string;
  body: CybersourceBody;
  signatureValid: boolean;
  signature: Record<string, string>;
}

/**
 * A Microform transient token as CyberSource's hosted fields answer it: a JWT whose payload shows the
 * masked number, type and expiry (the fake does not check its signature; the adapter reads only those).
 */
function transientToken(last4: string, type = '001'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return [
    part({ kid: '3g', alg: 'RS256' }),
    part({
      data: { number: `411111XXXXXX${last4}`, type, expirationMonth: '12', expirationYear: '2030' },
      iss: 'Flex/08',
      type: 'mf-2.0.0',
    }),
    'c2lnbmF0dXJl',
  ].join('.');
}

const last4Of = (jwt: string): string => {
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return String(payload.data.number).slice(-4);
};

/** Checks a call's HTTP Signature as CyberSource does: the digest of the body, then the HMAC of the headers. */
function verify(request: IncomingMessage, body: string): { valid: boolean; params: Record<string, string> } {
  const header = String(request.headers.signature ?? '');
  const params = Object.fromEntries(
    [...header.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1] ?? '', match[2] ?? '']),
  );
  if (params.keyid !== KEY_ID || params.algorithm !== 'HmacSHA256') return { valid: false, params };
  const digest = `SHA-256=${createHash('sha256').update(body).digest('base64')}`;
  if (request.method === 'POST' && request.headers.digest !== digest) return { valid: false, params };
  const values: Record<string, string> = {
    host: String(request.headers.host),
    date: String(request.headers.date),
    'request-target': `${request.method?.toLowerCase()} ${request.url}`,
    digest,
    'v-c-merchant-id': String(request.headers['v-c-merchant-id']),
  };
  const signingString = (params.headers ?? '')
    .split(' ')
    .map((name) => `${name}: ${values[name]}`)
    .join('\n');
  const expected = createHmac('sha256', Buffer.from(SECRET, 'base64')).update(signingString).digest();
  const given = Buffer.from(params.signature ?? '', 'base64');
  return { valid: expected.length === given.length && timingSafeEqual(expected, given), params };
}

/** A local stand-in for CyberSource's REST API, answering /pts/v2 in its documented shapes. */
async function fakeCybersource() {
  const requests: Recorded[] = [];
  let counter = 0;
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const { valid, params } = verify(request, text);
      const body = (text ? JSON.parse(text) : {}) as CybersourceBody;
      const path = request.url ?? '/';
      requests.push({ method: request.method ?? '', path, body, signatureValid: valid, signature: params });
      const answer = (status: number, json: unknown) => {
        response.statusCode = status;
        response.setHeader('content-type', 'application/hal+json');
        response.end(JSON.stringify(json));
      };
      if (!valid) return answer(401, { response: { rmsg: 'Authentication Failed' } });
      const id = `7000000000${String(++counter).padStart(12, '0')}`;
      const submitTimeUtc = '2026-11-24T08:00:00Z';
      if (request.method === 'POST' && path === '/pts/v2/payments') {
        const jwt = body.tokenInformation?.transientTokenJwt;
        const last4 = jwt ? last4Of(jwt) : body.paymentInformation?.paymentInstrument?.id === 'pi_saved' ? '1111' : '';
        const amountDetails = body.orderInformation?.amountDetails;
        if (last4 === '0002' || last4 === '9995') {
          return answer(201, {
            id,
            submitTimeUtc,
            status: 'DECLINED',
            errorInformation: {
              reason: last4 === '0002' ? 'PROCESSOR_DECLINED' : 'INSUFFICIENT_FUND',
              message: 'Decline - General decline of the card.',
            },
          });
        }
        if (last4 === '3220') {
          return answer(201, {
            id,
            submitTimeUtc,
            status: 'PENDING_AUTHENTICATION',
            errorInformation: { reason: 'CONSUMER_AUTHENTICATION_REQUIRED', message: 'The cardholder is enrolled' },
            consumerAuthenticationInformation: {
              accessToken: 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln',
              stepUpUrl: STEP_UP_URL,
              authenticationTransactionId: 'pJ0ZnCWPlTBLi8bdjVU0',
            },
          });
        }
        if (last4 !== '1111') return answer(400, { status: 'INVALID_REQUEST', reason: 'INVALID_DATA' });
        const isSaving = body.processingInformation?.actionList?.includes('TOKEN_CREATE') ?? false;
        return answer(201, {
          id,
          submitTimeUtc,
          status: 'AUTHORIZED',
          clientReferenceInformation: body.clientReferenceInformation,
          orderInformation: {
            amountDetails: { authorizedAmount: amountDetails?.totalAmount, currency: amountDetails?.currency },
          },
          processorInformation: { approvalCode: '888888', responseCode: '100' },
          ...(isSaving ? { tokenInformation: { paymentInstrument: { id: 'pi_saved' } } } : {}),
        });
      }
      const movement = /^\/pts\/v2\/payments\/(\d+)\/(captures|refunds)$/.exec(path);
      if (request.method === 'POST' && movement) {
        return answer(201, {
          id,
          submitTimeUtc,
          status: 'PENDING',
          clientReferenceInformation: body.clientReferenceInformation,
          ...(movement[2] === 'refunds'
            ? { refundAmountDetails: { refundAmount: body.orderInformation?.amountDetails.totalAmount } }
            : { orderInformation: { amountDetails: body.orderInformation?.amountDetails } }),
        });
      }
      return answer(404, { status: 'NOT_FOUND' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the CyberSource REST adapter against a fake CyberSource', () => {
  let fake: Awaited<ReturnType<typeof fakeCybersource>>;
  const now = () => new Date('2026-11-24T08:00:00Z');
  const adapter = (secretKey = SECRET) =>
    cybersourceProvider({ url: fake.url, merchantId: MERCHANT_ID, keyId: KEY_ID, secretKey, timeoutMs: 2000, now });
  const confirmWith = (provider: PaymentProvider, last4: string, save = false) =>
    provider.confirm({
      providerIntentId: 'cs_intent',
      walletId: 'wal_1',
      amountMinor: 25_050,
      currency: 'PKR',
      source: { kind: 'token', token: transientToken(last4), holderName: 'Ayesha Khan', save },
      returnUrl: '/order-tracking/v1?order_id=o1',
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
    const request = fake.requests.at(-1)!;
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
      consumerAuthenticationInformation: { returnUrl: '/order-tracking/v1?order_id=o1' },
    });
  });

  it('maps DECLINED reasons, PENDING_AUTHENTICATION and INVALID_REQUEST', async () => {
    const provider = adapter();
    expect(await confirmWith(provider, '0002')).toMatchObject({ status: 'declined', code: 'card_declined' });
    expect(await confirmWith(provider, '9995')).toMatchObject({ status: 'declined', code: 'insufficient_funds' });
    expect(await confirmWith(provider, '3220')).toMatchObject({
      status: 'challenge_required',
      redirectUrl: STEP_UP_URL,
      card: { last4: '3220' },
    });
    expect(await confirmWith(provider, '0000')).toMatchObject({ status: 'declined', code: 'invalid_card' });
  });

  it('asks for a payment instrument when the card is saved, and pays with it later', async () => {
    const provider = adapter();
    const saved = await confirmWith(provider, '1111', true);
    expect(saved).toMatchObject({ status: 'authorised', instrumentRef: 'pi_saved' });
    expect(fake.requests.at(-1)!.body.processingInformation).toMatchObject({
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
      idempotencyKey: 'confirm:int_2',
    });
    expect(again.status).toBe('authorised');
    expect(fake.requests.at(-1)!.body.paymentInformation).toEqual({ paymentInstrument: { id: 'pi_saved' } });
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
    expect(fake.requests.at(-1)).toMatchObject({
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
    expect(fake.requests.at(-1)!.path).toBe('/pts/v2/payments/7000000000000000000001/refunds');
  });

  it('is refused with a wrong key: the confirm is answered as unavailable, a refund fails and is retried', async () => {
    const wrong = adapter(Buffer.from('not the key the business center holds').toString('base64'));
    await expect(confirmWith(wrong, '1111')).rejects.toMatchObject({ statusCode: 503 });
    expect(fake.requests.at(-1)!.signatureValid).toBe(false);
    expect(
      await wrong.refund({
        paymentRef: '7000000000000000000001',
        amountMinor: 1,
        currency: 'PKR',
        idempotencyKey: 'r',
      }),
    ).toMatchObject({ status: 'failed', code: 'provider_unavailable' });
  });
});

describe('card payments through the API with the CyberSource adapter', () => {
  let fake: Awaited<ReturnType<typeof fakeCybersource>>;
  let t: TestApp;
  let merchant: Merchant;

  beforeAll(async () => {
    fake = await fakeCybersource();
    let appNow = () => new Date();
    const provider = cybersourceProvider({
      url: fake.url,
      merchantId: MERCHANT_ID,
      keyId: KEY_ID,
      secretKey: SECRET,
      timeoutMs: 2000,
      now: () => appNow(),
    });
    t = await buildTestApp({
      ...IN_SERVICE_HOURS,
      // Microform is not framed by the card step yet: the test stands in for its capture context.
      paymentProvider: { ...provider, authoriseWallet: async () => ({ cardFieldsUrl: `${fake.url}/microform` }) },
    });
    appNow = t.clock.now;
    merchant = await createMerchant(t, { payment_methods: { CASH_ON_DELIVERY: true, ONLINE_PAYMENT: true } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function pay(last4: string) {
    const auth = await t.app.inject({
      method: 'POST',
      url: `/api/v1/order/payment/auth/${merchant.vendorId}`,
      headers: merchant.headers,
    });
    expect(auth.statusCode, auth.body).toBe(200);
    const wallet = PaymentAuthAnswerSchema.parse(auth.json()).result;
    const body = orderBody(merchant.vendorId, await quoteFee(t, merchant));
    body.order.payment_method = 'ONLINE_PAYMENT';
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/order/payment/intent',
      headers: merchant.headers,
      payload: { wallet_id: wallet.wallet_id, order: body },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const created = PaymentIntentAnswerSchema.parse(intent.json()).result;
    expect(created.payment_methods[0]?.name).toBe('cybersource_creditcard');
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/v1/order/payment/intent/confirm',
      headers: merchant.headers,
      payload: {
        order: body,
        bearer_token: wallet.access_token,
        purchase_intent_id: created.intent_id,
        payment_method: 'cybersource_creditcard',
        payment_instrument_id: null,
        card: { token: transientToken(last4), holder_name: 'Ayesha Khan', save_card: false },
      },
    });
    return { confirm, amount: created.amount };
  }

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
    const [payment, capture] = fake.requests.slice(-2);
    expect(payment!.path).toBe('/pts/v2/payments');
    expect(capture!.path).toMatch(/^\/pts\/v2\/payments\/7\d+\/captures$/);

    // The dispatcher releases the order to the riders, where the merchant may cancel it (spec §4).
    await t.services.dispatcher.tick();
    const cancel = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/order/cancel',
      headers: merchant.headers,
      payload: { vendor_id: merchant.vendorId, order_id: orderId, reason: 'mistake_error' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.app.jobs.drain();
    const refunded = await orderOf(t, merchant, orderId);
    expect(refunded.payment).toMatchObject({ status: 'refunded', refunded_amount: amount });
    expect(fake.requests.at(-1)!.path).toMatch(/^\/pts\/v2\/payments\/7\d+\/refunds$/);
    expect(fake.requests.every((request) => request.signatureValid)).toBe(true);
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

  it('sends a 3-D Secure card to the issuer step-up page', async () => {
    const { confirm } = await pay('3220');
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().result.redirect_required).toEqual({ redirectUrl: STEP_UP_URL });
    const order = await orderOf(t, merchant, confirm.json().result.order_id);
    expect(order.payment).toMatchObject({ status: 'authentication_required' });
  });

  it('offers no card payment to the browser until Microform is framed', async () => {
    const provider = cybersourceProvider({
      url: fake.url,
      merchantId: MERCHANT_ID,
      keyId: KEY_ID,
      secretKey: SECRET,
      timeoutMs: 2000,
      now: () => new Date(),
    });
    await expect(provider.authoriseWallet()).rejects.toMatchObject({ statusCode: 403 });
  });
});
