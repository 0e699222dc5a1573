/**
 * Live fan-out: order changes committed at a fixed rate on PostgreSQL, pushed by one or two API instances
 * (each a process of its own, LISTENing on the same scratch database) to WebSocket subscribers held by
 * client processes of their own. Reports, exactly, the updates each subscriber should have received (every
 * change of the vendor it follows) against those it received, and the latency from the commit to the
 * client (p50/p99/max). Needs DATABASE_URL (a server where it may create and drop a database).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/live-fanout.ts [spread:1 one:2 …]
 *
 * A run is `layout:instances`: `spread` puts FANOUT_SUBSCRIBERS over FANOUT_VENDORS vendors (each vendor
 * has one staff login, whose sockets are its tabs and devices), `one` puts them all on one vendor (the
 * worst case: every change goes to every socket). With two instances, subscriber n connects to instance
 * n mod 2. Changes are committed by this process through the lifecycle service (one transaction and its
 * `NOTIFY order_changes`), on the same database but in neither instance.
 */
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app.ts';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database.ts';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.ts';
import * as authRepo from '../apps/api/src/modules/auth/repo.ts';
import * as vendorsRepo from '../apps/api/src/modules/vendors/repo.ts';
import { orderCreateBody } from '../testing/order-body.ts';
import type { FromClient, Subscriber, ToClient } from './live-fanout-client.ts';
import { fanoutConfig } from './live-fanout-server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const RATE_PER_S = env('FANOUT_RATE', 50);
const DURATION_S = env('FANOUT_SECONDS', 10);
const SUBSCRIBERS = env('FANOUT_SUBSCRIBERS', 5000);
const VENDORS = env('FANOUT_VENDORS', 1000);
const CLIENT_PROCESSES = env('FANOUT_CLIENT_PROCESSES', 4);
// The one-vendor layout changes these orders of the first vendor in turn; every other vendor has one order.
const ONE_VENDOR_ORDERS = 20;
const DRAIN_TIMEOUT_MS = 20_000;

export type Layout = 'spread' | 'one';
export interface FanoutRun {
  layout: Layout;
  instances: 1 | 2;
  /** The bare LISTEN → ws relay of live-fanout-server.ts instead of the API: the anchor. */
  anchor: boolean;
}

export interface FanoutResult {
  server: 'api' | 'anchor';
  layout: Layout;
  instances: number;
  subscribers: number;
  vendors: number;
  changes: number;
  changesPerS: number;
  expected: number;
  delivered: number;
  superseded: number;
  lost: number;
  /** order_update messages received per second, from the first commit to the last receipt. */
  messagesPerS: number;
  messageBytes: number;
  closed: string;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  load: string;
}

