import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderCreateBody } from '../../../testing/order-body.ts';
import { createTestDb, type TestDb } from './support/app.ts';
import { connectLive, type LiveClient } from './support/live.ts';
import { call, demoAuthorization, type ServerProcess, startServer } from './support/server-process.ts';

// Clifton outlet of the demo seed, and a destination about 2 km away inside its area.
const OUTLET_ID = 'pk-karachi-grill-clifton';
const DESTINATION = { lat: 24.815, lng: 67.041 };

/** Dispatcher passes this process has run: only the leader runs them. */
async function dispatcherPasses(server: ServerProcess): Promise<number> {
  const response = await fetch(`${server.base}/metrics`);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`/metrics of ${server.name} answered ${response.status}: ${text}`);
  const line = text.split('\n').find((candidate) => candidate.startsWith('riderdesk_dispatcher_tick_seconds_count '));
  return line ? Number(line.split(' ')[1]) : 0;
}

const statusesOf = (client: LiveClient, orderId: string) =>
  client.messages
    .filter((message) => message.event === 'order_update' && message.data.order_id === orderId)
    .map((message) => message.data.status as string);

// Real processes on one PostgreSQL: kill -9 leaves no chance to release anything (decision 070).
describe.runIf(process.env.DATABASE_URL)('one of two server processes killed with kill -9', () => {
  let test: TestDb;
  const servers: ServerProcess[] = [];
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    test = await createTestDb('postgres');
    const target = test.db.listenTarget;
    if (target?.kind !== 'postgres') throw new Error('expected PostgreSQL');
    // One after the other: the first migrates and seeds the empty database.
    servers.push(await startServer('a', target.connectionString));
    servers.push(await startServer('b', target.connectionString));
  }, 240_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await test?.drop();
  });

  it('hands dispatch and the riders to the survivor, and a live client that reconnects misses no status', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    await vi.waitFor(async () => expect((await dispatcherPasses(a)) + (await dispatcherPasses(b))).toBeGreaterThan(0), {
      timeout: 30_000,
      interval: 250,
    });
    const leader = (await dispatcherPasses(a)) > 0 ? a : b;
    const survivor = leader === a ? b : a;
    expect(await dispatcherPasses(survivor)).toBe(0);

    const authorization = await demoAuthorization(survivor.base);

    // The merchant watches through the instance about to die.
    const first = await connectLive(leader.host, authorization);
    clients.push(first);
    first.send('subscribeToVendor', { vendor_id: OUTLET_ID });
    await first.waitFor((message) => message.event === 'subscribe_ok');

    const quote = await call(
      survivor.base,
      'POST',
      '/api/v1/delivery/fee',
      {
        source: { lat: 24.8021, lon: 67.03 },
        destination: { lat: DESTINATION.lat, lon: DESTINATION.lng },
        vendor_id: OUTLET_ID,
        delivery_type: 'food',
      },
      { authorization },
    );
    const created = await call(
      survivor.base,
      'POST',
      '/api/v1/order',
      orderCreateBody({
        vendorId: OUTLET_ID,
        quote: quote as { fee: number; signature: string },
        destination: DESTINATION,
        customer: { address: 'Flat 3, Sea Breeze Tower, Block 4, Clifton', notes: '' },
      }),
      { authorization },
    );
    const orderId = String(created.order_id);

    // A rider has taken it and is on the way: the leader's simulator drives them.
    await first.waitFor(
      (message) =>
        message.event === 'order_update' &&
        message.data.order_id === orderId &&
        message.data.status === 'COURIER_ACCEPTED_DELIVERY',
      60_000,
    );
    const lastSeen = first.messages
      .filter((message) => message.event === 'order_update' && message.data.order_id === orderId)
      .at(-1)?.data.updated_at as string;

    leader.child.kill('SIGKILL');
    expect((await first.closed).code).toBe(1006);

    // The browser reconnects (to the survivor, through the proxy) and asks for what it missed.
    const second = await connectLive(survivor.host, authorization);
    clients.push(second);
    second.send('subscribeToVendor', { vendor_id: OUTLET_ID, since: lastSeen });
    await second.waitFor((message) => message.event === 'subscribe_ok');
    await second.waitFor(
      (message) =>
        message.event === 'order_update' && message.data.order_id === orderId && message.data.status === 'DELIVERED',
      90_000,
    );

    // The survivor now leads, and the merchant's last update carries the order's whole history.
    await vi.waitFor(async () => expect(await dispatcherPasses(survivor)).toBeGreaterThan(0), { timeout: 30_000 });
    const order = (await call(
      survivor.base,
      'GET',
      `/api/v1/order?vendorId=${OUTLET_ID}&orderId=${encodeURIComponent(orderId)}`,
      undefined,
      { authorization },
    )) as { status: string; status_history: { status: string }[] };
    expect(order.status).toBe('DELIVERED');
    const last = second.messages
      .filter((message) => message.event === 'order_update' && message.data.order_id === orderId)
      .at(-1)?.data as { status: string; status_history: { status: string }[] };
    expect(last.status).toBe('DELIVERED');
    expect(last.status_history.map((entry) => entry.status)).toEqual(order.status_history.map((entry) => entry.status));
    // Each step happened once, in order, although the leader died in the middle of the journey.
    const steps = order.status_history.map((entry) => entry.status);
    expect(new Set(steps).size).toBe(steps.length);
    expect(statusesOf(first, orderId)).toContain('COURIER_ACCEPTED_DELIVERY');
  }, 300_000);
});
