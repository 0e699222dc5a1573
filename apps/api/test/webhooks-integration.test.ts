import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallbackBody } from '@riderdesk/domain/merchant-api/callback';
import { apiStatusTrail } from '@riderdesk/domain/merchant-api/callback';
import type { OrderStatus, StatusHistoryEntry } from '@riderdesk/domain/order-status';
import { WEBHOOK_EVENT_TYPES } from '@riderdesk/domain/webhook-events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DELIVER_QUEUE } from '../src/modules/webhooks/deps.ts';
import { WEBHOOK_SWEEP_QUEUE } from '../src/modules/webhooks/orphan-sweep.ts';
import { EVENT_ID_HEADER, verifyWebhook } from '../src/modules/webhooks/signing.ts';
import { SWEEP_GRACE_MS } from '../src/modules/webhooks/workflows/sweep.ts';
import {
  buildTestApp,
  createTestDb,
  type DatabaseKind,
  databases,
  IN_SERVICE_HOURS,
  type TestApp,
  type TestAppOptions,
  type TestDb,
} from './support/app.ts';
import { createMerchant, createRider, type Merchant, NEAR, OUTLET } from './support/factories.ts';
import { placeOrder, quoteFee } from './support/orders.ts';

interface Received {
  eventId: string;
  type: string;
  body: CallbackBody;
  raw: string;
  verification: string;
  answered: number;
}

/**
 * A merchant's receiver on loopback: checks each request's signature as it arrives (against the app's
 * clock) and answers 500 to the next `failNext` requests, 200 to the others.
 */
