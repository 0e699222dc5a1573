import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkUserToVendor } from '../src/modules/vendors/repo.ts';
import { insertVoucher } from '../src/modules/vouchers/repo.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import {
  createMerchant,
  createRider,
  createVendor,
  type Merchant,
  NEAR,
  OUTLET,
  relogin,
  type TestRider,
} from './support/factories.ts';
import {
  type Example,
  mutationsOf,
  type Operation,
  operationOf,
  operationsOf,
  recording,
  requestFor,
} from './support/hostile-requests.ts';
import { orderBody, placeOrder, proof, quoteFee, riderCall } from './support/orders.ts';

/**
 * Every route the API documents, called with hostile parameters, queries and bodies by an anonymous
 * caller, a logged-in merchant and a rider: none may answer 5xx. The routes are read from the OpenAPI
 * document the app generates, so a new route is covered without touching this file.
 *
 * Requests come two ways: built from the route's documented schema, with hostile values mixed in at every
 * level; and, where the fixture made a valid call to the route, that call with one parameter, query value
 * or body field replaced by a hostile value, so the value reaches the services behind the checks that a
 * random request never passes (a fee signature, an owned order).
 */

type CallerKind = 'anonymous' | 'merchant' | 'rider';
// An anonymous call stops at the schema or the login check; a logged-in one goes on into the services, so
// it gets more runs: enough to meet every hostile family on every field, few enough to keep a route to seconds.
const RUNS: Record<CallerKind, number> = { anonymous: 15, merchant: 40, rider: 40 };

/** The routes, read once from an app of their own (listing them needs a built app, which needs a database). */
async function enumerateOperations(): Promise<Operation[]> {
  const t = await buildTestApp({ kind: 'pglite', ...IN_SERVICE_HOURS });
  try {
    return operationsOf(t.app);
  } finally {
    await t.close();
  }
}

const operations = await enumerateOperations();

describe('the route list', () => {
  it('is read from the app and holds the routes of every module', () => {
    const paths = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/v1/vendor/{id}',
        'POST /api/v1/order',
        'POST /api/v1/voucher/validate',
        'POST /merchant/api/v1/orders/fee',
        'PUT /merchant/api/v1/outlets/{client_vendor_id}',
      ]),
    );
    expect(paths.length).toBeGreaterThan(40);
  });
});

