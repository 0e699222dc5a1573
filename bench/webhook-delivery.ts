// Webhook delivery (apps/api/src/modules/webhooks, decision 152) on PostgreSQL: how many events a second the
// module delivers to a receiver that checks every signature, and how long an event takes from the commit that
// queued it to the receiver at 200 status changes a second; each beside anchors measured in the same run
// against the same receiver: the same signed bodies POSTed in a bare loop, and through a bare pg-boss queue
// (send → worker → the same POST) without the module's delivery rows.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiStatusOf } from '@riderdesk/domain/merchant-api/order-mapping';
import type { OrderStatus } from '@riderdesk/domain/order-status';
import pg from 'pg';
import pino from 'pino';
import { z } from 'zod';
import { buildApp } from '../apps/api/src/app.ts';
import { wallClock } from '../apps/api/src/clock.ts';
import type { Db } from '../apps/api/src/db/db.ts';
import { withAuthSecret } from '../apps/api/src/db/instance-secrets.ts';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database.ts';
import { createJobQueue, type JobQueue } from '../apps/api/src/infra/jobs/job-queue.ts';
import { setCountryParameter } from '../apps/api/src/modules/vendors/repo.ts';
import { DELIVER_QUEUE } from '../apps/api/src/modules/webhooks/deps.ts';
import { postWebhook } from '../apps/api/src/modules/webhooks/post.ts';
import { createWebhooks, type WebhooksService } from '../apps/api/src/modules/webhooks/service.ts';
import { signWebhook } from '../apps/api/src/modules/webhooks/signing.ts';
import { seed } from '../apps/api/src/seed/seed.ts';
import { DEMO_OUTLET_ID, demoOrder } from '../testing/demo-order.ts';
import { benchConfig } from './bench-config.ts';
import { percentile } from './child-process.ts';
import { pace } from './pace.mjs';
import type { FromReceiver, ToReceiver } from './webhook-receiver.ts';

export interface WebhookDeliveryOptions {
  /** Events of the throughput runs (queued first, then delivered). */
  events: number;
  /** Status changes a second of the latency runs. */
  rate: number;
  durationSeconds: number;
  /** The same pace first, unmeasured. */
  warmupSeconds: number;
  /** Workers of the deliver queue and of the bare queue (the module's DELIVERY_WORKERS by default). */
  concurrency: number;
  /** Jobs each worker fetches at once, in both queues (DELIVERY_BATCH_SIZE by default). */
  batchSize: number;
}

interface LatencyFigures {
  /** Events committed in the measured window. */
  committed: number;
  /** Of those, how many arrived (valid signature) before the wait ran out. */
  received: number;
  /** Events a second that arrived, over the measured window. */
  receivedPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** The pace's calls that were due while 100 others waited (not made). */
  skipped: number;
}

export interface WebhookDeliveryResult {
  options: WebhookDeliveryOptions;
  /** Bare loop: the same signed POSTs to the same receiver, `concurrency` at a time. */
  barePostPerSecond: number;
  /** pg-boss alone: the same POSTs as jobs of a bare queue, queued first, `concurrency` workers. */
  queuePostPerSecond: number;
  /** The module: events queued by enqueueEvent first, then delivered by its workers. */
  deliveredPerSecond: number;
  /**
   * Job runs of the module's queue per event, once the queue is empty: each event's own job, and a hand-off's
   * or a retry's when there is one (decision 168).
   */
  jobsPerEvent: number;
  /**
   * Statements sent to the database (every pool: the application's and pg-boss's) per event: the bare queue's and
   * the module's until the receiver had every event, and the module's until its queue was empty.
   */
  statementsPerEvent: { queue: number; module: number; moduleUntilEmpty: number };
  /** From the commit of a bare queue's send to the receiver, at `rate`. */
  queueLatency: LatencyFigures;
  /** From the commit of enqueueEvent's transaction to the receiver, at `rate`. */
  moduleLatency: LatencyFigures;
  /** From the commit of a real status change (lifecycle step, its event in its transaction) to the receiver. */
  statusLatency: LatencyFigures;
  invalidSignatures: number;
  /** The 1-minute load average at the start and at the end: other work on the machine skews the figures. */
  load: { start: number; end: number };
}

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const VENDOR = 'bench-hooks';
const STATUS_EVENT = 'order.status_changed';
const STATUSES = ['NEW', 'RECEIVED', 'COURIER_ACCEPTED_DELIVERY', 'PICKED_UP', 'DELIVERED'] as const;
const LOOPBACK = { address: '127.0.0.1', family: 4 as const };
const PACED_MAX_IN_FLIGHT = 100;
/** How long after the last commit the receiver may still be waited for. */
const SETTLE_MS = 120_000;
const AUTH_SECRET = randomBytes(32).toString('base64url');
const here = path.dirname(fileURLToPath(import.meta.url));
const silent = pino({ level: 'silent' });
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every statement any pool of this process sends (the application's, pg-boss's): counted, then passed on. */
let statements = 0;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;

