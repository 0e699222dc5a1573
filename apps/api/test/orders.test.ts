import { OrderSchema } from '@riderdesk/domain/contracts/orders';
import { orderIdPrefix } from '@riderdesk/domain/order-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_SIGNATURE_TTL_MS } from '../src/modules/pricing/fee-signature.ts';
import { setCountryParameter } from '../src/modules/vendors/repo.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, type Merchant, NEAR, uniqueId } from './support/factories.ts';
import { countOrders, orderBody, postOrder, quoteFee, translationKey } from './support/orders.ts';

type Body = ReturnType<typeof orderBody>;

describe.each(databases())('POST /order on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let stranger: Merchant;
  let quote: Awaited<ReturnType<typeof quoteFee>>;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
    stranger = await createMerchant(t);
    quote = await quoteFee(t, merchant);
  });
  afterAll(() => t.close());

  const valid = (): Body => orderBody(merchant.vendorId, quote);

  it('creates an order with a readable id, a tracking token and a NEW history, fee in major units', async () => {
    expect(quote.fee).toBe(85);
    const response = await postOrder(t, merchant, valid());
    expect(response.statusCode).toBe(200);
    const orderId: string = response.json().result.order_id;
    expect(orderId).toMatch(new RegExp(`^${orderIdPrefix(merchant.vendorId)}-\\d{6}$`));

    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v1/order?vendorId=${merchant.vendorId}&orderId=${orderId}`,
      headers: merchant.headers,
    });
    expect(got.statusCode).toBe(200);
    const order = OrderSchema.parse(got.json().result);
    expect(order).toMatchObject({
      order_id: orderId,
      vendor_id: merchant.vendorId,
      status: 'NEW',
      delivery_fee: 85,
      discount: 0,
      total_amount: 1585,
      collect_amount: 1585,
      fee_paid_by: 'customer',
      order: { amount: 1500, payment_method: 'CASH_ON_DELIVERY', description: 'Two biryani boxes' },
      collection_type: 'instant',
      pickup_eta_minutes: 15,
    });
    expect(order.status_history.map((entry) => entry.status)).toEqual(['NEW']);
    expect(order.tracking_token).toMatch(/^[\w-]{43}$/);
    expect(order.delivery_eta_minutes).toBeGreaterThanOrEqual(8);

    const [row] = await t.db.query<{ delivery_fee_minor: string; amount_minor: string }>(
      'select delivery_fee_minor::text, amount_minor::text from orders where order_id = $1',
      [orderId],
    );
    expect(row).toEqual({ delivery_fee_minor: '8500', amount_minor: '150000' });
  });

  it('gives consecutive orders distinct ids with the vendor prefix', async () => {
    const a = await postOrder(t, merchant, valid());
    const b = await postOrder(t, merchant, valid());
    expect(a.json().result.order_id).not.toBe(b.json().result.order_id);
  });

  // spec §5 "Order payload", in the spec's order; each answers 400 with the browser's key and field.
  const chain: [string, (body: Body) => void, string, string][] = [
    ['no vendor', (b) => (b.vendor_id = ''), 'error.cant-retrieve-vendor-rar', 'vendor'],
    ['no customer name', (b) => (b.customer.name = ''), 'validation.fill-customer-name', 'destinationName'],
    ['digits in the name', (b) => (b.customer.name = 'Ayesha 2'), 'validation.wrong-customer-name', 'destinationName'],
    ['no phone', (b) => (b.customer.phone_number = ''), 'validation.fill-customer-phone', 'destinationPhoneNumber'],
    [
      'impossible phone',
      (b) => (b.customer.phone_number = '+92 30'),
      'validation.phone-incorrect',
      'destinationPhoneNumber',
    ],
    [
      'description over 200 characters',
      (b) => (b.order.description = 'x'.repeat(201)),
      'validation.fill-description',
      'orderDescription',
    ],
    [
      'no address',
      (b) => ((b.customer.location as Record<string, unknown>).address = ' '),
      'validation.fill-address',
      'destinationTextAddress',
    ],
    [
      'no coordinates',
      (b) => delete (b.customer.location as Record<string, unknown>).latitude,
      'validation.invalid-coordinates',
      'coordinates',
    ],
    ['no amount', (b) => delete b.order.amount, 'validation.fill-amount', 'orderAmount'],
    ['amount below the Pakistan minimum', (b) => (b.order.amount = 99), 'Minimum amount of 100 PKR', 'orderAmount'],
    ['amount above the order cap', (b) => (b.order.amount = 100_000_000), 'validation.amount-too-high', 'orderAmount'],
    ['no payment method', (b) => (b.order.payment_method = ''), 'validation.fill-payment-method', 'paymentMethod'],
  ];

  it.each(chain)('refuses %s with its key and writes nothing', async (_name, spoil, key, field) => {
    const before = await countOrders(t.db, merchant.vendorId);
    const body = valid();
    spoil(body);
    const response = await postOrder(t, merchant, body);
    expect(response.statusCode).toBe(400);
    expect(translationKey(response)).toBe(key);
    expect(response.json().errors[0].field).toBe(field);
    expect(await countOrders(t.db, merchant.vendorId)).toBe(before);
  });

  it('answers the first failing step when several fail', async () => {
    const body = valid();
    body.order.amount = 10;
    body.customer.phone_number = '';
    body.customer.name = 'R2D2';
    const response = await postOrder(t, merchant, body);
    expect(translationKey(response)).toBe('validation.wrong-customer-name');
  });

  const serverSteps: [string, (body: Body) => void, string][] = [
    [
      'a payment method the vendor has not enabled',
      (b) => (b.order.payment_method = 'PAYMENT_ON_DELIVERY'),
      'error.no-payment-method-available',
    ],
    ['a VAT number that is not 8 characters', (b) => (b.vat_number = '1234567'), 'validation.vat-number'],
    [
      'notes over 1000 bytes',
      (b) => ((b.customer.location as Record<string, unknown>).notes = 'ک'.repeat(501)),
      'Notes are too long',
    ],
    [
      'an address over 255 bytes',
      (b) => ((b.customer.location as Record<string, unknown>).address = 'a'.repeat(256)),
      'Address is too long',
    ],
  ];

  it.each(serverSteps)('refuses %s', async (_name, spoil, key) => {
    const body = valid();
    spoil(body);
    const response = await postOrder(t, merchant, body);
    expect(response.statusCode).toBe(400);
    expect(translationKey(response)).toBe(key);
  });

  it('accepts an 8-character VAT number and stores age validation', async () => {
    const body = valid();
    body.vat_number = 'PK123456';
    body.age_validation_required = true;
    const response = await postOrder(t, merchant, body);
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.query('select vat_number, age_validation_required from orders where order_id = $1', [
      response.json().result.order_id,
    ]);
    expect(row).toEqual({ vat_number: 'PK123456', age_validation_required: true });
  });

  describe('VAT number (spec §9: 8 characters; blank means none)', () => {
    it.each([
      ['empty', ''],
      ['blank', '   '],
    ])('creates the order with no VAT number when it is %s', async (_name, vatNumber) => {
      const body = valid();
      body.vat_number = vatNumber;
      const response = await postOrder(t, merchant, body);
      expect(response.statusCode).toBe(200);
      const [row] = await t.db.query('select vat_number from orders where order_id = $1', [
        response.json().result.order_id,
      ]);
      expect(row).toEqual({ vat_number: null });
    });

    it('stores a given one without its edge spaces', async () => {
      const body = valid();
      body.vat_number = ' PK123456 ';
      const response = await postOrder(t, merchant, body);
      const [row] = await t.db.query('select vat_number from orders where order_id = $1', [
        response.json().result.order_id,
      ]);
      expect(row).toEqual({ vat_number: 'PK123456' });
    });

    it('refuses 7 characters with validation.vat-number and stores nothing', async () => {
      const before = await countOrders(t.db, merchant.vendorId);
      const body = valid();
      body.vat_number = 'PK12345';
      const response = await postOrder(t, merchant, body);
      expect(response.statusCode).toBe(400);
      expect(translationKey(response)).toBe('validation.vat-number');
      expect(response.json().errors[0].field).toBe('vat_number');
      expect(await countOrders(t.db, merchant.vendorId)).toBe(before);
    });
  });

  describe('input PostgreSQL or Date cannot hold', () => {
    const location = (body: Body) => body.customer.location as Record<string, unknown>;
    const spoilers: [string, (body: Body) => void][] = [
      ['a NUL byte in the customer name', (b) => (b.customer.name = 'Ayesha\u0000Khan')],
      ['a NUL byte in the address', (b) => (location(b).address = 'Flat 3\u0000, Sea Breeze Tower')],
      ['a NUL byte in the notes', (b) => (location(b).notes = 'Ring\u0000twice')],
      ['a NUL byte in the description', (b) => (b.order.description = 'Two\u0000biryani boxes')],
      ['an escape character in the customer name', (b) => (b.customer.name = 'Ayesha\u001b[31m')],
      ['a lone surrogate in the description', (b) => (b.order.description = 'Biryani \ud83d')],
      ['a line break in the customer name', (b) => (b.customer.name = 'Ayesha\nKhan')],
      ['a pre-order time no Date can hold', (b) => (b.preordered_for = 9_007_199_254_740_991)],
      ['an amount of 1e308', (b) => (b.order.amount = 1e308)],
    ];

    it.each(spoilers)('refuses %s with 400 and stores nothing', async (_name, spoil) => {
      const before = await countOrders(t.db, merchant.vendorId);
      const body = valid();
      spoil(body);
      const response = await postOrder(t, merchant, body);
      expect(response.statusCode).toBe(400);
      expect(await countOrders(t.db, merchant.vendorId)).toBe(before);
    });

    it('answers the pre-order key for a time beyond any date', async () => {
      const body = valid();
      body.preordered_for = 9_007_199_254_740_991;
      expect(translationKey(await postOrder(t, merchant, body))).toBe('validation.preorder-window');
    });

    it('keeps line breaks and tabs in notes and descriptions, which are multi-line texts', async () => {
      const body = valid();
      location(body).notes = 'Ring twice\nGate 2,\tblue door';
      body.order.description = 'Biryani x2\r\nRaita';
      const response = await postOrder(t, merchant, body);
      expect(response.statusCode).toBe(200);
      const [row] = await t.db.query('select customer_notes, description from orders where order_id = $1', [
        response.json().result.order_id,
      ]);
      expect(row).toEqual({ customer_notes: 'Ring twice\nGate 2,\tblue door', description: 'Biryani x2\r\nRaita' });
    });
  });

  describe('pre-order window (2 days)', () => {
    const at = (offsetMs: number) => Math.floor((t.clock.now().getTime() + offsetMs) / 1000);

    it('accepts a time within 2 days and lists it as scheduled', async () => {
      const body = valid();
      body.preordered_for = at(2 * 60 * 60 * 1000);
      const response = await postOrder(t, merchant, body);
      expect(response.statusCode).toBe(200);
      const got = await t.app.inject({
        method: 'GET',
        url: `/api/v1/order?vendorId=${merchant.vendorId}&orderId=${response.json().result.order_id}`,
        headers: merchant.headers,
      });
      expect(got.json().result).toMatchObject({ collection_type: 'scheduled', preordered_for: body.preordered_for });
    });

    it.each([
      ['in the past', -60_000, 'validation.preorder-past'],
      ['now', 0, 'validation.preorder-past'],
      ['beyond 2 days', 2 * 24 * 60 * 60 * 1000 + 60_000, 'validation.preorder-window'],
    ])('refuses a time %s, saying why', async (_name, offset, key) => {
      const body = valid();
      body.preordered_for = at(offset);
      const response = await postOrder(t, merchant, body);
      expect(response.statusCode).toBe(400);
      expect(translationKey(response)).toBe(key);
    });
  });

  describe('service hours', () => {
    it('refuses outside the hours with the spec message, and accepts a pre-order inside them', async () => {
      // The clock reads 13:00 in Karachi.
      await setCountryParameter(t.db, 'serviceHours', '1400:2300');
      try {
        const before = await countOrders(t.db, merchant.vendorId);
        const closed = await postOrder(t, merchant, valid());
        expect(closed.statusCode).toBe(422);
        const time = new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Asia/Karachi',
          hour: '2-digit',
          minute: '2-digit',
        }).format(t.clock.now());
        // The sentence for other clients, and the key with its values for the browser to translate.
        expect(closed.json()).toMatchObject({
          code: 'SERVICE_CLOSED',
          message: `Service hours: 14:00 to 23:00. It's ${time}`,
          errors: [
            {
              meta: { translation_key: 'request.error.service-hours', values: { from: '14:00', to: '23:00', time } },
            },
          ],
        });
        expect(await countOrders(t.db, merchant.vendorId)).toBe(before);

        const body = valid();
        body.preordered_for = Math.floor(t.clock.now().getTime() / 1000) + 3 * 60 * 60;
        expect((await postOrder(t, merchant, body)).statusCode).toBe(200);
      } finally {
        await setCountryParameter(t.db, 'serviceHours', '0900:2300');
      }
    });
  });

  describe('delivery area', () => {
    it('refuses a destination outside the radius', async () => {
      const far = { lat: 25.1, lng: 67.3 };
      const farQuote = await quoteFee(t, merchant, far);
      const response = await postOrder(t, merchant, orderBody(merchant.vendorId, farQuote, far));
      expect(response.statusCode).toBe(400);
      expect(translationKey(response)).toBe('request.error.undeliverable-address');
    });
  });

  describe('fee signature', () => {
    it('refuses a tampered fee with error.fee.changed', async () => {
      const body = valid();
      body.delivery_fee = 65;
      const response = await postOrder(t, merchant, body);
      expect(response.statusCode).toBe(400);
      expect(translationKey(response)).toBe('error.fee.changed');
    });

    it('refuses a signature for other coordinates', async () => {
      const body = orderBody(merchant.vendorId, quote, { lat: NEAR.lat + 0.001, lng: NEAR.lng });
      const response = await postOrder(t, merchant, body);
      expect(translationKey(response)).toBe('error.fee.changed');
    });

    it("refuses another vendor's signature", async () => {
      const theirs = await quoteFee(t, stranger);
      const response = await postOrder(t, merchant, orderBody(merchant.vendorId, theirs));
      expect(translationKey(response)).toBe('error.fee.changed');
    });

    it('refuses a forged signature', async () => {
      const [version, expires] = quote.signature.split('.');
      const body = valid();
      body.signature = `${version}.${Number(expires) + 3600}.${'A'.repeat(43)}`;
      expect(translationKey(await postOrder(t, merchant, body))).toBe('error.fee.changed');
    });

    it('answers 409 SignatureExpired once the quote is older than 15 minutes', async () => {
      const fresh = await quoteFee(t, merchant);
      t.clock.advance(FEE_SIGNATURE_TTL_MS + 1000);
      const response = await postOrder(t, merchant, orderBody(merchant.vendorId, fresh));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'SignatureExpired', message: 'SignatureExpired' });
      // spec §4: the browser recomputes the fee and places the order again.
      const recomputed = await quoteFee(t, merchant);
      expect((await postOrder(t, merchant, orderBody(merchant.vendorId, recomputed))).statusCode).toBe(200);
    });
  });

  describe('sender pickup', () => {
    let noPickup: Merchant;
    const sender = {
      location: { latitude: 24.85, longitude: 67.02, address: 'Shop 4, Zainab Market, Saddar', notes: '' },
      name: 'Bilal Traders',
      email: 'bilal@traders.pk',
      phone_number: '+923001112233',
    };

    beforeAll(async () => {
      noPickup = await createMerchant(t, { latitude: null, longitude: null });
    });

    it('requires a sender when the vendor has no saved pickup address', async () => {
      const senderQuote = await quoteFee(t, noPickup, NEAR, { lat: 24.85, lng: 67.02 });
      const response = await postOrder(t, noPickup, orderBody(noPickup.vendorId, senderQuote));
      expect(response.statusCode).toBe(400);
      expect(translationKey(response)).toBe('validation.sender-required');
    });

    it('uses the sender location as the pickup', async () => {
      const senderQuote = await quoteFee(t, noPickup, NEAR, { lat: 24.85, lng: 67.02 });
      const response = await postOrder(t, noPickup, { ...orderBody(noPickup.vendorId, senderQuote), sender });
      expect(response.statusCode).toBe(200);
      const [row] = await t.db.query(
        'select pickup_latitude, pickup_longitude, sender_name from orders where order_id = $1',
        [response.json().result.order_id],
      );
      expect(row).toEqual({ pickup_latitude: 24.85, pickup_longitude: 67.02, sender_name: 'Bilal Traders' });
    });
  });

  describe('scoping', () => {
    it("refuses to create for another merchant's vendor, even with its valid quote", async () => {
      const theirs = await quoteFee(t, stranger);
      const before = await countOrders(t.db, stranger.vendorId);
      const response = await postOrder(t, merchant, orderBody(stranger.vendorId, theirs));
      expect(response.statusCode).toBe(403);
      expect(await countOrders(t.db, stranger.vendorId)).toBe(before);
    });

    it("refuses to read another merchant's order and answers 404 for an order of another vendor id", async () => {
      const created = await postOrder(t, stranger, orderBody(stranger.vendorId, await quoteFee(t, stranger)));
      const orderId = created.json().result.order_id;
      const foreign = await t.app.inject({
        method: 'GET',
        url: `/api/v1/order?vendorId=${stranger.vendorId}&orderId=${orderId}`,
        headers: merchant.headers,
      });
      expect(foreign.statusCode).toBe(403);
      const guessed = await t.app.inject({
        method: 'GET',
        url: `/api/v1/order?vendorId=${merchant.vendorId}&orderId=${orderId}`,
        headers: merchant.headers,
      });
      expect(guessed.statusCode).toBe(404);
    });

    it('ignores a status the browser adds', async () => {
      const fresh = orderBody(merchant.vendorId, await quoteFee(t, merchant));
      const response = await postOrder(t, merchant, { ...fresh, status: 'DELIVERED' });
      expect(response.statusCode).toBe(200);
      const [row] = await t.db.query('select status from orders where order_id = $1', [
        response.json().result.order_id,
      ]);
      expect(row).toEqual({ status: 'NEW' });
    });

    it('refuses an unauthenticated call', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/order', payload: valid() });
      expect(response.statusCode).toBe(401);
    });
  });
});

