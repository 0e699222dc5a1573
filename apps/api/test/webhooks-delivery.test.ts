import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { createJobQueue, type JobQueue } from '../src/infra/jobs/job-queue.ts';
import type { ResolvedAddress } from '../src/modules/webhooks/address-policy.ts';
import { DELIVER_QUEUE } from '../src/modules/webhooks/deps.ts';
import type { PostResult, WebhookPoster } from '../src/modules/webhooks/post.ts';
import * as repo from '../src/modules/webhooks/repo.ts';
import { webhookSecretBox } from '../src/modules/webhooks/secret-box.ts';
import { createWebhooks, type WebhooksOptions, type WebhooksService } from '../src/modules/webhooks/service.ts';
import { EVENT_ID_HEADER, verifyWebhook } from '../src/modules/webhooks/signing.ts';
import { DELIVERY_CHAIN_LIMIT } from '../src/modules/webhooks/workflows/deliver.ts';
import { WebhookUrlRefused } from '../src/modules/webhooks/workflows/endpoints.ts';
import { SWEEP_GRACE_MS } from '../src/modules/webhooks/workflows/sweep.ts';
import { createTestDb, type DatabaseKind, databases, type TestDb } from './support/app.ts';

const silent = pino({ level: 'silent' });
const AUTH_SECRET = 'test-auth-secret-for-webhooks-0123456789';
const VENDOR = 'v-hooks';
const STATUS = 'order.status_changed';

interface Received {
  eventId: string;
  body: string;
  headers: IncomingHttpHeaders;
  answered: number;
}