describe.each(databases())('hostile input on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let rider: TestRider;
  let known: string[];
  const examples: Example[] = [];
  /** The headers each caller made the examples with. */
  let firstHeaders: Record<CallerKind, { authorization?: string }>;

  /** Valid calls of most routes, as a browser, a rider app and a visitor make them. */
  async function recordExamples(): Promise<void> {
    const r: TestApp = { ...t, app: recording(t.app, examples) };
    const call = async (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
      headers = merchant.headers,
    ) => {
      const response = await r.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      const isJson = String(response.headers['content-type']).startsWith('application/json');
      return (isJson ? response.json() : {}) as { result: Record<string, unknown> };
    };
    merchant = await createMerchant(r);
    rider = await createRider(t.db, OUTLET);
    await insertVoucher(t.db, { code: 'HOSTILE10', type: 'percentage', value: 10, currency: 'PKR' });
    const { vendorId } = merchant;
    await call('PUT', '/api/v1/rider/availability', { available: true }, rider.headers);

    // One order delivered with its proofs, one with the rider on the way, one cancelled.
    const delivered = await placeOrder(r, merchant);
    await t.services.dispatcher.tick();
    for (const [action, payload] of [
      ['accept', undefined],
      ['arrived-at-vendor', undefined],
      ['collected', proof()],
      ['left-vendor', undefined],
      ['near-customer', undefined],
      ['delivered', proof()],
    ] as const) {
      await riderCall({ app: r.app }, rider, delivered, action, payload);
    }
    const active = await placeOrder(r, merchant);
    await t.services.dispatcher.tick();
    await riderCall({ app: r.app }, rider, active, 'accept');
    await call('POST', '/api/v1/rider/position', { latitude: 24.861, longitude: 67.001, heading: 90 }, rider.headers);
    const cancelled = await placeOrder(r, merchant);
    // No rider is free, so the order waits for transport: a status the merchant may cancel (spec §4).
    await t.services.dispatcher.tick();
    await call('PUT', '/api/v1/order/cancel', { vendor_id: vendorId, order_id: cancelled, reason: 'mistake_error' });

    // An order with every optional field: a voucher, a VAT number, a pre-order time.
    const quote = await quoteFee(r, merchant);
    const at = Math.floor(t.clock.now().getTime() / 1000);
    const discount = await call('POST', '/api/v1/voucher/validate', {
      code: 'HOSTILE10',
      order: { order_time: at, delivery_fee: quote.fee, signature: quote.signature },
      vendor_id: vendorId,
    });
    await call('POST', '/api/v1/order', {
      ...orderBody(vendorId, quote),
      vat_number: 'PK123456',
      preordered_for: at + 3 * 3600,
      voucher: discount.result.voucher,
      discounted_delivery_fee: discount.result.delivery_fee,
      discounted_delivery_fee_signature: discount.result.signature,
    });
    const moved = await quoteFee(r, merchant, { lat: 24.875, lng: 67.02 });
    await call('PUT', `/api/v1/order/${active}`, {
      vendor_id: vendorId,
      payment_method: 'PAID',
      amount: 2000,
      item_details: 'Three biryani boxes',
      location: { address: 'House 12, Street 4, Bahadurabad', notes: 'Gate 2', latitude: 24.875, longitude: 67.02 },
      delivery_fee: moved.fee,
      signature: moved.signature,
    });

    // An outlet of the same merchant without a saved pickup: its orders carry the sender (spec §3).
    const senderVendor = await createVendor(t.db, { latitude: null, longitude: null, payment_methods: { PAID: true } });
    const [user] = await t.db.query<{ id: string }>('select id::text as id from users where email = $1', [
      merchant.email,
    ]);
    await linkUserToVendor(t.db, user!.id, senderVendor.vendor_id);
    const senderQuote = await quoteFee(r, { ...merchant, vendorId: senderVendor.vendor_id }, NEAR, OUTLET);
    await call('POST', '/api/v1/order', {
      ...orderBody(senderVendor.vendor_id, senderQuote),
      order: { payment_method: 'PAID', amount: 1500, description: 'A gift box', cold_bag_needed: false },
      sender: {
        location: { latitude: OUTLET.lat, longitude: OUTLET.lng, address: 'Shop 4, Saddar', notes: '' },
        name: 'Chai Khana',
        email: 'owner@chai.pk',
        phone_number: '+922135871234',
      },
    });
    await call('PUT', `/api/v1/vendor/${senderVendor.vendor_id}/address`, {
      address_text: 'Shop 4, Abdullah Haroon Road, Saddar',
      unit: 'Shop 4',
      notes: 'Enter from the back lane',
      building: 'Zainab Market',
      city: 'Karachi',
      country_code: 'PK',
      latitude: 24.8575,
      longitude: 67.0268,
      postal_code: '74400',
      street_address: 'Abdullah Haroon Road',
    });

    const area = {
      location: { lat: NEAR.lat, lng: NEAR.lng },
      vendor_location: { latitude: OUTLET.lat, longitude: OUTLET.lng },
      vendor_id: vendorId,
    };
    await call('POST', '/api/v1/delivery/area/validate', area);
    await call('POST', '/api/v1/estimations', area);
    const from = new Date(t.clock.now().getTime() - 3600_000).toISOString();
    const to = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    const page = await call(
      'GET',
      `/api/v1/vendor/${vendorId}/orders?count=1&include_outlets=true&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    const paginationKey = (page.result.pagination as { pagination_key: string }).pagination_key;
    await call('GET', `/api/v1/vendor/${vendorId}/orders?count=1&pagination_key=${paginationKey}`);
    await call('GET', `/api/v1/vendor/${vendorId}/orders?scheduled=true&customer_phone_number=%2B923001234567`);
    await call('GET', `/api/v1/order?vendorId=${vendorId}&orderId=${active}`);
    await call(
      'GET',
      `/api/v1/vendor/${vendorId}/orders/export?format=csv&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&status=ANY&search=Ayesha`,
    );
    await call('GET', '/api/v1/bulk-job/example-file');
    await call('GET', `/api/v1/bulk-job/all/${vendorId}`);
    await call('GET', '/api/v1/get-country-parameter/serviceHours');
    await call('GET', '/api/v1/vendors');
    await call('GET', `/api/v1/order/${delivered}/proofs/delivery`);
    await call('GET', `/api/v1/riders/${rider.id}`);
    await call('GET', `/api/v1/vendor/${vendorId}`);
    await call('GET', '/api/v1/voucher/HOSTILE10');
    await call('GET', `/api/v1/addressbook/search-customers/${vendorId}?query=Ayesha`);
    await call('GET', '/api/v1/geolocator/autocomplete?query=Zamzama&country=PK&lat=24.86&lng=67&language=en');
    await call('GET', '/api/v1/geolocator/reverse?lat=24.8138&lng=67.03');
    await call('GET', '/api/v1/geolocator/details?query_id=latlng:24.81380,67.03000');
    await call('GET', `/api/v1/flags?vendor_id=${vendorId}`);
    // Exports by e-mail, the monthly statement, the help centre's token and the terms download.
    const exportJob = await call('POST', `/api/v1/vendor/${vendorId}/orders/export-jobs`, { format: 'csv', from, to });
    const exportId = (exportJob.result.export_job as { export_id: string }).export_id;
    await call('GET', `/api/v1/vendor/${vendorId}/orders/export-jobs`);
    await call('GET', `/api/v1/vendor/${vendorId}/orders/export-jobs/${exportId}`);
    const month = t.clock.now().toISOString().slice(0, 7);
    await call('GET', `/api/v1/vendor/${vendorId}/statement?month=${month}&format=xlsx&include_outlets=false`);
    await call('GET', `/api/v1/vendor/${vendorId}/hc_jwt_token`);
    await call('GET', '/api/v1/terms.pdf');
    // The merchant API: a client with a key and a secret, its token, its outlets, a second key and revocations.
    const spki = { type: 'spki', format: 'pem' } as const;
    const publicKeyPem = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export(spki).toString();
    const created = await call('POST', '/api/v1/merchant-api/clients', {
      vendor_id: vendorId,
      name: 'Till',
      scope: 'all',
      public_key_pem: publicKeyPem(),
      with_secret: true,
    });
    const client = created as unknown as {
      client: { client_id: string; keys: { key_id: string }[] };
      client_secret: string;
    };
    await call('GET', '/api/v1/merchant-api/clients');
    const tokenAnswer = await r.app.inject({
      method: 'POST',
      url: '/merchant/api/v1/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.client.client_id,
        client_secret: client.client_secret,
      }).toString(),
    });
    if (tokenAnswer.statusCode !== 200) throw new Error(`token: ${tokenAnswer.statusCode} ${tokenAnswer.body}`);
    const apiHeaders = { authorization: `Bearer ${tokenAnswer.json().access_token}` };
    // This merchant's branch is an outlet, answered pandago's 401 "not a parent": still a well-formed call.
    await r.app.inject({ method: 'GET', url: '/merchant/api/v1/outletList', headers: apiHeaders });
    // pandago's order, estimate, position, proof and outlet calls of that client.
    const api = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      r.app.inject({ method, url: `/merchant/api/v1${path}`, headers: apiHeaders, ...(payload ? { payload } : {}) });
    const apiOrder = {
      client_order_id: 'hostile-api-order',
      sender: { client_vendor_id: vendorId },
      recipient: {
        name: 'Ayesha Khan',
        phone_number: '+923001234567',
        location: { address: 'Flat 3, Sea Breeze Tower', latitude: NEAR.lat, longitude: NEAR.lng },
        notes: 'Ring twice',
      },
      amount: 1500,
      payment_method: 'CASH_ON_DELIVERY',
      description: 'Two biryani boxes',
    };
    await api('POST', '/orders/fee', apiOrder);
    await api('POST', '/orders/time', apiOrder);
    const apiOrderId = (await api('POST', '/orders', apiOrder)).json().order_id as string;
    await api('GET', `/orders/${apiOrderId}`);
    await api('PUT', `/orders/${apiOrderId}`, { amount: 1600, description: 'Three biryani boxes' });
    await api('GET', `/orders/${active}/coordinates`);
    for (const kind of ['pickup', 'delivery']) await api('GET', `/orders/proof_of_${kind}/${delivered}`);
    await api('GET', `/outlets/${vendorId}`);
    await api('PUT', `/outlets/${vendorId}`, {
      name: 'Hostile outlet',
      address: 'Clifton, Karachi',
      latitude: OUTLET.lat,
      longitude: OUTLET.lng,
      city: 'Karachi',
      phone_number: '+92 21 3587-1234',
      currency: 'PKR',
      locale: 'en-PK',
    });
    await call('POST', `/api/v1/merchant-api/clients/${client.client.client_id}/keys`, {
      public_key_pem: publicKeyPem(),
    });
    await call(
      'DELETE',
      `/api/v1/merchant-api/clients/${client.client.client_id}/keys/${client.client.keys[0]!.key_id}`,
    );
    const spare = await call('POST', '/api/v1/merchant-api/clients', {
      vendor_id: vendorId,
      name: 'Spare',
      scope: 'all',
      with_secret: true,
    });
    await call('DELETE', `/api/v1/merchant-api/clients/${(spare as unknown as typeof client).client.client_id}`);
    await call('GET', `/api/v1/dev/outbox?to=${encodeURIComponent(merchant.email)}&limit=5`);
    await call('POST', '/api/v1/password/forgot', { email_address: merchant.email });
    await call('POST', '/api/v1/register', {
      registration_type: 'NPV',
      business_name: 'Nihari House',
      mobile_number: '+923001112233',
      vat_number: 'PK654321',
      email_address: 'owner@nihari.pk',
      password: 'Karachi#2026',
    });
    // The delivered cash order settled, so the Finance page's settlement, statement and dispute have examples.
    const settlementId = await t.services.ledger.settleMerchant(vendorId, new Date(t.services.now().getTime() + 1000));
    await call('GET', `/api/v1/vendor/${vendorId}/finance`);
    const settlement = await call('GET', `/api/v1/vendor/${vendorId}/finance/settlements/${settlementId}`);
    await call('GET', `/api/v1/vendor/${vendorId}/finance/settlements/${settlementId}/statement?format=csv&lang=en`);
    const lines = (settlement.result as { lines: { line_id: string }[] }).lines;
    await call('POST', `/api/v1/vendor/${vendorId}/finance/lines/${lines[0]!.line_id}/dispute`, {
      reason: 'The customer paid more',
    });
    const [order] = await t.db.query<{ tracking_token: string }>(
      'select tracking_token from orders where order_id = $1',
      [delivered],
    );
    for (const page of ['tracking', 'delivery-receipt', 'tracking-c2c']) {
      await call('GET', `/api/v1/public/${page}/${order!.tracking_token}`, undefined, {});
    }
    // Customer messages (decision 175), last: the outlet then asks its cash customers to confirm (decision 175).
    const triggers = Object.fromEntries(
      ['order_confirmed', 'picked_up', 'rider_near', 'delivered', 'failed'].map((name) => [
        name,
        { enabled: true, channel: 'sms' },
      ]),
    );
    await call('GET', `/api/v1/customer-messages/settings?vendor_id=${vendorId}`);
    await call('PUT', '/api/v1/customer-messages/settings', {
      vendor_id: vendorId,
      triggers,
      language: 'ur_alt',
      quiet_hours: '2200:0800',
      handover_pin_required: true,
      cash_confirmation_minutes: 15,
    });
    await call('GET', `/api/v1/customer-messages/preview?vendor_id=${vendorId}`);
    await call('GET', `/api/v1/customer-messages/orders/${delivered}?vendor_id=${vendorId}`);
    const waiting = (await call('POST', '/api/v1/order', orderBody(vendorId, await quoteFee(r, merchant)))).result
      .order_id as string;
    await call('PUT', '/api/v1/order/confirm-cash', { vendor_id: vendorId, order_id: waiting });
    const second = (await call('POST', '/api/v1/order', orderBody(vendorId, await quoteFee(r, merchant)))).result
      .order_id as string;
    const [secondOrder] = await t.db.query<{ tracking_token: string }>(
      'select tracking_token from orders where order_id = $1',
      [second],
    );
    await call('POST', `/api/v1/public/tracking/${secondOrder!.tracking_token}/confirm`, undefined, {});
    // The merchant API's confirmation for the customer (decision 175), of an order of that outlet waiting for it.
    const apiWaiting = (await api('POST', '/orders', { ...apiOrder, client_order_id: 'hostile-api-waiting' })).json()
      .order_id as string;
    await api('POST', `/orders/${apiWaiting}/customer_confirmation`);
    await t.app.jobs.drain();
    const [text] = await t.db.query<{ id: string }>(
      `select id::text as id from customer_messages where provider = 'outbox' and channel = 'sms' limit 1`,
    );
    await call('POST', '/api/v1/dev/outbox/reply', { message_id: text!.id, text: 'URDU' });
    known = [
      vendorId,
      active,
      delivered,
      order!.tracking_token,
      rider.id,
      'HOSTILE10',
      merchant.email,
      quote.signature,
    ];
    firstHeaders = { anonymous: {}, merchant: merchant.headers, rider: rider.headers };
  }

  beforeAll(async () => {
    // The public pages are rate limited per IP; every injected call comes from the same one.
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS, dispatch: { publicRateLimit: 1_000_000 } });
    await recordExamples();
  });
  afterAll(() => t.close());

  async function headersFor(caller: CallerKind): Promise<Record<string, string>> {
    if (caller === 'rider') return rider.headers;
    if (caller === 'anonymous') return {};
    // A hostile call may have ended the session (POST /logout); each route starts logged in.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: merchant.headers });
    if (me.statusCode === 401) merchant = await relogin(t, merchant);
    return merchant.headers;
  }

  it('has valid examples of most routes to make hostile', () => {
    // The console's routes answer operators only, whom this test does not sign in: each is still called by every
    // caller here (and must not answer 5xx), but the share of routes with valid examples counts the others.
    const reachable = operations.filter((operation) => !operation.path.startsWith('/api/v1/console/'));
    const covered = new Set(examples.map((example) => operationOf(example, reachable)));
    covered.delete(undefined);
    expect(covered.size).toBeGreaterThan(reachable.length / 2);
  });

  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s never answers 5xx',
    async (_name, operation) => {
      const ofRoute = examples.filter((example) => operationOf(example, operations) === operation);
      for (const [caller, numRuns] of Object.entries(RUNS) as [CallerKind, number][]) {
        // A call is made hostile by the caller who made it valid, so it gets past the ownership checks.
        const own = ofRoute.filter((example) => example.authorization === firstHeaders[caller].authorization);
        const fromExamples = mutationsOf(own.length > 0 ? own : ofRoute, operation);
        const requests = fromExamples
          ? fc.oneof({ arbitrary: requestFor(operation, known), weight: 1 }, { arbitrary: fromExamples, weight: 3 })
          : requestFor(operation, known);
        const headers = await headersFor(caller);
        await fc.assert(
          fc.asyncProperty(requests, async (request) => {
            const response = await t.app.inject({
              method: operation.method,
              url: request.url,
              headers: request.contentType ? { ...headers, 'content-type': request.contentType } : headers,
              ...(request.payload === undefined ? {} : { payload: request.payload }),
            });
            if (response.statusCode >= 500) {
              throw new Error(`${caller}: ${operation.method} ${request.url.slice(0, 300)} → ${response.statusCode}`);
            }
          }),
          { numRuns },
        );
      }
    },
  );
});