/** A status callback as pandago's shape has it (no personal data), about 600 bytes. */
function statusBody(orderId: string, status: string, at: Date) {
  const seconds = Math.floor(at.getTime() / 1000);
  return {
    order_id: orderId,
    client_order_id: `pos-${orderId.slice(0, 8)}`,
    status,
    timeline: { estimated_pickup_time: seconds + 600, estimated_delivery_time: seconds + 1800 },
    driver: { id: 'r-1042', name: 'Imran K.', phone_number: '+923001234567', location: { lat: 24.81, lng: 67.03 } },
    tracking_link: `https://riderdesk.example/tracking/${orderId}`,
    distance: 2140,
    delivery_tasks: { age_validation_required: false },
    updated_at: seconds,
  };
}

/** `count` status changes over `count / STATUSES.length` orders, each order's statuses in turn, orders interleaved. */
function statusChanges(count: number): { orderId: string; body: string }[] {
  const orders = Array.from({ length: Math.max(1, Math.ceil(count / STATUSES.length)) }, () => randomUUID());
  return Array.from({ length: count }, (_, n) => {
    const orderId = orders[n % orders.length]!;
    const status = STATUSES[Math.floor(n / orders.length) % STATUSES.length]!;
    return { orderId, body: JSON.stringify(statusBody(orderId, status, new Date())) };
  });
}

class Receiver {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(): Promise<Receiver> {
    const child = fork(path.join(here, 'webhook-receiver.ts'), [], {
      cwd: path.join(here, '..'),
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = await Receiver.next<{ port: number }>(child, 'ready');
    return new Receiver(child, `http://127.0.0.1:${ready.port}/hooks`);
  }

  private static next<T>(child: ChildProcess, type: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: FromReceiver) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as T);
      };
      const onExit = (code: number | null) => reject(new Error(`the receiver exited (${code}) before '${type}'`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  }

  private ask<T>(message: ToReceiver, answer: string): Promise<T> {
    const next = Receiver.next<T>(this.child, answer);
    this.child.send(message);
    return next;
  }

  setSecret(secret: string) {
    return this.ask({ type: 'secret', secret }, 'secret-set');
  }

  progress() {
    return this.ask<{ valid: number; invalid: number }>({ type: 'progress' }, 'progress');
  }

  /** The valid arrivals since the last report, and the requests refused. */
  report() {
    return this.ask<{ events: [string, number, string][]; invalid: number }>({ type: 'report' }, 'report');
  }

  /** Resolves once `count` valid requests arrived since the last report; the last one's arrival time. */
  async waitFor(count: number, timeoutMs: number): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      if ((await this.progress()).valid >= count) return true;
      await sleep(10);
    }
    return false;
  }

  async stop() {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send('stop');
    await exited;
  }
}

/** One signed POST of `body` to the receiver, as the module's delivery sends it. */
async function signedPost(url: URL, secret: string, eventId: string, body: string) {
  const headers = signWebhook({ secret, eventId, body, now: wallClock() });
  const result = await postWebhook({ url, address: LOOPBACK, headers, body });
  if (result.status !== 200) throw new Error(`the receiver answered ${result.status ?? result.error}`);
}

/** A job queue with the bench's bare queue and the webhooks module registered, opened, not started. */
async function openQueue(db: Db, options: WebhookDeliveryOptions, url: URL, secret: () => string) {
  const jobs: JobQueue = createJobQueue({
    db,
    log: silent,
    settings: { ...benchConfig({ ...process.env, AUTH_SECRET }).jobs, concurrency: options.concurrency },
  });
  const bare = jobs.register(
    'bench.webhook-post',
    z.object({ eventId: z.uuid(), body: z.string() }),
    (job) => signedPost(url, secret(), job.eventId, job.body),
    { batchSize: options.batchSize },
  );
  const webhooks: WebhooksService = createWebhooks({
    db,
    jobs,
    clock: wallClock,
    environment: 'san',
    authSecret: AUTH_SECRET,
    deliveryWorkers: options.concurrency,
    deliveryBatchSize: options.batchSize,
  });
  await jobs.open();
  return { jobs, bare, webhooks };
}