/** A receiver on loopback that records every request and answers 500 to the first `failFirst`. */
async function startReceiver() {
  const received: Received[] = [];
  let failFirst = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answered = received.length < failFirst ? 500 : 200;
      received.push({
        eventId: String(req.headers[EVENT_ID_HEADER]),
        body: Buffer.concat(chunks).toString('utf8'),
        headers: req.headers,
        answered,
      });
      res.writeHead(answered).end(answered === 200 ? 'ok' : 'down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    failFirst: (n: number) => {
      failFirst = received.length + n;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Resolves once a statement of this database waits for a lock (the test's settling behind a held row). */
async function waitForLockWait(db: Db) {
  for (let polls = 0; polls < 10_000; polls++) {
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    if ((row?.n ?? 0) > 0) return;
  }
  throw new Error('no statement ever waited for the held row');
}

describe.each(databases())('webhook delivery on %s', (kind: DatabaseKind) => {
  let testDb: TestDb;
  let db: Db;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let jobs: JobQueue;
  let now: Date;
  const clock = () => now;

  /** A webhooks module on a fresh job queue; retries are due at once and end after `maxAttempts`. */
  async function module(options: Partial<WebhooksOptions> & { maxAttempts?: number } = {}): Promise<WebhooksService> {
    jobs = createJobQueue({ db, log: silent, settings: { pollIntervalMs: 500, concurrency: 1 } });
    const maxAttempts = options.maxAttempts ?? 10;
    const webhooks = createWebhooks({
      db,
      jobs,
      clock,
      environment: 'san',
      authSecret: AUTH_SECRET,
      nextAttempt: ({ failedAttempts }) => (failedAttempts < maxAttempts ? clock() : null),
      ...options,
    });
    await jobs.open();
    return webhooks;
  }

  const statusBody = (orderId: string, status: string) => ({
    order_id: orderId,
    client_order_id: `c-${orderId}`,
    status,
    tracking_link: `https://track.example/${orderId}`,
  });

  /** The deliveries each receiver answered 200 to, as [order, status], in arrival order. */
  function deliveredStatuses(secret: string): [string, string][] {
    return receiver.received
      .filter((r) => r.answered === 200)
      .map((r) => {
        expect(verifyWebhook({ secret, body: r.body, headers: r.headers, now: clock() })).toBe('valid');
        const body = JSON.parse(r.body) as { order_id: string; status: string };
        return [body.order_id, body.status];
      });
  }

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    db = testDb.db;
    await db.query(`insert into vendors (vendor_id, name, currency, country_code) values ($1, 'Grill', 'PKR', 'PK')`, [
      VENDOR,
    ]);
  });
  beforeEach(async () => {
    now = new Date('2026-03-10T08:00:00Z');
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await jobs.stop();
    await receiver.close();
    await db.query('delete from webhook_deliveries');
    await db.query('delete from webhook_endpoints');
  });
  afterAll(async () => {
    await testDb.drop();
  });

  it('delivers every event signed, once each and in order per order', async () => {
    const webhooks = await module();
    const endpoint = await webhooks.createEndpoint({ vendorId: VENDOR, url: receiver.url, events: [STATUS] });
    // Another event type the endpoint did not choose.
    await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'A', type: 'order.created', body: { order_id: 'A' } });
    for (const [orderId, status] of [
      ['A', 'NEW'],
      ['B', 'NEW'],
      ['A', 'RECEIVED'],
      ['A', 'PICKED_UP'],
      ['B', 'CANCELLED'],
      ['A', 'DELIVERED'],
    ] as const) {
      await webhooks.enqueueEvent({ vendorId: VENDOR, orderId, type: STATUS, body: statusBody(orderId, status) });
    }
    await jobs.drain();

    const delivered = deliveredStatuses(endpoint.secret);
    expect(delivered.filter(([order]) => order === 'A').map(([, s]) => s)).toEqual([
      'NEW',
      'RECEIVED',
      'PICKED_UP',
      'DELIVERED',
    ]);
    expect(delivered.filter(([order]) => order === 'B').map(([, s]) => s)).toEqual(['NEW', 'CANCELLED']);
    expect(new Set(receiver.received.map((r) => r.eventId)).size).toBe(6);
    const deliveries = await webhooks.recentDeliveries(endpoint.id);
    expect(deliveries.map((d) => [d.state, d.attempts, d.last_status_code])).toEqual(
      Array.from({ length: 6 }, () => ['delivered', 1, 200]),
    );
    expect(deliveries.every((d) => d.last_latency_ms !== null)).toBe(true);
  });

  it('retries while the receiver answers 500, and a later event of the order waits for the earlier one', async () => {
    const webhooks = await module();
    const endpoint = await webhooks.createEndpoint({ vendorId: VENDOR, url: receiver.url, events: [STATUS] });
    receiver.failFirst(3);
    for (const status of ['NEW', 'RECEIVED', 'DELIVERED']) {
      await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'A', type: STATUS, body: statusBody('A', status) });
    }
    await jobs.drain();

    // The first event was tried four times before the second was tried at all.
    const firstEvent = receiver.received[0]?.eventId;
    expect(receiver.received.map((r) => [r.eventId === firstEvent, r.answered])).toEqual([
      [true, 500],
      [true, 500],
      [true, 500],
      [true, 200],
      [false, 200],
      [false, 200],
    ]);
    expect(deliveredStatuses(endpoint.secret).map(([, s]) => s)).toEqual(['NEW', 'RECEIVED', 'DELIVERED']);
    const deliveries = await webhooks.recentDeliveries(endpoint.id);
    expect(deliveries.map((d) => [d.state, d.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
      ['delivered', 4],
    ]);
    // A success resets the failure count.
    expect((await webhooks.findEndpoint(endpoint.id))?.consecutive_failures).toBe(0);
  });

  it('gives a delivery up after its schedule, then lets the next event of the order go', async () => {
    const webhooks = await module({ maxAttempts: 2 });
    const endpoint = await webhooks.createEndpoint({ vendorId: VENDOR, url: receiver.url, events: [STATUS] });
    receiver.failFirst(2);
    for (const status of ['NEW', 'RECEIVED']) {
      await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'A', type: STATUS, body: statusBody('A', status) });
    }
    await jobs.drain();
    expect(receiver.received.map((r) => r.answered)).toEqual([500, 500, 200]);
    const [second, first] = await webhooks.recentDeliveries(endpoint.id);
    expect([first?.state, first?.attempts, first?.last_status_code]).toEqual(['failed', 2, 500]);
    expect([second?.state, second?.attempts]).toEqual(['delivered', 1]);
  });

  it('disables the endpoint after the limit of failures in a row and sends it nothing more', async () => {
    const webhooks = await module({ disableAfterFailures: 3 });
    const endpoint = await webhooks.createEndpoint({ vendorId: VENDOR, url: receiver.url, events: [STATUS] });
    receiver.failFirst(100);
    await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'A', type: STATUS, body: statusBody('A', 'NEW') });
    await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'B', type: STATUS, body: statusBody('B', 'NEW') });
    await jobs.drain();

    expect(receiver.received).toHaveLength(3);
    const disabled = await webhooks.findEndpoint(endpoint.id);
    expect(disabled?.disabled_at).toEqual(now);
    expect(disabled?.consecutive_failures).toBe(3);
    // Kept, not lost: both wait as pending while the endpoint is disabled.
    expect((await webhooks.recentDeliveries(endpoint.id)).map((d) => d.state)).toEqual(['pending', 'pending']);
    // A new event is not recorded for a disabled endpoint.
    await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'C', type: STATUS, body: statusBody('C', 'NEW') });
    await jobs.drain();
    expect(receiver.received).toHaveLength(3);
    expect(await webhooks.recentDeliveries(endpoint.id)).toHaveLength(2);
  });

  it('takes over an attempt whose worker died, once its claim has lapsed', async () => {
    const webhooks = await module();
    const endpoint = await webhooks.createEndpoint({ vendorId: VENDOR, url: receiver.url, events: [STATUS] });
    await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'A', type: STATUS, body: statusBody('A', 'NEW') });
    const [pending] = await webhooks.recentDeliveries(endpoint.id);
    // A worker claimed it and died before settling: its claim runs out a minute later.
    await repo.claimDelivery(db, pending?.id ?? '', now, new Date(now.getTime() + 60_000));
    now = new Date(now.getTime() + 61_000);
    await jobs.drain();

    expect(deliveredStatuses(endpoint.secret)).toEqual([['A', 'NEW']]);
    const [delivery] = await webhooks.recentDeliveries(endpoint.id);
    expect([delivery?.state, delivery?.attempts]).toEqual(['delivered', 2]);
  });

  it('leaves a delivery another worker is sending to that worker, and keeps its job for later', async () => {
    const webhooks = await module();
    const endpoint = await webhooks.createEndpoint({ vendorId: VENDOR, url: receiver.url, events: [STATUS] });
    await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'A', type: STATUS, body: statusBody('A', 'NEW') });
    const [pending] = await webhooks.recentDeliveries(endpoint.id);
    await repo.claimDelivery(db, pending?.id ?? '', now, new Date(now.getTime() + 30_000));
    await jobs.drain();

    expect(receiver.received).toEqual([]);
    expect((await webhooks.recentDeliveries(endpoint.id)).map((d) => [d.state, d.attempts])).toEqual([['sending', 1]]);
    // The job failed its attempt and waits for a retry, so a claimant that dies is taken over.
    expect(await jobs.depth(DELIVER_QUEUE)).toMatchObject({ deferred: 1, failed: 0 });
  });

  /** The deliveries of the endpoint, oldest first. */
  const deliveriesOf = async (webhooks: WebhooksService, endpointId: string) =>
    (await webhooks.recentDeliveries(endpointId)).reverse();
  /** Jobs of the deliver queue waiting, deferred or running for this delivery. */
  const liveJobsOf = async (deliveryId: string) =>
    (
      await db.query(
        `select 1 from pgboss.job where name = $1 and state in ('created', 'retry', 'active') and data ->> 'deliveryId' = $2`,
        [DELIVER_QUEUE, deliveryId],
      )
    ).length;

  it('sends the later events of an order waiting behind one in the same run, with no job more', async () => {
    const webhooks = await module();
    const endpoint = await webhooks.createEndpoint({ vendorId: VENDOR, url: receiver.url, events: [STATUS] });
    for (const status of ['NEW', 'RECEIVED', 'PICKED_UP']) {
      await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'A', type: STATUS, body: statusBody('A', status) });
    }
    const [first] = await deliveriesOf(webhooks, endpoint.id);

    // The job of the first event sends the two waiting behind it as well.
    expect(await webhooks.attemptDelivery(first?.id ?? '')).toBe('delivered');
    expect(deliveredStatuses(endpoint.secret)).toEqual([
      ['A', 'NEW'],
      ['A', 'RECEIVED'],
      ['A', 'PICKED_UP'],
    ]);
    expect((await deliveriesOf(webhooks, endpoint.id)).map((d) => [d.state, d.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
      ['delivered', 1],
    ]);
    // Only each event's own job was ever queued; the later ones find their event sent and send nothing.
    expect(await jobs.depth(DELIVER_QUEUE)).toMatchObject({ queued: 3 });
    expect(await jobs.drain()).toBe(3);
    expect(receiver.received).toHaveLength(3);
  });

  it('hands the next event of the order to a job of its own after a run of DELIVERY_CHAIN_LIMIT', async () => {
    const webhooks = await module();
    const endpoint = await webhooks.createEndpoint({ vendorId: VENDOR, url: receiver.url, events: [STATUS] });
    const statuses = Array.from({ length: DELIVERY_CHAIN_LIMIT + 2 }, (_, n) => `STEP_${n}`);
    for (const status of statuses) {
      await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'A', type: STATUS, body: statusBody('A', status) });
    }
    const [first] = await deliveriesOf(webhooks, endpoint.id);
    await webhooks.attemptDelivery(first?.id ?? '');
    expect(receiver.received).toHaveLength(DELIVERY_CHAIN_LIMIT);
    // One job more than the events' own: the hand-off of the next one, committed with the last settling.
    expect(await jobs.depth(DELIVER_QUEUE)).toMatchObject({ queued: statuses.length + 1 });

    await jobs.drain();
    expect(deliveredStatuses(endpoint.secret)).toEqual(statuses.map((status) => ['A', status]));
  });

  it('sweeps a later event the settling of the earlier one did not see into a job, and it is sent', async () => {
    const webhooks = await module();
    const endpoint = await webhooks.createEndpoint({ vendorId: VENDOR, url: receiver.url, events: [STATUS] });
    await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'A', type: STATUS, body: statusBody('A', 'NEW') });
    const [earlier] = await deliveriesOf(webhooks, endpoint.id);
    const earlierId = earlier?.id ?? '';
    // A worker is sending the earlier event.
    await repo.claimDelivery(db, earlierId, now, new Date(now.getTime() + 30_000));
    const delivered = { status: 200, latencyMs: 3, error: null };
    const later = async () => {
      await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'A', type: STATUS, body: statusBody('A', 'RECEIVED') });
      // Its own job runs while the earlier one is still being sent: not its turn, the job completes.
      await jobs.drain();
    };

    if (kind === 'postgres') {
      // The window itself: the settling has taken its snapshot and waits for the earlier event's row (held for
      // share here, as a claim of the later one holds it); the later event commits and its job's claim, which
      // shares that lock, finds the earlier one still being sent; then the settling goes on without seeing it.
      let holding: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const holder = db.transaction(async (tx) => {
        await tx.query('select 1 from webhook_deliveries where id = $1 for share', [earlierId]);
        holding();
        await released;
      });
      await held;
      const settling = repo.settleDeliveredAndClaimNext(db, earlierId, delivered, now, now);
      await waitForLockWait(db);
      await later();
      release();
      await holder;
      expect(await settling).toEqual({ settled: true, next: null });
    } else {
      // PGlite runs one statement at a time: the settling is made as one whose snapshot predates the later event.
      await later();
      await repo.settleDelivery(db, earlierId, 'delivered', delivered, now, null);
    }

    // The orphan: pending, first of its order, and no job to send it.
    const orphan = (await deliveriesOf(webhooks, endpoint.id))[1];
    expect(orphan?.state).toBe('pending');
    expect(await liveJobsOf(orphan?.id ?? '')).toBe(0);
    await jobs.drain();
    expect(receiver.received).toEqual([]);
    expect(await webhooks.sweepOrphans()).toBe(0);
    // Once due for longer than the grace, the sweep queues it, once however often it runs.
    now = new Date(now.getTime() + SWEEP_GRACE_MS + 1_000);
    expect(await webhooks.sweepOrphans()).toBe(1);
    expect(await webhooks.sweepOrphans()).toBe(0);
    await jobs.drain();
    expect(deliveredStatuses(endpoint.secret)).toEqual([['A', 'RECEIVED']]);
    expect((await deliveriesOf(webhooks, endpoint.id)).map((d) => [d.state, d.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
    ]);
    expect(await webhooks.sweepOrphans()).toBe(0);
  });

  it('sweeps the next event a worker claimed in its run and died with, once the claim has lapsed', async () => {
    const webhooks = await module();
    const endpoint = await webhooks.createEndpoint({ vendorId: VENDOR, url: receiver.url, events: [STATUS] });
    for (const status of ['NEW', 'RECEIVED']) {
      await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'A', type: STATUS, body: statusBody('A', status) });
    }
    const [first, second] = await deliveriesOf(webhooks, endpoint.id);
    // A worker sends the first event; meanwhile the second one's job finds it not its turn (the first one's
    // job, finding it in flight, waits for a retry).
    await repo.claimDelivery(db, first?.id ?? '', now, new Date(now.getTime() + 30_000));
    await jobs.drain();
    // The worker settles it, claims the second to send it next, and dies.
    const { next } = await repo.settleDeliveredAndClaimNext(
      db,
      first?.id ?? '',
      { status: 200, latencyMs: 3, error: null },
      now,
      new Date(now.getTime() + 30_000),
    );
    expect(next?.id).toBe(second?.id);
    expect(await webhooks.sweepOrphans()).toBe(0);

    now = new Date(now.getTime() + 30_000 + SWEEP_GRACE_MS);
    expect(await webhooks.sweepOrphans()).toBe(1);
    await jobs.drain();
    expect(deliveredStatuses(endpoint.secret)).toEqual([['A', 'RECEIVED']]);
    expect((await deliveriesOf(webhooks, endpoint.id)).map((d) => [d.state, d.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 2],
    ]);
  });

  it('sweeps nothing of a disabled endpoint, nor an event waiting behind an earlier one', async () => {
    const webhooks = await module({ disableAfterFailures: 1, maxAttempts: 1 });
    const endpoint = await webhooks.createEndpoint({ vendorId: VENDOR, url: receiver.url, events: [STATUS] });
    receiver.failFirst(1);
    for (const status of ['NEW', 'RECEIVED']) {
      await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'A', type: STATUS, body: statusBody('A', status) });
    }
    await jobs.drain();
    expect((await webhooks.findEndpoint(endpoint.id))?.disabled_at).toEqual(now);
    now = new Date(now.getTime() + 10 * SWEEP_GRACE_MS);
    expect(await webhooks.sweepOrphans()).toBe(0);
  });

  it('signs with a rotated secret from the next attempt on', async () => {
    const webhooks = await module();
    const endpoint = await webhooks.createEndpoint({ vendorId: VENDOR, url: receiver.url, events: [STATUS] });
    await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'A', type: STATUS, body: statusBody('A', 'NEW') });
    await jobs.drain();
    // The secret is rotated (a new sealed value) while the opened old one is still kept in memory.
    const rotated = 'whsec_rotated-secret-for-the-test';
    await repo.replaceSecret(db, endpoint.id, webhookSecretBox(AUTH_SECRET).seal(rotated), now);
    await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'A', type: STATUS, body: statusBody('A', 'RECEIVED') });
    await jobs.drain();

    const [first, second] = receiver.received;
    const verify = (r: Received | undefined, secret: string) =>
      verifyWebhook({ secret, body: r?.body ?? '', headers: r?.headers ?? {}, now: clock() });
    expect([verify(first, endpoint.secret), verify(second, endpoint.secret), verify(second, rotated)]).toEqual([
      'valid',
      'bad-signature',
      'valid',
    ]);
  });

  it('counts an attempt whose secret cannot be opened (AUTH_SECRET changed) as failed, not stuck', async () => {
    const webhooks = await module({ maxAttempts: 2 });
    const endpoint = await webhooks.createEndpoint({ vendorId: VENDOR, url: receiver.url, events: [STATUS] });
    await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'A', type: STATUS, body: statusBody('A', 'NEW') });
    await jobs.stop();
    const rotated = await module({ maxAttempts: 2, authSecret: 'another-auth-secret-0123456789abcdef' });
    await jobs.drain();
    expect(receiver.received).toEqual([]);
    const [delivery] = await rotated.recentDeliveries(endpoint.id);
    expect([delivery?.state, delivery?.attempts, delivery?.last_error]).toEqual(['failed', 2, 'secret unreadable']);
  });

  it('records nothing when the event is rolled back with the caller’s transaction', async () => {
    const webhooks = await module();
    const endpoint = await webhooks.createEndpoint({ vendorId: VENDOR, url: receiver.url, events: [STATUS] });
    await expect(
      db.transaction(async (tx) => {
        await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'A', type: STATUS, body: statusBody('A', 'NEW') }, tx);
        throw new Error('the status change failed');
      }),
    ).rejects.toThrow('the status change failed');
    await jobs.drain();
    expect(receiver.received).toEqual([]);
    expect(await webhooks.recentDeliveries(endpoint.id)).toEqual([]);
  });

  describe('in prd', () => {
    let resolved: Record<string, string>;
    const posted: Parameters<WebhookPoster>[0][] = [];
    const resolve = async (host: string): Promise<ResolvedAddress[]> => {
      const address = resolved[host];
      if (!address) throw new Error(`ENOTFOUND ${host}`);
      return [{ address, family: 4 }];
    };
    const post: WebhookPoster = async (request): Promise<PostResult> => {
      posted.push(request);
      return { status: 200, latencyMs: 1, error: null };
    };

    beforeEach(() => {
      resolved = { 'hooks.example.com': '93.184.216.34', 'inside.example.com': '10.0.0.5' };
      posted.length = 0;
    });

    it('refuses HTTP and hosts resolving to private addresses when the endpoint is registered', async () => {
      const webhooks = await module({ environment: 'prd', resolve, post });
      const register = (url: string) => webhooks.createEndpoint({ vendorId: VENDOR, url, events: [STATUS] });
      await expect(register('http://hooks.example.com/in')).rejects.toThrow(WebhookUrlRefused);
      await expect(register('https://inside.example.com/in')).rejects.toMatchObject({ reason: 'address-not-public' });
      await expect(register('https://169.254.169.254/latest')).rejects.toMatchObject({
        reason: 'address-not-public',
      });
      await expect(register(receiver.url)).rejects.toMatchObject({ reason: 'scheme-not-allowed' });
      expect((await register('https://hooks.example.com/in')).url).toBe('https://hooks.example.com/in');
    });

    it('checks the address again at each attempt and connects to the one it checked', async () => {
      const webhooks = await module({ environment: 'prd', resolve, post, maxAttempts: 1 });
      const endpoint = await webhooks.createEndpoint({
        vendorId: VENDOR,
        url: 'https://hooks.example.com/in',
        events: [STATUS],
      });
      await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'A', type: STATUS, body: statusBody('A', 'NEW') });
      await jobs.drain();
      expect(posted.map((p) => [p.url.hostname, p.address.address])).toEqual([['hooks.example.com', '93.184.216.34']]);

      // The name now points inside the network (DNS rebinding): nothing is sent.
      resolved['hooks.example.com'] = '127.0.0.1';
      await webhooks.enqueueEvent({ vendorId: VENDOR, orderId: 'B', type: STATUS, body: statusBody('B', 'NEW') });
      await jobs.drain();
      expect(posted).toHaveLength(1);
      const [refused] = await webhooks.recentDeliveries(endpoint.id);
      expect([refused?.state, refused?.last_status_code, refused?.last_error]).toEqual([
        'failed',
        null,
        'address refused: address-not-public',
      ]);
    });
  });
});