const now = () => performance.timeOrigin + performance.now();
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function start(file: string, extraEnv: Record<string, string> = {}, execArgv: string[] = []): ChildProcess {
  return fork(path.join(here, file), [], {
    cwd: path.join(here, '..'),
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function next<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string }) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as T);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited (${code}) before '${type}'`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

function percentile(histogram: Map<number, number>, total: number, p: number): number {
  const buckets = [...histogram].sort((a, b) => a[0] - b[0]);
  const rank = Math.min(total - 1, Math.floor(total * p));
  let seen = 0;
  for (const [bucket, count] of buckets) {
    seen += count;
    if (seen > rank) return bucket / 10;
  }
  return Number.NaN;
}

export async function liveFanout(runs: FanoutRun[]): Promise<FanoutResult[]> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('live-fanout needs DATABASE_URL (PostgreSQL)');
  const { db, url, drop } = await createScratchDatabase(adminUrl, { prefix: 'rd_bench', poolSize: 10 });
  const results: FanoutResult[] = [];
  try {
    const config = fanoutConfig(url);
    const app = await buildApp(config, { db });
    await app.ready();

    // Setup: VENDORS vendors, one login each (a cheap password hash: the logins are not what is measured),
    // every login also linked to the first vendor for the one-vendor layout.
    const vendorIds = Array.from({ length: VENDORS }, (_, index) => `bench-vendor-${index}`);
    const passwordHash = await hashPassword('Bench#2026x', { memoryCost: 1024, timeCost: 1, parallelism: 1 });
    await vendorsRepo.setCountryParameter(db, 'serviceHours', '0000:0000');
    const authorizations: string[] = [];
    const ordersOf = new Map<string, string[]>();
    const destination = { lat: 24.87, lng: 67.01 };
    const setUp = async (index: number) => {
      const vendorId = vendorIds[index]!;
      await vendorsRepo.insertVendor(db, {
        vendor_id: vendorId,
        name: `Bench Vendor ${index}`,
        currency: 'PKR',
        country_code: 'PK',
        latitude: 24.86,
        longitude: 67.0,
        payment_methods: { CASH_ON_DELIVERY: true },
      });
      const email = `bench${index}@riderdesk.test`;
      const user = await authRepo.insertUser(db, { email, passwordHash, confirmedAt: new Date() });
      await vendorsRepo.linkUserToVendor(db, user!.id, vendorId);
      await vendorsRepo.linkUserToVendor(db, user!.id, vendorIds[0]!);
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email_address: email, password: 'Bench#2026x' },
      });
      const tokens = login.json().result as { AccessToken: string; IdToken: string };
      const authorization = `Bearer ${tokens.AccessToken}|${tokens.IdToken}`;
      authorizations[index] = authorization;
      const fee = await app.inject({
        method: 'POST',
        url: '/api/v1/delivery/fee',
        headers: { authorization },
        payload: {
          source: { lat: 24.86, lon: 67.0 },
          destination: { lat: destination.lat, lon: destination.lng },
          vendor_id: vendorId,
          delivery_type: 'food',
        },
      });
      const quote = fee.json().result as { fee: number; signature: string };
      const orders: string[] = [];
      for (let count = 0; count < (index === 0 ? ONE_VENDOR_ORDERS : 1); count++) {
        const placed = await app.inject({
          method: 'POST',
          url: '/api/v1/order',
          headers: { authorization },
          payload: orderCreateBody({ vendorId, quote, destination }),
        });
        if (placed.statusCode !== 200) throw new Error(`order failed: ${placed.body}`);
        orders.push(placed.json().result.order_id as string);
      }
      ordersOf.set(vendorId, orders);
    };
    const queue = vendorIds.map((_, index) => index);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let index = queue.shift(); index !== undefined; index = queue.shift()) await setUp(index);
      }),
    );

    for (const run of runs) {
      const changes = RATE_PER_S * DURATION_S;
      const profile = process.env.FANOUT_CPU_PROF;
      const servers: ChildProcess[] = [];
      const ports: number[] = [];
      // One after the other: each instance starts on the migrated database.
      for (let instance = 0; instance < run.instances; instance++) {
        const server = start(
          'live-fanout-server.ts',
          // The anchor's messages are the size of the hub's (measured: 1 011 bytes for the bench's orders).
          run.anchor ? { FANOUT_DATABASE_URL: url, FANOUT_ANCHOR: '1011' } : { FANOUT_DATABASE_URL: url },
          profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : [],
        );
        servers.push(server);
        ports.push((await next<{ port: number }>(server, 'listening')).port);
      }
      const clients = Array.from({ length: CLIENT_PROCESSES }, () =>
        start('live-fanout-client.ts', {}, profile ? ['--cpu-prof', '--cpu-prof-dir', `${profile}/clients`] : []),
      );
      const subscribersOf: Subscriber[][] = clients.map(() => []);
      const followers = new Map<string, number>();
      for (let n = 0; n < SUBSCRIBERS; n++) {
        const login = n % VENDORS;
        const vendorId = run.layout === 'one' ? vendorIds[0]! : vendorIds[login]!;
        followers.set(vendorId, (followers.get(vendorId) ?? 0) + 1);
        subscribersOf[n % CLIENT_PROCESSES]!.push({
          port: ports[n % run.instances]!,
          authorization: authorizations[login]!,
          vendorId,
        });
      }
      await Promise.all(
        clients.map((client, index) => {
          const opened = next<FromClient>(client, 'opened');
          client.send({ type: 'open', subscribers: subscribersOf[index]!, changes } satisfies ToClient);
          return opened;
        }),
      );
      const loadBefore = load();

      // The vendors changed in turn (only vendors someone follows), and their orders in turn.
      const changed = [...followers.keys()];
      let expected = 0;
      const started = performance.now();
      for (let seq = 0; seq < changes; seq++) {
        const due = started + (seq * 1000) / RATE_PER_S;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const vendorId = changed[seq % changed.length]!;
        const orders = ordersOf.get(vendorId)!;
        const orderId = orders[Math.floor(seq / changed.length) % orders.length]!;
        await app.services.lifecycle.touch(orderId, { pickup_eta_minutes: seq % 60 });
        const at = now();
        const [row] = await db.query<{ updated_at: Date }>('select updated_at from orders where order_id = $1', [
          orderId,
        ]);
        const commit: ToClient = {
          type: 'commit',
          seq,
          key: `${orderId} ${row!.updated_at.toISOString()}`,
          orderId,
          vendorId,
          at,
        };
        for (const client of clients) client.send(commit);
        expected += followers.get(vendorId)!;
      }
      const committedS = (performance.now() - started) / 1000;
      // Done when every change has reached every follower, or when nothing more arrives for a second (a state
      // superseded before it was sent never arrives), or at the deadline.
      const deadline = performance.now() + DRAIN_TIMEOUT_MS;
      let lastMessages = -1;
      let quietSince = performance.now();
      let deliveredAt = performance.now();
      for (;;) {
        const progress = await Promise.all(
          clients.map((client) => {
            const answer = next<{ received: number; messages: number }>(client, 'progress');
            client.send({ type: 'progress' } satisfies ToClient);
            return answer;
          }),
        );
        const received = progress.reduce((sum, { received }) => sum + received, 0);
        const messages = progress.reduce((sum, progress) => sum + progress.messages, 0);
        if (messages !== lastMessages) {
          lastMessages = messages;
          quietSince = performance.now();
          deliveredAt = performance.now();
        }
        if (received >= expected || performance.now() - quietSince > 1000 || performance.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const loadAfter = load();
      const reports = await Promise.all(
        clients.map((client) => {
          const answer = next<Extract<FromClient, { type: 'report' }>>(client, 'report');
          client.send({ type: 'report' } satisfies ToClient);
          return answer;
        }),
      );
      await Promise.all(clients.map(exited));
      for (const server of servers) server.send('stop');
      await Promise.all(servers.map(exited));

      const histogram = new Map<number, number>();
      const closed: Record<string, number> = {};
      let delivered = 0;
      let superseded = 0;
      let lost = 0;
      let reportedExpected = 0;
      let messages = 0;
      let bytes = 0;
      for (const report of reports) {
        reportedExpected += report.expected;
        delivered += report.delivered;
        superseded += report.superseded;
        lost += report.lost;
        messages += report.messages;
        bytes += report.bytes;
        for (const [bucket, count] of report.histogram) histogram.set(bucket, (histogram.get(bucket) ?? 0) + count);
        for (const [code, count] of Object.entries(report.closed)) closed[code] = (closed[code] ?? 0) + count;
      }
      if (reportedExpected !== expected) throw new Error(`expected ${expected}, clients counted ${reportedExpected}`);
      const latencies = [...histogram.values()].reduce((sum, count) => sum + count, 0);
      const result: FanoutResult = {
        server: run.anchor ? 'anchor' : 'api',
        layout: run.layout,
        instances: run.instances,
        subscribers: SUBSCRIBERS,
        vendors: followers.size,
        changes,
        // The rate actually committed (the committing loop falls behind when the machine is saturated).
        changesPerS: Number((changes / committedS).toFixed(1)),
        expected,
        delivered,
        superseded,
        lost,
        messagesPerS: Math.round(messages / ((deliveredAt - started) / 1000)),
        messageBytes: Math.round(bytes / Math.max(1, messages)),
        closed: Object.entries(closed)
          .map(([code, count]) => `${count}×${code}`)
          .join(' '),
        p50Ms: percentile(histogram, latencies, 0.5),
        p99Ms: percentile(histogram, latencies, 0.99),
        // A loop, not Math.max(...keys): a run with seconds of spread has more buckets than a call takes arguments.
        maxMs: [...histogram.keys()].reduce((max, bucket) => Math.max(max, bucket), 0) / 10,
        load: `${loadBefore} → ${loadAfter}`,
      };
      results.push(result);
      process.stderr.write(`${JSON.stringify(result)}\n`);
    }
    await app.close();
  } finally {
    await drop();
  }
  return results;
}

export function machine(): string {
  return `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

export function parseRuns(specs: string[]): FanoutRun[] {
  return specs.map((spec) => {
    const [layout, instances, anchor] = spec.split(':');
    if (
      (layout !== 'spread' && layout !== 'one') ||
      (instances !== '1' && instances !== '2') ||
      (anchor !== undefined && anchor !== 'anchor')
    )
      throw new Error(`a run is spread:1, spread:2, one:1 or one:2, with :anchor for the bare relay; not ${spec}`);
    return { layout, instances: Number(instances) as 1 | 2, anchor: anchor === 'anchor' };
  });
}

export const DEFAULT_RUNS = ['spread:1', 'spread:2', 'one:1:anchor', 'one:1', 'one:2'];

if (import.meta.url === `file://${process.argv[1]}`) {
  const specs = process.argv.slice(2);
  const results = await liveFanout(parseRuns(specs.length ? specs : DEFAULT_RUNS));
  process.stdout.write(`live fan-out — ${machine()}\n`);
  console.table(results);
}