/** Events a second from the start until the receiver has `count` valid requests. */
async function timeToReceive(receiver: Receiver, count: number, start: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await start();
  if (!(await receiver.waitFor(count, 120_000))) throw new Error(`fewer than ${count} events arrived in 120 s`);
  const { events } = await receiver.report();
  const last = Math.max(...events.map(([, at]) => at));
  return count / ((last - (performance.timeOrigin + started)) / 1000);
}

/**
 * Paces `commit` at the rate (warm-up first), each answering the key of the event it committed (its event id, or
 * `order status` with `by: 'status'`), or null when it made none; then waits for the receiver and pairs every
 * measured commit with its arrival.
 */
async function latencyRun(
  receiver: Receiver,
  options: WebhookDeliveryOptions,
  commit: (n: number) => Promise<string | null>,
  by: 'event' | 'status' = 'event',
): Promise<LatencyFigures> {
  const committedAt = new Map<string, number>();
  let n = 0;
  let events = 0;
  let measuring = false;
  const paced = (seconds: number) =>
    pace({
      rate: options.rate,
      durationSeconds: seconds,
      maxInFlight: PACED_MAX_IN_FLIGHT,
      send: async () => {
        const measured = measuring;
        const key = await commit(n++);
        if (key === null) return;
        events++;
        if (measured) committedAt.set(key, now());
      },
    });
  await paced(options.warmupSeconds);
  measuring = true;
  const { skipped } = await paced(options.durationSeconds);
  await receiver.waitFor(events, SETTLE_MS);
  const report = await receiver.report();
  const latencies: number[] = [];
  for (const [eventId, at, status] of report.events) {
    const committed = committedAt.get(by === 'event' ? eventId : status);
    if (committed !== undefined) latencies.push(at - committed);
  }
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    committed: committedAt.size,
    received: latencies.length,
    receivedPerSecond: latencies.length / options.durationSeconds,
    latencyMs: {
      p50: round(percentile(latencies, 0.5)),
      p90: round(percentile(latencies, 0.9)),
      p99: round(percentile(latencies, 0.99)),
      max: round(latencies.at(-1) ?? 0),
    },
    skipped,
  };
}

/** The delivery's path of an order once created: each step a pandago status of its own, so each one event. */
const STATUS_PATH = [
  'RECEIVED',
  'WAITING_FOR_TRANSPORT',
  'ASSIGNED_TO_TRANSPORT',
  'COURIER_ACCEPTED_DELIVERY',
  'NEAR_VENDOR',
  'PICKED_UP',
  'COURIER_LEFT_VENDOR',
  'NEAR_CUSTOMER',
  'DELIVERED',
] as const satisfies readonly OrderStatus[];

/**
 * Real status changes: the API built on the same database (seeded, the dispatcher and simulator off), orders of
 * the demo outlet created through POST /order, an endpoint of the outlet on the receiver, then each order moved
 * along its path through the lifecycle service at the rate, round the orders: every step is one transaction
 * with its webhook event (decision 156). Answers the commit → receiver figures, or why the run failed.
 */