describe.each(databases())('PUT /order/{orderId} on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let stranger: Merchant;
  const moved = { lat: 24.88, lng: 67.02 };

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
    stranger = await createMerchant(t);
  });
  afterAll(() => t.close());

  async function placeOrder(): Promise<string> {
    const response = await postOrder(t, merchant, orderBody(merchant.vendorId, await quoteFee(t, merchant)));
    return response.json().result.order_id;
  }

  async function updateBody(vendorId = merchant.vendorId) {
    const quote = await quoteFee(t, merchant, moved);
    return {
      vendor_id: vendorId,
      payment_method: 'PAID',
      amount: 2000,
      item_details: 'Three biryani boxes',
      location: { address: 'House 12, Street 4, Bahadurabad', notes: '', latitude: moved.lat, longitude: moved.lng },
      delivery_fee: quote.fee,
      signature: quote.signature,
    };
  }

  const put = (orderId: string, body: unknown, who = merchant) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/order/${orderId}`,
      headers: who.headers,
      payload: body as Record<string, unknown>,
    });

  it('edits before pickup, re-prices it and appends MODIFIED', async () => {
    const orderId = await placeOrder();
    const body = await updateBody();
    const response = await put(orderId, body);
    expect(response.statusCode).toBe(200);
    const order = OrderSchema.parse(response.json().result);
    expect(order).toMatchObject({
      status: 'MODIFIED',
      delivery_fee: body.delivery_fee,
      order: { amount: 2000, payment_method: 'PAID', description: 'Three biryani boxes' },
      customer: { location: { address: 'House 12, Street 4, Bahadurabad', latitude: moved.lat } },
    });
    expect(order.status_history.map((entry) => entry.status)).toEqual(['NEW', 'MODIFIED']);
  });

  it('saves the name and phone an edit carries, the phone in E.164, and checks them like a create', async () => {
    const orderId = await placeOrder();
    const body = { ...(await updateBody()), customer: { name: 'Bilal Ahmed', phone_number: '0321 7654321' } };
    const response = await put(orderId, body);
    expect(response.statusCode).toBe(200);
    expect(response.json().result.customer).toMatchObject({ name: 'Bilal Ahmed', phone_number: '+923217654321' });
    const [row] = await t.db.query('select customer_name, customer_phone from orders where order_id = $1', [orderId]);
    expect(row).toEqual({ customer_name: 'Bilal Ahmed', customer_phone: '+923217654321' });

    const wrong = { ...(await updateBody()), customer: { name: 'Bilal Ahmed', phone_number: '12345' } };
    expect(translationKey(await put(orderId, wrong))).toBe('validation.phone-incorrect');
    const [kept] = await t.db.query('select customer_phone from orders where order_id = $1', [orderId]);
    expect(kept).toEqual({ customer_phone: '+923217654321' });
  });

  describe('the time of a scheduled order', () => {
    const hence = (hours: number) => Math.floor(t.clock.now().getTime() / 1000) + hours * 3600;
    async function placeScheduled(dueIn: number): Promise<{ orderId: string; due: number }> {
      const due = hence(dueIn);
      const body = { ...orderBody(merchant.vendorId, await quoteFee(t, merchant)), preordered_for: due };
      return { orderId: (await postOrder(t, merchant, body)).json().result.order_id, due };
    }

    it('moves a pre-order that is not due yet, which stays scheduled', async () => {
      const { orderId } = await placeScheduled(2);
      const later = hence(4);
      const response = await put(orderId, { ...(await updateBody()), preordered_for: later });
      expect(response.statusCode).toBe(200);
      expect(response.json().result).toMatchObject({
        preordered_for: later,
        collection_type: 'scheduled',
        status: 'NEW',
      });
    });

    it('keeps the time when the body does not name one, and refuses a time outside the window or the hours', async () => {
      const { orderId, due } = await placeScheduled(2);
      expect((await put(orderId, await updateBody())).json().result.preordered_for).toBe(due);
      const beyond = await put(orderId, { ...(await updateBody()), preordered_for: hence(49) });
      expect(translationKey(beyond)).toBe('validation.preorder-window');
      // 13:00 in Karachi plus 11 hours is midnight, outside 09:00-23:00.
      const closed = await put(orderId, { ...(await updateBody()), preordered_for: hence(11) });
      expect(translationKey(closed)).toBe('request.error.service-hours');
      const [row] = await t.db.query<{ due: Date }>('select preordered_for as due from orders where order_id = $1', [
        orderId,
      ]);
      expect(row?.due.getTime()).toBe(due * 1000);
    });

    it('refuses to schedule an order that is already due', async () => {
      const orderId = await placeOrder();
      const response = await put(orderId, { ...(await updateBody()), preordered_for: hence(3) });
      expect(response.statusCode).toBe(409);
      expect(translationKey(response)).toBe('error.order.schedule-not-editable');
    });
  });

  it('edits the order of a vendor with no pickup estimate, and the server keeps answering', async () => {
    // A newly registered business has no estimation_pick_up_time: the edit asks for the nearest rider
    // inside its transaction, which on one PGlite connection used to wait for itself forever.
    const fresh = await createMerchant(t, { estimation_pick_up_time: null });
    const created = await postOrder(t, fresh, orderBody(fresh.vendorId, await quoteFee(t, fresh)));
    expect(created.statusCode).toBe(200);
    const quote = await quoteFee(t, fresh, moved);
    const response = await put(
      created.json().result.order_id,
      { ...(await updateBody(fresh.vendorId)), delivery_fee: quote.fee, signature: quote.signature },
      fresh,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().result.status).toBe('MODIFIED');
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('refuses an edit once the order is picked up', async () => {
    const orderId = await placeOrder();
    await t.db.query(`update orders set status = 'PICKED_UP' where order_id = $1`, [orderId]);
    const response = await put(orderId, await updateBody());
    expect(response.statusCode).toBe(409);
    expect(translationKey(response)).toBe('error.order.not-editable');
    const [row] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from order_status_history where order_id = $1',
      [orderId],
    );
    expect(row?.n).toBe(1);
  });

  it('refuses a cancelled order', async () => {
    const orderId = await placeOrder();
    await t.db.query(`update orders set status = 'CANCELLED' where order_id = $1`, [orderId]);
    expect((await put(orderId, await updateBody())).statusCode).toBe(409);
  });

  it('re-validates like a create: spec §5 keys and the fee signature', async () => {
    const orderId = await placeOrder();
    const low = { ...(await updateBody()), amount: 50 };
    expect(translationKey(await put(orderId, low))).toBe('Minimum amount of 100 PKR');
    const slipOfZeros = { ...(await updateBody()), amount: 100_000_000 };
    expect(translationKey(await put(orderId, slipOfZeros))).toBe('validation.amount-too-high');
    const tampered = { ...(await updateBody()), delivery_fee: 1 };
    expect(translationKey(await put(orderId, tampered))).toBe('error.fee.changed');
    const [row] = await t.db.query('select status from orders where order_id = $1', [orderId]);
    expect(row).toEqual({ status: 'NEW' });
  });

  it("refuses another merchant's order with 403", async () => {
    const orderId = await placeOrder();
    const response = await put(orderId, await updateBody(), stranger);
    expect(response.statusCode).toBe(403);
    const theirs = await put(orderId, await updateBody(stranger.vendorId), stranger);
    expect(theirs.statusCode).toBe(404);
  });

  it('answers 404 for an unknown order', async () => {
    const response = await put(`${uniqueId('X')}-1`, await updateBody());
    expect(response.statusCode).toBe(404);
  });
});
