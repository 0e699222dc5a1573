// POST /order under a fixed request rate, on PostgreSQL and on PGlite.
// Each request carries its own Idempotency-Key, so every one creates an order (and its key row)
// through the full path: auth, spec §5 chain, area, fee signature, service hours, one transaction.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { wallClock } from '../apps/api/src/clock.ts';
import { type Db, openPglite } from '../apps/api/src/db/db.ts';
import { withAuthSecret } from '../apps/api/src/db/instance-secrets.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database.ts';
import { setCountryParameter } from '../apps/api/src/modules/vendors/repo.ts';
import { seed } from '../apps/api/src/seed/seed.ts';
import { orderCreateBody } from '../testing/order-body.ts';
import { benchConfig } from './bench-config.ts';
import { pacedHttp, percentile, successes } from './child-process.ts';

export type BenchDatabase = 'postgres' | 'pglite';

export interface OrderCreateOptions {
  database: BenchDatabase;
  /** Requests per second across all connections; 0 sends as fast as the connections allow (the maximum rate). */
  rate: number;
  durationSeconds: number;
  connections: number;
  /**
   * A fixed rate is measured after this long at the same pace, in the same load process and over its
   * connections (bench/paced-http.mjs), so the measured window starts with the load already running.
   */
  warmupSeconds: number;
}

/** What a load measured: its requests, their answers and latencies. */
export interface LoadResult {
  /**
   * How the load was sent: the maximum rate by autocannon's connections, each sending its next request when
   * its last is answered; a fixed rate evenly paced, open loop, by bench/paced-http.mjs in a process of its own.
   */
  generator: 'autocannon' | 'paced';
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** autocannon's timeouts; for a paced load, the requests due while 100 others waited, and so not sent. */
  timeouts: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** A fixed-rate load's warm-up (`warmupSeconds`, unmeasured): its 2xx answers; 0 at the maximum rate. */
  warmupOk: number;
}

export interface OrderCreateResult extends LoadResult {
  database: BenchDatabase;
  rate: number;
  durationSeconds: number;
  warmupSeconds: number;
  throughput: number;
  ordersInDatabase: number;
  /**
   * PostgreSQL statements (round trips) sent per created order during the run, counted by wrapping
   * `pg.Client.prototype.query`; null on PGlite.
   */
  statementsPerOrder: number | null;
  /** 1-minute load average when the run ended: other work on the machine skews the figures. */
  loadAverage: number;
  /**
   * The anchor, on PostgreSQL, measured just before in the same run on the same database and pool: a bare
   * Fastify route that parses the same JSON body and inserts it as one row (`insert … values ($1, $2::jsonb)`),
   * the least a created order can cost.
   */
  anchor: AnchorResult | null;
  /** The anchor's insert announced with `pg_notify` in its statement, as an order is (same run, same load). */
  announcedAnchor: AnchorResult | null;
}

/** At most this many requests of a paced load wait at once; a request due beyond that is not sent. */
const PACED_MAX_IN_FLIGHT = 100;

/**
 * POSTs `body` to `url` for the run's duration: as fast as the connections allow (autocannon) when no rate is
 * asked, otherwise evenly paced at the rate (bench/paced-http.mjs). With `idempotencyKeys` each request carries
 * an Idempotency-Key of its own; with `uniqueToken` that string in the body is replaced by a UUID per request.
 */
export async function postLoad(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: Pick<OrderCreateOptions, 'rate' | 'durationSeconds' | 'connections' | 'warmupSeconds'> & {
    idempotencyKeys: boolean;
    uniqueToken?: string;
  },
): Promise<LoadResult> {
  if (options.rate > 0) {
    const load = {
      url,
      method: 'POST' as const,
      body,
      headers: { 'content-type': 'application/json', ...headers },
      rate: options.rate,
      maxInFlight: PACED_MAX_IN_FLIGHT,
      idempotencyKeys: options.idempotencyKeys,
      ...(options.uniqueToken ? { uniqueToken: options.uniqueToken } : {}),
    };
    const result = await pacedHttp({
      ...load,
      durationSeconds: options.durationSeconds,
      warmupSeconds: options.warmupSeconds,
    });
    const latencies = [...result.latencies].sort((a, b) => a - b);
    const ok = successes(result);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      generator: 'paced',
      requests: latencies.length + result.errors,
      ok,
      non2xx: latencies.length - ok,
      errors: result.errors,
      timeouts: result.skipped,
      latencyMs: {
        p50: round(percentile(latencies, 0.5)),
        p90: round(percentile(latencies, 0.9)),
        p99: round(percentile(latencies, 0.99)),
        max: round(latencies.at(-1) ?? 0),
      },
      warmupOk: result.warmup ? successes(result.warmup) : 0,
    };
  }
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        ...(options.idempotencyKeys || options.uniqueToken
          ? {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                ...(options.idempotencyKeys
                  ? { headers: { ...request.headers, 'idempotency-key': randomUUID() } }
                  : {}),
                ...(options.uniqueToken ? { body: body.replaceAll(options.uniqueToken, randomUUID()) } : {}),
              }),
            }
          : {}),
      },
    ],
  });
  return {
    generator: 'autocannon',
    requests: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    warmupOk: 0,
  };
}