async function statusChangeRun(db: Db, receiver: Receiver, options: WebhookDeliveryOptions): Promise<LatencyFigures> {
  const config = await withAuthSecret(benchConfig({ ...process.env, AUTH_SECRET }), db);
  await seed(db, config, wallClock);
  await setCountryParameter(db, 'serviceHours', '0000:0000');
  const app = await buildApp(
    {
      ...config,
      jobs: { ...config.jobs, concurrency: options.concurrency },
      dispatch: { ...config.dispatch, dispatcher: false, simulator: false },
    },
    {
      db,
      webhooks: { deliveryWorkers: options.concurrency, deliveryBatchSize: options.batchSize },
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const { authorization, body } = await demoOrder(base);
    const steps = Math.ceil(options.rate * (options.durationSeconds + options.warmupSeconds));
    const orders: string[] = [];
    for (let n = 0; n < Math.ceil(steps / STATUS_PATH.length); n++) {
      const response = await fetch(`${base}/api/v1/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization, 'idempotency-key': randomUUID() },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST /order answered ${response.status}: ${await response.text()}`);
      orders.push(((await response.json()) as { result: { order_id: string } }).result.order_id);
    }
    const endpoint = await app.services.webhooks.createEndpoint({
      vendorId: DEMO_OUTLET_ID,
      url: receiver.url,
      events: [STATUS_EVENT],
    });
    await receiver.setSecret(endpoint.secret);
    let refused = 0;
    const figures = await latencyRun(
      receiver,
      options,
      async (n) => {
        const orderId = orders[n % orders.length]!;
        const status = STATUS_PATH[Math.floor(n / orders.length)];
        if (!status) return null;
        try {
          const row = await app.services.lifecycle.step(orderId, status);
          return `${orderId} ${apiStatusOf(row.status, row.status_history)}`;
        } catch {
          // The order's previous step has not committed yet (a run that does not keep up): no event.
          refused++;
          return null;
        }
      },
      'status',
    );
    return { ...figures, skipped: figures.skipped + refused };
  } finally {
    await app.close();
  }
}

export async function benchWebhookDelivery(options: WebhookDeliveryOptions): Promise<WebhookDeliveryResult> {
  const loadAtStart = loadavg()[0] ?? 0;
  const scratch = await createScratchDatabase(ADMIN_URL, { prefix: 'rd_bench_hooks', poolSize: 10 });
  const { db } = scratch;
  const receiver = await Receiver.start();
  let secret = '';
  let jobs: JobQueue | null = null;
  try {
    await db.query(`insert into vendors (vendor_id, name, currency, country_code) values ($1, 'Bench', 'PKR', 'PK')`, [
      VENDOR,
    ]);
    const url = new URL(receiver.url);

    // Throughput. 1. The bare loop: the same signed POSTs, `concurrency` in flight.
    let opened = await openQueue(db, options, url, () => secret);
    jobs = opened.jobs;
    const endpoint = await opened.webhooks.createEndpoint({
      vendorId: VENDOR,
      url: receiver.url,
      events: [STATUS_EVENT],
    });
    secret = endpoint.secret;
    await receiver.setSecret(secret);
    const changes = statusChanges(options.events);
    let next = 0;
    const barePostPerSecond = await timeToReceive(receiver, changes.length, async () => {
      await Promise.all(
        Array.from({ length: options.concurrency * options.batchSize }, async () => {
          while (next < changes.length) await signedPost(url, secret, randomUUID(), changes[next++]!.body);
        }),
      );
    });

    // 2. The bare queue: every body a job, queued first; then the workers start.
    for (const change of changes) await opened.bare.send({ eventId: randomUUID(), body: change.body });
    let counted = statements;
    const queuePostPerSecond = await timeToReceive(receiver, changes.length, () => jobs!.start());
    const queueStatements = (statements - counted) / changes.length;
    await jobs.stop();

    // 3. The module: every change an event (one delivery, its job), queued first; then the workers start.
    opened = await openQueue(db, options, url, () => secret);
    jobs = opened.jobs;
    for (const change of changes) {
      await opened.webhooks.enqueueEvent({
        vendorId: VENDOR,
        orderId: change.orderId,
        type: STATUS_EVENT,
        body: JSON.parse(change.body),
      });
    }
    counted = statements;
    const deliveredPerSecond = await timeToReceive(receiver, changes.length, () => jobs!.start());
    const moduleStatements = (statements - counted) / changes.length;
    // Then until every job the events cost has run (each event's own, a hand-off's, a retry), without the
    // bench's own polls: what the whole backlog cost. The latency runs start on an empty queue.
    let polls = await waitForDeliveries(db, changes.length);
    polls += await waitForEmptyQueue(opened.jobs);
    const moduleStatementsAll = (statements - counted - polls) / changes.length;
    const jobsPerEvent = (await deliverJobRuns(db)) / changes.length;

    // Latency at the rate, on the started queue: 4. the module, each change's event in a transaction of its own.
    const latencyChanges = statusChanges(options.rate);
    const moduleLatency = await latencyRun(receiver, options, (n) => {
      const change = latencyChanges[n % latencyChanges.length]!;
      return db.transaction((tx) =>
        opened.webhooks.enqueueEvent(
          { vendorId: VENDOR, orderId: change.orderId, type: STATUS_EVENT, body: JSON.parse(change.body) },
          tx,
        ),
      );
    });
    // 5. The bare queue's send → worker → POST, at the same pace.
    const queueLatency = await latencyRun(receiver, options, async (n) => {
      const eventId = randomUUID();
      await opened.bare.send({ eventId, body: latencyChanges[n % latencyChanges.length]!.body });
      return eventId;
    });
    await jobs.stop();
    jobs = null;
    // 6. Real status changes through the lifecycle service, each with its event in its transaction.
    const statusLatency = await statusChangeRun(db, receiver, options);
    const invalidSignatures = (await receiver.progress()).invalid;
    return {
      options,
      barePostPerSecond,
      queuePostPerSecond,
      deliveredPerSecond,
      jobsPerEvent,
      statementsPerEvent: { queue: queueStatements, module: moduleStatements, moduleUntilEmpty: moduleStatementsAll },
      queueLatency,
      moduleLatency,
      statusLatency,
      invalidSignatures,
      load: { start: loadAtStart, end: loadavg()[0] ?? 0 },
    };
  } finally {
    await jobs?.stop();
    await receiver.stop();
    await scratch.drop();
  }
}

/** Runs of the deliver queue's jobs so far: each job once, and once more for each of its retries. */
async function deliverJobRuns(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select coalesce(sum(1 + retry_count), 0)::int as n from pgboss.job
      where name = 'webhooks.deliver' and state <> 'created'`,
  );
  return row?.n ?? 0;
}

/** Waits until no job of the deliver queue is due or running; answers the statements its polls made. */
async function waitForEmptyQueue(jobs: JobQueue): Promise<number> {
  for (let polls = 1; polls * 20 < SETTLE_MS; polls++) {
    const depth = await jobs.depth(DELIVER_QUEUE);
    if (depth.queued + depth.active === 0) return polls;
    await sleep(20);
  }
  throw new Error('the deliver queue did not empty');
}

/** Waits until `count` deliveries are delivered; answers the statements its polls made. */
async function waitForDeliveries(db: Db, count: number): Promise<number> {
  for (let polls = 1; polls * 20 < SETTLE_MS; polls++) {
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from webhook_deliveries where state = 'delivered'`,
    );
    if ((row?.n ?? 0) >= count) return polls;
    await sleep(20);
  }
  throw new Error(`fewer than ${count} deliveries settled as delivered`);
}