async function startReceiver(secretOf: () => string, clock: () => Date) {
  const received: Received[] = [];
  let failures = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const answered = failures > 0 ? 500 : 200;
      if (failures > 0) failures -= 1;
      const headers: IncomingHttpHeaders = req.headers;
      received.push({
        eventId: String(headers[EVENT_ID_HEADER]),
        type: '',
        body: JSON.parse(raw) as CallbackBody,
        raw,
        verification: verifyWebhook({ secret: secretOf(), body: raw, headers, now: clock() }),
        answered,
      });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/riderdesk`,
    received,
    failNext(n: number) {
      failures = n;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// A delivery takes about a hundred ticks at twelve simulated seconds a tick (simulator.test.ts).
const MAX_TICKS = 1_000;
const SIMULATION = { simSpeed: 600, simTickMs: 20, simUnreachableProbability: 0, simDeclineProbability: 0 };
const END: readonly OrderStatus[] = ['DELIVERED', 'RETURNED_TO_VENDOR', 'CANCELLED'];

describe.each(databases())('webhooks of orders driven by the simulator on %s', (kind: DatabaseKind) => {
  let testDb: TestDb;
  let t: TestApp;
  let merchant: Merchant;
  let secret = '';
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let interval = 0;

  /** The app on the test database, the simulator on; failed attempts are tried again at once. */
  const start = (at: Date, options: Partial<TestAppOptions> = {}) =>
    buildTestApp({
      db: testDb.db,
      ...IN_SERVICE_HOURS,
      start: at,
      dispatch: SIMULATION,
      webhooks: { nextAttempt: ({ failedAttempts, now }) => (failedAttempts < 20 ? now : null) },
      ...options,
    });

  async function statusOf(orderId: string): Promise<OrderStatus> {
    const [row] = await t.db.query<{ status: OrderStatus }>('select status from orders where order_id = $1', [orderId]);
    return row!.status;
  }

  /**
   * Dispatcher and simulator tick in turn (the simulator's wall clock, `performance`, faked); the deliveries
   * due are drained after each tick when `deliver` is set, and every tenth tick is a new location interval.
   */
  async function drive(orderIds: string[], until: (ticks: number) => Promise<boolean>, deliver = true) {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      for (let tick = 0; tick < MAX_TICKS && !(await until(tick)); tick++) {
        await t.services.dispatcher.tick();
        await t.services.simulator.tick();
        vi.advanceTimersByTime(t.config.dispatch.simTickMs);
        if (tick % 10 === 0) await t.services.webhooks.sendLocations(interval++);
        if (deliver) await t.app.jobs.drain();
      }
    } finally {
      vi.useRealTimers();
    }
    return Promise.all(orderIds.map(statusOf));
  }

  const allOver = (orderIds: string[]) => async () =>
    (await Promise.all(orderIds.map(statusOf))).every((status) => END.includes(status));

  async function historyOf(orderId: string): Promise<StatusHistoryEntry[]> {
    return t.db.query<StatusHistoryEntry>(
      'select status, created_at::text as created_at from order_status_history where order_id = $1 order by id',
      [orderId],
    );
  }

  /** What the receiver accepted, each event once (repeats dropped by event id), of one order and type. */
  function accepted(orderId: string, type: string): Received[] {
    const seen = new Set<string>();
    return receiver.received.filter((r) => {
      if (r.answered !== 200 || r.body.order_id !== orderId || r.type !== type || seen.has(r.eventId)) return false;
      seen.add(r.eventId);
      return true;
    });
  }

  /** The event type of each request, from the delivery log (the body is the same for every type). */
  async function labelTypes() {
    const rows = await t.db.query<{ event_id: string; event_type: string }>(
      'select event_id::text as event_id, event_type from webhook_deliveries',
    );
    const typeOf = new Map(rows.map((row) => [row.event_id, row.event_type]));
    for (const r of receiver.received) r.type = typeOf.get(r.eventId) ?? 'unknown';
  }

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    t = await start(IN_SERVICE_HOURS.start);
    merchant = await createMerchant(t);
    receiver = await startReceiver(
      () => secret,
      () => t.clock.now(),
    );
    const endpoint = await t.services.webhooks.createEndpoint({
      vendorId: merchant.vendorId,
      url: receiver.url,
      events: [...WEBHOOK_EVENT_TYPES],
    });
    secret = endpoint.secret;
    for (const offset of [0.004, 0.005, 0.006]) {
      await createRider(t.db, { lat: OUTLET.lat + offset, lng: OUTLET.lng }, { simulated: true });
    }
  }, 120_000);

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await testDb?.drop();
  });

  it('sends every status of each order signed, in order and once, through failures and a restart', async () => {
    const delivered = [await placeOrder(t, merchant), await placeOrder(t, merchant)];

    // An order edited, then cancelled by the merchant before a rider takes it.
    const cancelled = await placeOrder(t, merchant);
    const quote = await quoteFee(t, merchant, NEAR);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/order/${cancelled}`,
      headers: merchant.headers,
      payload: {
        vendor_id: merchant.vendorId,
        payment_method: 'PAID',
        amount: 2500,
        item_details: 'Two biryani boxes',
        location: { address: 'House 12, Street 4, Bahadurabad', notes: '', latitude: NEAR.lat, longitude: NEAR.lng },
        delivery_fee: quote.fee,
        signature: quote.signature,
      },
    });
    expect(edit.statusCode).toBe(200);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/order/cancel',
      headers: merchant.headers,
      payload: { vendor_id: merchant.vendorId, order_id: cancelled, reason: 'mistake_error' },
    });
    expect(cancel.statusCode).toBe(200);
    await t.app.jobs.drain();

    // The receiver answers 500 for a while: attempts are repeated until it takes them.
    receiver.failNext(7);
    await drive(delivered, async () => receiver.received.filter((r) => r.answered === 500).length >= 7);
    expect(receiver.received.filter((r) => r.answered === 500)).toHaveLength(7);

    // Events are recorded while nothing is delivered, then the server stops with them pending.
    const recordedBefore = receiver.received.length;
    await drive(delivered, async (ticks) => ticks >= 25, false);
    expect(receiver.received.length).toBe(recordedBefore);
    const [pending] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from webhook_deliveries where state = 'pending'",
    );
    expect(pending!.n).toBeGreaterThan(0);
    const stoppedAt = t.clock.now();
    await t.close();

    // Another server on the same database takes the deliveries over and the orders on to their end.
    t = await start(stoppedAt);
    expect(await drive(delivered, allOver(delivered))).toEqual(['DELIVERED', 'DELIVERED']);
    await t.app.jobs.drain();
    await labelTypes();

    const [open] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from webhook_deliveries where state <> 'delivered'",
    );
    expect(open!.n).toBe(0);
    for (const r of receiver.received) expect(r.verification).toBe('valid');
    // Nothing personal: the recipient's name, phone and address stay out of every body.
    const [customer] = await t.db.query<{ customer_name: string; customer_phone: string; customer_address: string }>(
      'select customer_name, customer_phone, customer_address from orders where order_id = $1',
      [delivered[0]!],
    );
    for (const r of receiver.received) {
      for (const personal of Object.values(customer!)) expect(r.raw).not.toContain(personal);
    }

    for (const orderId of [...delivered, cancelled]) {
      const trail = apiStatusTrail(await historyOf(orderId));
      expect(accepted(orderId, 'order.status_changed').map((r) => r.body.status)).toEqual(trail);
      expect(accepted(orderId, 'order.created')).toHaveLength(1);
      // Per order, the receiver saw its events in the order they happened: creation first, the last status last.
      const ofOrder = receiver.received.filter((r) => r.body.order_id === orderId && r.answered === 200);
      expect(ofOrder[0]?.type).toBe('order.created');
      expect(ofOrder.filter((r) => r.type === 'order.status_changed').at(-1)?.body.status).toBe(trail.at(-1));
    }
    expect(apiStatusTrail(await historyOf(delivered[0]!))).toEqual([
      'NEW',
      'RECEIVED',
      'WAITING_FOR_TRANSPORT',
      'ASSIGNED_TO_TRANSPORT',
      'COURIER_ACCEPTED_DELIVERY',
      'NEAR_VENDOR',
      'PICKED_UP',
      'COURIER_LEFT_VENDOR',
      'NEAR_CUSTOMER',
      'DELIVERED',
    ]);

    const [updated] = accepted(cancelled, 'order.updated');
    expect(updated?.body.status).toBe('NEW');
    const [cancellation] = accepted(cancelled, 'order.cancelled');
    expect(cancellation?.body.cancellation).toEqual({ reason: 'MISTAKE_ERROR', source: 'CLIENT' });
    expect(accepted(cancelled, 'order.location')).toEqual([]);

    // Rider positions while a rider had the order, each interval at most once per order.
    for (const orderId of delivered) {
      const locations = accepted(orderId, 'order.location');
      expect(locations.length).toBeGreaterThan(0);
      for (const r of locations)
        expect(r.body.driver.location).toEqual(expect.objectContaining({ latitude: expect.any(Number) }));
      expect(new Set(locations.map((r) => r.eventId)).size).toBe(locations.length);
      const statuses = accepted(orderId, 'order.status_changed');
      const pickedUp = statuses.find((r) => r.body.status === 'PICKED_UP')!;
      expect(pickedUp.body.driver).toEqual(
        expect.objectContaining({ id: expect.any(String), name: expect.any(String) }),
      );
      expect(pickedUp.body.proof_of_pickup_url).toContain(`/orders/proof_of_pickup/${orderId}`);
      expect(statuses.at(-1)!.body.proof_of_delivery_url).toContain(`/orders/proof_of_delivery/${orderId}`);
    }
  }, 600_000);

  it('sends the events whose jobs failed for good once the sweep job has queued them again', async () => {
    const orderId = await placeOrder(t, merchant);
    // The order's events are recorded with their jobs, and the jobs fail for good before any attempt.
    const lost = await t.db.query(
      `update pgboss.job set state = 'failed', completed_on = now()
        where name = $1 and state = 'created' and data ->> 'deliveryId' in (
          select d.id::text from webhook_deliveries d where d.order_id = $2)
        returning id`,
      [DELIVER_QUEUE, orderId],
    );
    expect(lost).toHaveLength(2);
    await t.app.jobs.drain();
    expect(receiver.received.filter((r) => r.body.order_id === orderId)).toEqual([]);

    t.clock.advance(SWEEP_GRACE_MS + 1_000);
    await t.app.jobs.send(WEBHOOK_SWEEP_QUEUE, { slot: 1 });
    await t.app.jobs.drain();
    await labelTypes();
    expect(accepted(orderId, 'order.created')).toHaveLength(1);
    expect(accepted(orderId, 'order.status_changed').map((r) => r.body.status)).toEqual(['NEW']);
    for (const r of receiver.received) expect(r.verification).toBe('valid');
  });

  it('queues one location scan per interval, whichever instance asks, and none for a vendor without endpoints', async () => {
    expect(await t.services.webhooks.queueLocationScan()).toBe(true);
    expect(await t.services.webhooks.queueLocationScan()).toBe(false);
    t.clock.advance(15_000);
    expect(await t.services.webhooks.queueLocationScan()).toBe(true);

    const other = await createMerchant(t);
    const before = receiver.received.length;
    await placeOrder(t, other);
    await t.app.jobs.drain();
    const [recorded] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
        where e.vendor_id = $1`,
      [other.vendorId],
    );
    expect(recorded!.n).toBe(0);
    expect(receiver.received.length).toBe(before);
  });
});