/**
 * Counts the statements every pg client sends (pool clients and the listener alike), from `reset` until `stop`.
 * It is installed before the anchors run: replacing `pg.Client.prototype.query` as the measured load starts
 * made V8 recompile every call site under load, a stall of a few hundred milliseconds at the start of the run.
 */
function countStatements(): { reset(): void; stop(): number } {
  const original = pg.Client.prototype.query;
  let statements = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return {
    reset() {
      statements = 0;
    },
    stop() {
      pg.Client.prototype.query = original;
      return statements;
    },
  };
}

interface AnchorResult {
  throughput: number;
  latencyMs: { p50: number; p99: number };
}

/**
 * The anchor: a bare Fastify route inserting the request body as one row, under the same load. With
 * `announced`, the same insert also calls `pg_notify` in its statement, as every created order announces
 * itself to the live relay: PostgreSQL serialises the commits of transactions that notify (each holds the
 * notification queue's lock until its commit record is flushed), so this is the ceiling of any route whose
 * writes are announced in their own transaction, whatever the route itself costs.
 */
async function benchBareInsert(db: Db, body: string, options: OrderCreateOptions, announced: boolean) {
  await db.query('create table if not exists bench_anchor (id uuid primary key, body jsonb not null)');
  const app = Fastify({ logger: false });
  const insert = announced
    ? `with inserted as (insert into bench_anchor (id, body) values ($1, $2::jsonb) returning id)
       select pg_notify('bench_anchor', id::text) from inserted`
    : 'insert into bench_anchor (id, body) values ($1, $2::jsonb)';
  app.post('/anchor', async (request, reply) => {
    await db.query(insert, [randomUUID(), JSON.stringify(request.body)]);
    return reply.code(201).send({ ok: true });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/anchor`;
    const result = await postLoad(url, body, {}, { ...options, idempotencyKeys: false });
    return {
      throughput: result.ok / options.durationSeconds,
      latencyMs: { p50: result.latencyMs.p50, p99: result.latencyMs.p99 },
    };
  } finally {
    await app.close();
  }
}

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const OUTLET_ID = 'pk-karachi-grill-clifton';
// About 2 km from the Clifton outlet, inside its 8 km radius.
const DESTINATION = { lat: 24.815, lng: 67.041 };

async function openDatabase(kind: BenchDatabase): Promise<{ db: Db; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    // A data folder, as the embedded default runs, not an in-memory database.
    const dir = mkdtempSync(path.join(tmpdir(), 'rd-bench-'));
    const db = await openPglite(path.join(dir, 'pglite'));
    return {
      db,
      async drop() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  return createScratchDatabase(ADMIN_URL, { prefix: 'rd_bench', poolSize: 10 });
}

async function call(base: string, method: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { result: Record<string, unknown> };
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(json)}`);
  return json.result;
}

export async function benchOrderCreate(options: OrderCreateOptions): Promise<OrderCreateResult> {
  const baseConfig = benchConfig({ ...process.env, AUTH_SECRET: randomBytes(32).toString('base64url') });
  const { db, drop } = await openDatabase(options.database);
  try {
    await migrate(db);
    const config = await withAuthSecret(baseConfig, db);
    await seed(db, config, wallClock);
    // Always open, so the figures do not depend on the hour the bench runs at.
    await setCountryParameter(db, 'serviceHours', '0000:0000');
    // Order creation alone: no dispatcher or simulated riders working the orders meanwhile. The live
    // relay (NOTIFY per created order) stays on, as in production.
    const app = await buildApp(
      { ...config, dispatch: { ...config.dispatch, dispatcher: false, simulator: false } },
      { db },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const tokens = await call(base, 'POST', '/api/v1/login', {
        email_address: config.demoEmail,
        password: config.demoPassword,
      });
      const authorization = `Bearer ${tokens.AccessToken}|${tokens.IdToken}`;
      const fee = await call(
        base,
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
      const body = JSON.stringify(
        orderCreateBody({
          vendorId: OUTLET_ID,
          quote: fee as { fee: number; signature: string },
          destination: DESTINATION,
          customer: { address: 'Flat 3, Sea Breeze Tower, Block 4, Clifton', notes: '' },
        }),
      );

      const counter = options.database === 'postgres' ? countStatements() : null;
      const anchor = options.database === 'postgres' ? await benchBareInsert(db, body, options, false) : null;
      const announcedAnchor = options.database === 'postgres' ? await benchBareInsert(db, body, options, true) : null;

      const countRows = async (table: 'orders' | 'idempotency_keys') =>
        (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n ?? 0;
      // The demo seed may hold orders of its own, and a warm-up creates some.
      const orderUrl = `${base}/api/v1/order`;
      const ordersBefore = await countRows('orders');
      const keysBefore = await countRows('idempotency_keys');
      counter?.reset();
      // A fixed rate is measured after its warm-up at the same pace, as the anchor is; the orders and the
      // statements counted include the warm-up's, whose orders are then taken off.
      const result = await postLoad(orderUrl, body, { authorization }, { ...options, idempotencyKeys: true });
      // Requests still in flight when the load stops finish before the orders are counted.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const statements = counter?.stop() ?? null;
      const createdWithWarmup = (await countRows('orders')) - ordersBefore;
      const keys = (await countRows('idempotency_keys')) - keysBefore;
      if (keys !== createdWithWarmup) throw new Error(`${createdWithWarmup} orders for ${keys} idempotency keys`);
      const created = createdWithWarmup - result.warmupOk;
      return {
        database: options.database,
        rate: options.rate,
        durationSeconds: options.durationSeconds,
        warmupSeconds: options.warmupSeconds,
        ...result,
        throughput: result.ok / options.durationSeconds,
        ordersInDatabase: created,
        statementsPerOrder: statements === null || createdWithWarmup === 0 ? null : statements / createdWithWarmup,
        loadAverage: loadavg()[0] ?? 0,
        anchor,
        announcedAnchor,
      };
    } finally {
      await app.close();
    }
  } finally {
    await drop();
  }
}

export function formatOrderCreate(result: OrderCreateResult): string {
  const { latencyMs: l } = result;
  const anchor = result.anchor
    ? [
        `  anchor (bare Fastify + one-row insert, same run): ${result.anchor.throughput.toFixed(1)} req/s, p50 ${result.anchor.latencyMs.p50} ms, p99 ${result.anchor.latencyMs.p99} ms; POST /order ÷ anchor ${(result.throughput / result.anchor.throughput).toFixed(2)}`,
        ...(result.announcedAnchor
          ? [
              `  announced anchor (the same insert with pg_notify, same run): ${result.announcedAnchor.throughput.toFixed(1)} req/s, p50 ${result.announcedAnchor.latencyMs.p50} ms, p99 ${result.announcedAnchor.latencyMs.p99} ms; ÷ anchor ${(result.announcedAnchor.throughput / result.anchor.throughput).toFixed(2)}; POST /order ÷ announced anchor ${(result.throughput / result.announcedAnchor.throughput).toFixed(2)}`,
            ]
          : []),
      ]
    : [];
  return [
    `POST /order on ${result.database}: ${result.rate > 0 ? `${result.rate} req/s` : 'maximum rate'} for ${result.durationSeconds} s`,
    `  ${result.generator === 'paced' ? 'evenly paced (bench/paced-http.mjs)' : 'autocannon, as fast as its connections allow'}: requests ${result.requests}, 2xx ${result.ok}, non-2xx ${result.non2xx}, errors ${result.errors}, ${result.generator === 'paced' ? `not sent (${PACED_MAX_IN_FLIGHT} in flight)` : 'timeouts'} ${result.timeouts}`,
    `  throughput ${result.throughput.toFixed(1)} orders/s; orders created in the database ${result.ordersInDatabase}${result.warmupOk > 0 ? ` (and ${result.warmupOk} by the ${result.warmupSeconds} s warm-up before)` : ''}${result.statementsPerOrder === null ? '' : `; ${result.statementsPerOrder.toFixed(2)} statements per order`}`,
    `  latency p50 ${l.p50} ms, p90 ${l.p90} ms, p99 ${l.p99} ms, max ${l.max} ms; load average ${result.loadAverage.toFixed(2)}`,
    ...anchor,
  ].join('\n');
}