export function formatWebhookDelivery(result: WebhookDeliveryResult): string {
  const { options: o } = result;
  const perSecond = (value: number) => `${value.toFixed(1)} events/s`;
  const latency = (name: string, figures: LatencyFigures) =>
    `  ${name}: ${figures.received} of ${figures.committed} arrived (${figures.receivedPerSecond.toFixed(1)}/s${figures.skipped > 0 ? `, ${figures.skipped} not sent` : ''}), p50 ${figures.latencyMs.p50} ms, p90 ${figures.latencyMs.p90} ms, p99 ${figures.latencyMs.p99} ms, max ${figures.latencyMs.max} ms`;
  return [
    `webhook delivery on postgres: ${o.events} events, ${o.concurrency} workers × batches of ${o.batchSize}; ${o.rate} changes/s for ${o.durationSeconds} s after ${o.warmupSeconds} s (load average ${result.load.start.toFixed(2)} → ${result.load.end.toFixed(2)})`,
    `  anchor, bare POST loop (same signed bodies, same receiver): ${perSecond(result.barePostPerSecond)}`,
    `  anchor, bare pg-boss queue → POST: ${perSecond(result.queuePostPerSecond)} (${(result.queuePostPerSecond / result.barePostPerSecond).toFixed(2)} of the bare loop)`,
    `  module (enqueueEvent → deliveries): ${perSecond(result.deliveredPerSecond)}: ${(result.deliveredPerSecond / result.barePostPerSecond).toFixed(2)} of the bare loop, ${(result.deliveredPerSecond / result.queuePostPerSecond).toFixed(2)} of the bare queue; ${result.jobsPerEvent.toFixed(2)} job runs per event`,
    `  statements per event while delivering (every pool, polls included): bare queue ${result.statementsPerEvent.queue.toFixed(2)}, module ${result.statementsPerEvent.module.toFixed(2)} (${result.statementsPerEvent.moduleUntilEmpty.toFixed(2)} until its queue was empty)`,
    `  commit → receiver at ${o.rate}/s:`,
    latency('anchor, bare queue send → POST', result.queueLatency),
    latency('module, enqueueEvent commit → receiver', result.moduleLatency),
    latency('status changes (lifecycle step) commit → receiver', result.statusLatency),
    `  p99 module ÷ anchor ${(result.moduleLatency.latencyMs.p99 / Math.max(0.1, result.queueLatency.latencyMs.p99)).toFixed(2)}; refused signatures ${result.invalidSignatures}`,
  ].join('\n');
}
