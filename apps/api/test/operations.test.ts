import { randomUUID } from 'node:crypto';
import { LIVE_SERVICE_RESTART } from '@riderdesk/domain/contracts/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHED_RETRY_AFTER_S } from '../src/plugins/under-pressure.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, type Merchant } from './support/factories.ts';
import { connectLive, listenOnRandomPort } from './support/live.ts';
import { orderBody, placeOrder, postOrder, quoteFee } from './support/orders.ts';

/** One figure of the Prometheus text, by name and labels as written; undefined when absent. */
function figure(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Keeps the event loop busy, as a burst of synchronous work would. */
function blockEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

describe.each(databases())('liveness, readiness and the domain figures on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
  });
  afterAll(() => t.close());

  const metrics = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;

  it('is live and ready once migrated', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('is not ready while a migration of this build is not recorded, and ready again once it is', async () => {
    const [latest] = await t.db.query<Record<string, string | number | Date | null>>(
      'select * from schema_migrations order by version desc limit 1',
    );
    if (!latest) throw new Error('no migration recorded');
    await t.db.query('delete from schema_migrations where version = $1', [latest.version ?? null]);
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not-ready', reason: 'migrations-pending' });
      expect(ready.headers['retry-after']).toBe('5');
      // Liveness says nothing of the schema: the instance is not restarted for it.
      expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      const columns = Object.keys(latest);
      await t.db.query(
        `insert into schema_migrations (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        columns.map((column) => latest[column] ?? null),
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });

  it('counts orders placed, replays, status changes and dispatcher passes on /metrics', async () => {
    const before = await metrics();
    const created = figure(before, 'riderdesk_orders_created_total') ?? 0;
    const replays = figure(before, 'riderdesk_idempotent_replays_total') ?? 0;
    const cancelled = figure(before, 'riderdesk_order_status_changes_total{status="CANCELLED"}') ?? 0;
    const passes = figure(before, 'riderdesk_dispatcher_tick_seconds_count') ?? 0;

    const key = randomUUID();
    const body = orderBody(merchant.vendorId, await quoteFee(t, merchant));
    const first = await postOrder(t, merchant, body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect((await postOrder(t, merchant, body, { 'idempotency-key': key })).headers['idempotent-replayed']).toBe(
      'true',
    );
    const orderId = await placeOrder(t, merchant);
    await t.services.lifecycle.cancel(orderId, 'mistake_error');
    await t.services.dispatcher.tick();

    const after = await metrics();
    expect(figure(after, 'riderdesk_orders_created_total')).toBe(created + 2);
    expect(figure(after, 'riderdesk_idempotent_replays_total')).toBe(replays + 1);
    expect(figure(after, 'riderdesk_order_status_changes_total{status="CANCELLED"}')).toBe(cancelled + 1);
    expect(figure(after, 'riderdesk_dispatcher_tick_seconds_count')).toBe(passes + 1);
    expect(figure(after, 'riderdesk_live_sockets')).toBe(0);
    expect(after).toContain('# TYPE riderdesk_job_queue_depth gauge');
    expect(after).toContain('# TYPE riderdesk_live_messages_sent_total counter');
    expect(after).toContain('# TYPE riderdesk_listener_reconnects_total counter');
  });
});

describe('load shedding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { MAX_EVENT_LOOP_DELAY_MS: '10' } });
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After while the event loop is overloaded, and liveness still answers', async () => {
    // The delay is sampled once a second: keep the loop blocked across a sample, then ask at once.
    let shed: Awaited<ReturnType<typeof t.app.inject>> | null = null;
    for (let attempt = 0; attempt < 5 && !shed; attempt++) {
      blockEventLoop(1500);
      await new Promise((resolve) => setImmediate(resolve));
      const answer = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
      if (answer.statusCode === 503) shed = answer;
    }
    if (!shed) throw new Error('no request was shed while the event loop was blocked');
    expect(shed.headers['retry-after']).toBe(String(SHED_RETRY_AFTER_S));
    expect(shed.json()).toMatchObject({ status: 503, code: 'ServiceUnavailable', message: 'error.server-busy' });
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    // The probes that may say no say it in their own shape, never as a 500.
    let probes: Awaited<ReturnType<typeof t.app.inject>>[] = [];
    for (
      let attempt = 0;
      attempt < 5 && (probes.length === 0 || !probes.every((probe) => probe.statusCode === 503));
      attempt++
    ) {
      blockEventLoop(1500);
      await new Promise((resolve) => setImmediate(resolve));
      probes = [
        await t.app.inject({ method: 'GET', url: '/health' }),
        await t.app.inject({ method: 'GET', url: '/health/ready' }),
      ];
    }
    const [health, ready] = probes;
    expect([health?.statusCode, ready?.statusCode]).toEqual([503, 503]);
    expect(health?.json()).toEqual({ status: 'unavailable' });
    expect(ready?.json()).toEqual({ status: 'not-ready', reason: 'overloaded' });
    const { values } = await t.services.metrics.shedRequests.get();
    expect(values.find((value) => value.labels.reason === 'eventLoopDelay')?.value).toBeGreaterThan(0);
  });
});

describe('graceful stop', () => {
  it('finishes a request in flight, tells live sockets to reconnect (1012) and refuses new connections', async () => {
    const t = await buildTestApp();
    const merchant = await createMerchant(t);
    const host = await listenOnRandomPort(t.app);
    const client = await connectLive(host, merchant.headers.authorization!);
    client.send('subscribeToVendor', { vendor_id: merchant.vendorId });
    await client.waitFor((message) => message.event === 'subscribe_ok');

    // A request that takes its time, started before the stop.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => {};
    const isInHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const slow = t.services.vendors.countryParameter;
    t.services.vendors.countryParameter = async (name) => {
      entered();
      await held;
      return slow(name);
    };
    const inFlight = fetch(`http://${host}/api/v1/get-country-parameter/serviceHours`, { headers: merchant.headers });
    // In flight: past its authentication and in its handler when the stop begins.
    await isInHandler;

    const closing = t.close();
    expect(await client.closed).toEqual({ code: LIVE_SERVICE_RESTART.code, reason: LIVE_SERVICE_RESTART.reason });
    // The server has stopped listening before the request is answered: its keep-alive connection must not
    // hold the stop open after the answer (Fastify keeps an idle connection for 72 s).
    await expect
      .poll(() =>
        fetch(`http://${host}/health/live`).then(
          () => 'answered',
          () => 'refused',
        ),
      )
      .toBe('refused');
    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('connection')).toBe('close');
    await closing;
    await expect(fetch(`http://${host}/health/live`)).rejects.toThrow();
  });
});
