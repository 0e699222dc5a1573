import { PaymentAuthAnswerSchema, PaymentIntentAnswerSchema } from '@riderdesk/domain/contracts/payments';
import { toMinor } from '@riderdesk/domain/money';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentWebhookSecret } from '../src/app.ts';
import { failPendingPayment } from '../src/modules/payments/fail-pending-payment.ts';
import { SIGNATURE_HEADER, signWebhook } from '../src/modules/payments/webhook-signature.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, type Merchant } from './support/factories.ts';
import { countOrders, orderBody, orderOf, placeOrder, postOrder, quoteFee, translationKey } from './support/orders.ts';

const MINUTE = 60_000;
const CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  challenge: '4000000000003220',
  challengeFails: '4000008400001629',
} as const;

describe.each(databases())('card payments with the sandbox provider on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  const logLines: string[] = [];
  const answers: string[] = [];

  async function call(options: InjectOptions): Promise<LightMyRequestResponse> {
    const response = await t.app.inject(options);
    answers.push(response.body, JSON.stringify(response.headers));
    return response;
  }

  async function wallet(who = merchant) {
    const response = await call({
      method: 'POST',
      url: `/api/v1/order/payment/auth/${who.vendorId}`,
      headers: who.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return PaymentAuthAnswerSchema.parse(response.json()).result;
  }

  /** What the hosted card fields do: the card goes to the provider, a token comes back. */
  async function tokenise(walletId: string, number: string, overrides: Record<string, string> = {}) {
    return call({
      method: 'POST',
      url: '/api/v1/payments/sandbox/tokens',
      payload: {
        wallet_id: walletId,
        number,
        exp_month: '12',
        exp_year: '30',
        cvc: '123',
        holder_name: 'Ayesha Khan',
        ...overrides,
      },
    });
  }

  async function cardOrderBody(who = merchant) {
    const body = orderBody(who.vendorId, await quoteFee(t, who));
    body.order.payment_method = 'ONLINE_PAYMENT';
    return body;
  }

  async function intent(walletId: string, body: Record<string, unknown>, key?: string) {
    const response = await call({
      method: 'POST',
      url: '/api/v1/order/payment/intent',
      headers: { ...merchant.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { wallet_id: walletId, order: body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return PaymentIntentAnswerSchema.parse(response.json()).result;
  }

  function confirm(payload: Record<string, unknown>, key?: string) {
    return call({
      method: 'POST',
      url: '/api/v1/order/payment/intent/confirm',
      headers: { ...merchant.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  }

  /** The whole browser flow with a new card; answers the confirm's response and what it was sent with. */
  async function payWithNewCard(number: string, options: { save?: boolean } = {}) {
    const auth = await wallet();
    const token = (await tokenise(auth.wallet_id, number)).json().token as string;
    expect(token).toBeTruthy();
    const body = await cardOrderBody();
    const created = await intent(auth.wallet_id, body);
    const payload = {
      order: body,
      bearer_token: auth.access_token,
      purchase_intent_id: created.intent_id,
      payment_method: 'generic_creditcard',
      payment_instrument_id: null,
      card: { token, holder_name: 'Ayesha Khan', save_card: options.save ?? false },
    };
    return { response: await confirm(payload), payload, intent: created };
  }

  const drain = () => t.app.jobs.drain();
  const statuses = async (orderId: string) =>
    (await orderOf(t, merchant, orderId)).status_history.map((entry) => entry.status);
  const payment = async (orderId: string) =>
    (await orderOf(t, merchant, orderId)).payment as {
      status: string;
      paid_amount: number;
      refunded_amount: number;
      card: { scheme: string; last4: string } | null;
    };

  beforeAll(async () => {
    t = await buildTestApp({
      kind,
      ...IN_SERVICE_HOURS,
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => logLines.push(line) },
    });
    merchant = await createMerchant(t, {
      payment_methods: { CASH_ON_DELIVERY: true, PAID: true, ONLINE_PAYMENT: true },
    });
  });
  afterAll(() => t.close());

  it('charges the delivery fee of a good card, then dispatches only after PAYMENT_COMMITTED', async () => {
    const { response, intent: created } = await payWithNewCard(CARDS.success);
    expect(response.statusCode, response.body).toBe(200);
    const orderId = response.json().result.order_id as string;
    expect(response.json().result.redirect_required).toBeUndefined();
    expect((await orderOf(t, merchant, orderId)).status).toBe('PAYMENT_INITIATED');
    expect((await payment(orderId)).status).toBe('pending');

    await drain();
    expect(await statuses(orderId)).toEqual(['INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_COMMITTED', 'NEW']);
    const paid = await payment(orderId);
    expect(paid).toMatchObject({
      status: 'captured',
      paid_amount: created.amount,
      card: { scheme: 'visa', last4: '4242' },
    });
    const order = await orderOf(t, merchant, orderId);
    // The card pays the delivery fee; the rider collects nothing at the door.
    expect(created.amount).toBe(order.delivery_fee);
    expect(order.collect_amount).toBe(0);
  });

  it('refuses to edit an order paid by card: its charge is fixed', async () => {
    const { response } = await payWithNewCard(CARDS.success);
    const orderId = response.json().result.order_id as string;
    await drain();
    const before = await orderOf(t, merchant, orderId);
    expect(before.status).toBe('NEW');
    const moved = { lat: 24.88, lng: 67.02 };
    const quote = await quoteFee(t, merchant, moved);
    const edit = await call({
      method: 'PUT',
      url: `/api/v1/order/${orderId}`,
      headers: merchant.headers,
      payload: {
        vendor_id: merchant.vendorId,
        payment_method: 'PAID',
        amount: 2000,
        item_details: 'Three biryani boxes',
        location: { address: 'House 12, Street 4, Bahadurabad', notes: '', latitude: moved.lat, longitude: moved.lng },
        delivery_fee: quote.fee,
        signature: quote.signature,
      },
    });
    expect(edit.statusCode).toBe(409);
    expect(translationKey(edit)).toBe('error.order.card-paid-not-editable');
    const after = await orderOf(t, merchant, orderId);
    expect(after).toMatchObject({ status: 'NEW', delivery_fee: before.delivery_fee, order: before.order });
  });

  it.each([
    [CARDS.declined, 'error.payment.card-declined'],
    [CARDS.insufficientFunds, 'error.payment.insufficient-funds'],
  ])('refuses %s with %s and the order ends PAYMENT_FAILED, never dispatched', async (number, key) => {
    const before = await countOrders(t.db, merchant.vendorId);
    const { response } = await payWithNewCard(number);
    expect(response.statusCode).toBe(402);
    expect(translationKey(response)).toBe(key);
    expect(await countOrders(t.db, merchant.vendorId)).toBe(before + 1);
    const [row] = await t.db.query<{ order_id: string; status: string }>(
      'select order_id, status from orders where vendor_id = $1 order by created_at desc, order_id desc limit 1',
      [merchant.vendorId],
    );
    await drain();
    expect(await statuses(row!.order_id)).toEqual(['INITIATED', 'PAYMENT_FAILED']);
    expect((await payment(row!.order_id)).status).toBe('failed');
  });

  it('sends a 3-D Secure card to the challenge page and back to the order, then commits', async () => {
    const { response } = await payWithNewCard(CARDS.challenge);
    expect(response.statusCode, response.body).toBe(200);
    const { order_id: orderId, redirect_required: redirect } = response.json().result;
    expect(redirect.redirectUrl).toMatch(/^\/api\/v1\/payments\/sandbox\/challenge\//);
    expect((await payment(orderId)).status).toBe('authentication_required');

    const page = await call({ method: 'GET', url: redirect.redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('3220');
    expect(page.body).toContain('Authenticate');
    const answered = await call({
      method: 'POST',
      url: redirect.redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=authenticate',
    });
    expect(answered.statusCode).toBe(303);
    expect(answered.headers.location).toBe(`/order-tracking/${merchant.vendorId}?order_id=${orderId}`);

    await drain();
    expect(await statuses(orderId)).toEqual(['INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_COMMITTED', 'NEW']);
    // A second answer to the same challenge changes nothing.
    const again = await call({
      method: 'POST',
      url: redirect.redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=fail',
    });
    expect(again.statusCode).toBe(303);
    await drain();
    expect((await orderOf(t, merchant, orderId)).status).toBe('NEW');
  });

  it('fails the order of the card whose challenge fails, and of a challenge the cardholder fails', async () => {
    for (const [number, action] of [
      [CARDS.challengeFails, 'authenticate'],
      [CARDS.challenge, 'fail'],
    ] as const) {
      const { response } = await payWithNewCard(number);
      const { order_id: orderId, redirect_required: redirect } = response.json().result;
      await call({
        method: 'POST',
        url: redirect.redirectUrl,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `action=${action}`,
      });
      await drain();
      expect(await statuses(orderId)).toEqual(['INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_FAILED']);
      expect((await payment(orderId)).status).toBe('failed');
    }
  });

  it('says on the way back from a failed challenge why it failed, for the page to offer the order again', async () => {
    const { response } = await payWithNewCard(CARDS.challengeFails);
    const { order_id: orderId, redirect_required: redirect } = response.json().result;
    const answered = await call({
      method: 'POST',
      url: redirect.redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=authenticate',
    });
    expect(answered.statusCode).toBe(303);
    const back = new URL(answered.headers.location as string, 'http://x');
    expect(back.pathname).toBe(`/order-tracking/${merchant.vendorId}`);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      order_id: orderId,
      payment_error: 'error.payment.authentication-failed',
    });
  });

  it('lists no order whose card payment never succeeded; it reads "Payment failed" by its id', async () => {
    const { response } = await payWithNewCard(CARDS.declined);
    expect(response.statusCode).toBe(402);
    const [row] = await t.db.query<{ order_id: string }>(
      `select order_id from orders where vendor_id = $1 and status = 'PAYMENT_FAILED'
        order by created_at desc, order_id desc limit 1`,
      [merchant.vendorId],
    );
    const list = await call({
      method: 'GET',
      url: `/api/v1/vendor/${merchant.vendorId}/orders?count=200`,
      headers: merchant.headers,
    });
    expect(list.statusCode).toBe(200);
    const ids = (list.json().result.data as { order_id: string; status: string }[]).map((order) => order.order_id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(row!.order_id);
    expect((await orderOf(t, merchant, row!.order_id)).status).toBe('PAYMENT_FAILED');
  });

  it('checks Luhn, expiry and CVC in the hosted fields', async () => {
    const auth = await wallet();
    expect((await tokenise(auth.wallet_id, '4242424242424241')).json()).toEqual({ errors: ['number'] });
    // The test clock stands in 2026: 02/26 has run out.
    expect((await tokenise(auth.wallet_id, CARDS.success, { exp_year: '26', exp_month: '02' })).json()).toEqual({
      errors: ['expiry'],
    });
    expect((await tokenise(auth.wallet_id, CARDS.success, { cvc: '12' })).json()).toEqual({ errors: ['cvc'] });
    expect((await tokenise('wal_unknown', CARDS.success)).statusCode).toBe(409);
  });

  it('confirms an intent once: a retry replays the first answer and charges nothing more', async () => {
    const { response, payload } = await payWithNewCard(CARDS.success);
    const orderId = response.json().result.order_id;
    const before = await countOrders(t.db, merchant.vendorId);
    const retry = await confirm(payload);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().result.order_id).toBe(orderId);
    expect(await countOrders(t.db, merchant.vendorId)).toBe(before);
    await drain();
    const captures = await t.db.query(`select 1 from payment_ledger where order_id = $1 and kind = 'capture'`, [
      orderId,
    ]);
    expect(captures).toHaveLength(1);
  });

  it('answers the same intent to a retried intent call with the same Idempotency-Key', async () => {
    const auth = await wallet();
    const body = await cardOrderBody();
    const first = await intent(auth.wallet_id, body, 'intent-key-1');
    const second = await intent(auth.wallet_id, body, 'intent-key-1');
    expect(second.intent_id).toBe(first.intent_id);
  });

  it('takes webhook calls only signed, fresh and once', async () => {
    const { response } = await payWithNewCard(CARDS.success);
    const orderId = response.json().result.order_id as string;
    const [auth] = await t.db.query<{ provider_ref: string }>(
      `select provider_ref from payment_ledger where order_id = $1 and kind = 'authorisation'`,
      [orderId],
    );
    const body = JSON.stringify({
      id: 'evt_test_1',
      type: 'payment.authorised',
      paymentRef: auth!.provider_ref,
      code: null,
    });
    const secret = paymentWebhookSecret(t.config);
    const deliver = (signature: string) =>
      call({
        method: 'POST',
        url: '/api/v1/payments/webhook/sandbox',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
        payload: body,
      });

    expect((await deliver(signWebhook('another-secret-another-secret-0000', body, t.clock.now()))).statusCode).toBe(
      400,
    );
    expect((await deliver('t=1,v1=abc')).statusCode).toBe(400);
    const stale = signWebhook(secret, body, new Date(t.clock.now().getTime() - 10 * MINUTE));
    expect((await deliver(stale)).statusCode).toBe(400);
    expect((await orderOf(t, merchant, orderId)).status).toBe('PAYMENT_INITIATED');

    const signature = signWebhook(secret, body, t.clock.now());
    const first = await deliver(signature);
    expect(first.json()).toEqual({ received: true, status: 'applied' });
    expect((await orderOf(t, merchant, orderId)).status).toBe('NEW');
    const replayed = await deliver(signature);
    expect(replayed.json()).toEqual({ received: true, status: 'duplicate' });
    await drain();
    expect(await statuses(orderId)).toEqual(['INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_COMMITTED', 'NEW']);
  });

  it('refunds a paid order the merchant cancels', async () => {
    const { response } = await payWithNewCard(CARDS.success);
    const orderId = response.json().result.order_id as string;
    await drain();
    await t.services.dispatcher.tick();
    const cancel = await call({
      method: 'PUT',
      url: '/api/v1/order/cancel',
      headers: merchant.headers,
      payload: { vendor_id: merchant.vendorId, order_id: orderId, reason: 'mistake_error' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await payment(orderId)).status).toBe('refund_pending');
    await drain();
    const refunded = await payment(orderId);
    expect(refunded.status).toBe('refunded');
    expect(refunded.refunded_amount).toBe(refunded.paid_amount);
    expect(refunded.paid_amount).toBeGreaterThan(0);
  });

  it('refunds a paid order cancelled for no_courier', async () => {
    const { response } = await payWithNewCard(CARDS.success);
    const orderId = response.json().result.order_id as string;
    await drain();
    await t.services.dispatcher.tick();
    t.clock.advance(t.config.dispatch.noCourierMinutes * MINUTE + 1000);
    await t.services.dispatcher.tick();
    const order = await orderOf(t, merchant, orderId);
    expect(order.status).toBe('CANCELLED');
    expect(order.cancel_reason).toBe('no_courier');
    await drain();
    expect(await payment(orderId)).toMatchObject({ status: 'refunded' });
  });

  it('keeps a saved card as scheme, bin, last four, expiry and holder, pays with it, and removes it', async () => {
    const { response } = await payWithNewCard(CARDS.success, { save: true });
    expect(response.statusCode).toBe(200);
    await drain();
    const listed = await call({
      method: 'GET',
      url: `/api/v1/order/payment/cards/${merchant.vendorId}`,
      headers: merchant.headers,
    });
    const [card] = listed.json().result;
    expect(card).toMatchObject({
      scheme: 'visa',
      bin: '424242',
      last4: '4242',
      exp_month: 12,
      exp_year: 2030,
      holder_name: 'Ayesha Khan',
    });

    const auth = await wallet();
    const body = await cardOrderBody();
    const created = await intent(auth.wallet_id, body);
    expect(created.payment_methods[0]!.paymentInstruments.map((saved) => saved.id)).toContain(card.id);
    const paid = await confirm({
      order: body,
      bearer_token: auth.access_token,
      purchase_intent_id: created.intent_id,
      payment_method: 'generic_creditcard',
      payment_instrument_id: card.id,
      card: null,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await drain();
    expect((await orderOf(t, merchant, paid.json().result.order_id)).status).toBe('NEW');

    const removed = await call({
      method: 'DELETE',
      url: `/api/v1/order/payment/cards/${merchant.vendorId}/${card.id}`,
      headers: merchant.headers,
    });
    expect(removed.statusCode).toBe(200);
    const after = await call({
      method: 'GET',
      url: `/api/v1/order/payment/cards/${merchant.vendorId}`,
      headers: merchant.headers,
    });
    expect(after.json().result).toEqual([]);
  });

  it('refuses a wrong wallet token, and a fee that no longer matches the intent', async () => {
    const auth = await wallet();
    const token = (await tokenise(auth.wallet_id, CARDS.success)).json().token;
    const body = await cardOrderBody();
    const created = await intent(auth.wallet_id, body);
    const base = {
      order: body,
      bearer_token: 'x'.repeat(43),
      purchase_intent_id: created.intent_id,
      payment_method: 'generic_creditcard',
      payment_instrument_id: null,
      card: { token, holder_name: 'Ayesha Khan', save_card: false },
    };
    expect((await confirm(base)).statusCode).toBe(401);
    const farther = await quoteFee(t, merchant, { lat: 24.9, lng: 67.05 });
    const moved = orderBody(merchant.vendorId, farther, { lat: 24.9, lng: 67.05 });
    moved.order.payment_method = 'ONLINE_PAYMENT';
    const changed = await confirm({ ...base, bearer_token: auth.access_token, order: moved });
    expect(changed.statusCode).toBe(409);
    expect(translationKey(changed)).toBe('error.fee.changed');
  });

  it('offers no card payment where the vendor has none, and POST /order never takes it', async () => {
    const cashOnly = await createMerchant(t);
    const refused = await call({
      method: 'POST',
      url: `/api/v1/order/payment/auth/${cashOnly.vendorId}`,
      headers: cashOnly.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(translationKey(refused)).toBe('error.payment.get-if-enabled');
    const direct = await postOrder(t, merchant, await cardOrderBody());
    expect(direct.statusCode).toBe(400);
    expect(translationKey(direct)).toBe('error.no-payment-method-available');
  });

  it('cancels a payment left waiting for its challenge', async () => {
    const { response } = await payWithNewCard(CARDS.challenge);
    const orderId = response.json().result.order_id as string;
    t.clock.advance(t.config.payments.abandonAfterMinutes * MINUTE + 1000);
    expect(await t.services.payments.cancelAbandoned(t.config.payments.abandonAfterMinutes)).toBeGreaterThanOrEqual(1);
    expect(await statuses(orderId)).toEqual(['INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_CANCELLED']);
    expect((await payment(orderId)).status).toBe('cancelled');
  });

  it('fails only a payment still pending: one decided meanwhile stays as it is, and any other refusal propagates', async () => {
    const { response } = await payWithNewCard(CARDS.challenge);
    const orderId = response.json().result.order_id as string;
    const deps = { lifecycle: t.services.lifecycle, now: t.services.now, book: t.services.ledger.bookCardMovement };
    const failed = { key: `authorisation:${orderId}`, status: 'failed' as const, code: 'card_declined' };
    expect(await failPendingPayment(deps, orderId, { settle: [failed] })).toBe(true);
    expect(await failPendingPayment(deps, orderId, { to: 'PAYMENT_CANCELLED', settle: [failed] })).toBe(false);
    expect(await statuses(orderId)).toEqual(['INITIATED', 'PAYMENT_INITIATED', 'PAYMENT_FAILED']);
    expect((await payment(orderId)).status).toBe('failed');
    await expect(failPendingPayment(deps, '00000000-0000-4000-8000-000000000000', {})).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('reconciles the ledger with the orders: captures and refunds per order', async () => {
    // A cash order is not in the ledger.
    await placeOrder(t, merchant);
    await drain();
    const ledger = await t.services.payments.ledgerTotals();
    const orders = await t.db.query<{ order_id: string; paid_minor: number; refunded_minor: number }>(
      `select order_id, paid_minor::float8 as paid_minor, refunded_minor::float8 as refunded_minor from orders
        where payment_method = 'ONLINE_PAYMENT' and (paid_minor > 0 or refunded_minor > 0) order by order_id`,
    );
    expect(orders.length).toBeGreaterThan(3);
    expect(ledger.filter((row) => row.captured_minor > 0 || row.refunded_minor > 0)).toEqual(
      orders.map((order) => ({
        order_id: order.order_id,
        captured_minor: order.paid_minor,
        refunded_minor: order.refunded_minor,
      })),
    );
    const sum = (rows: { a: number }[]) => rows.reduce((total, row) => total + row.a, 0);
    expect(sum(ledger.map((row) => ({ a: row.captured_minor - row.refunded_minor })))).toBe(
      sum(orders.map((order) => ({ a: order.paid_minor - order.refunded_minor }))),
    );
    // The one book (decision 178) holds the same captures and refunds, card against the merchant, per order.
    const book = await t.db.query<{ order_id: string; card_minor: number }>(
      `select t.order_id, sum(e.amount_minor)::float8 as card_minor
         from ledger_transactions t join ledger_entries e on e.transaction_id = t.transaction_id
        where e.account_id = 'platform:card' group by t.order_id order by t.order_id`,
    );
    expect(book.filter((row) => row.card_minor !== 0)).toEqual(
      orders
        .filter((order) => order.paid_minor !== order.refunded_minor)
        .map((order) => ({ order_id: order.order_id, card_minor: order.paid_minor - order.refunded_minor })),
    );
    expect(toMinor(1, 'PKR')).toBe(100);
  });

  it('never shows a card number in an answer, a log line or a table', async () => {
    const numbers = Object.values(CARDS);
    expect(answers.length).toBeGreaterThan(50);
    expect(logLines.length).toBeGreaterThan(10);
    for (const text of [...answers, ...logLines]) {
      for (const number of numbers) expect(text).not.toContain(number);
    }
    const tables = await t.db.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    for (const table of tables) {
      const rows = await t.db.query<{ text: string }>(
        `select t::text as text from "${table.schema}"."${table.name}" t`,
      );
      for (const row of rows) for (const number of numbers) expect(row.text, table.name).not.toContain(number);
    }
  });
});
