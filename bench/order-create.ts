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

export type BenchDatabase = 'postgres' | 'pglite';

export interface OrderCreateOptions {
  database: BenchDatabase;
  /** Requests per second across all connections; 0 sends as fast as the connections allow (the maximum rate). */
  rate: number;
  durationSeconds: number;
  connections: number;
}

export interface OrderCreateResult {
  database: BenchDatabase;
  rate: number;
  durationSeconds: number;
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  throughput: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
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
  anchor: { throughput: number; latencyMs: { p50: number; p99: number } } | null;
}

/** Counts the statements every pg client sends until `stop` is called (pool clients and the listener alike). */
function countStatements(): { stop(): number } {
  const original = pg.Client.prototype.query;
  let statements = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return {
    stop() {
      pg.Client.prototype.query = original;
      return statements;
    },
  };
}

/** The anchor: a bare Fastify route inserting the request body as one row, under the same load. */
async function benchBareInsert(db: Db, body: string, options: OrderCreateOptions) {
  await db.query('create table if not exists bench_anchor (id uuid primary key, body jsonb not null)');
  const app = Fastify({ logger: false });
  app.post('/anchor', async (request, reply) => {
    await db.query('insert into bench_anchor (id, body) values ($1, $2::jsonb)', [
      randomUUID(),
      JSON.stringify(request.body),
    ]);
    return reply.code(201).send({ ok: true });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const result = await autocannon({
      url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      connections: options.connections,
      ...(options.rate > 0 ? { overallRate: options.rate } : {}),
      duration: options.durationSeconds,
      requests: [{ method: 'POST', path: '/anchor', headers: { 'content-type': 'application/json' }, body }],
    });
    return {
      throughput: result['2xx'] / options.durationSeconds,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
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

      const anchor = options.database === 'postgres' ? await benchBareInsert(db, body, options) : null;

      // The demo seed may hold orders of its own.
      const countOrders = async () =>
        (await db.query<{ n: number }>('select count(*)::int as n from orders'))[0]?.n ?? 0;
      const seeded = await countOrders();
      const counter = options.database === 'postgres' ? countStatements() : null;
      const result = await autocannon({
        url: base,
        connections: options.connections,
        ...(options.rate > 0 ? { overallRate: options.rate } : {}),
        duration: options.durationSeconds,
        requests: [
          {
            method: 'POST',
            path: '/api/v1/order',
            headers: { 'content-type': 'application/json', authorization },
            body,
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, 'idempotency-key': randomUUID() },
            }),
          },
        ],
      });
      // Requests still in flight when autocannon stops finish before the orders are counted.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const statements = counter?.stop() ?? null;
      const created = (await countOrders()) - seeded;
      const [keys] = await db.query<{ n: number }>('select count(*)::int as n from idempotency_keys');
      if (keys?.n !== created) throw new Error(`${created} orders for ${keys?.n} idempotency keys`);
      const ok = result['2xx'];
      return {
        database: options.database,
        rate: options.rate,
        durationSeconds: options.durationSeconds,
        requests: result.requests.total,
        ok,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        throughput: ok / options.durationSeconds,
        latencyMs: {
          p50: result.latency.p50,
          p90: result.latency.p90,
          p99: result.latency.p99,
          max: result.latency.max,
        },
        ordersInDatabase: created,
        statementsPerOrder: statements === null || created === 0 ? null : statements / created,
        loadAverage: loadavg()[0] ?? 0,
        anchor,
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
      ]
    : [];
  return [
    `POST /order on ${result.database}: ${result.rate > 0 ? `${result.rate} req/s` : 'maximum rate'} for ${result.durationSeconds} s`,
    `  requests ${result.requests}, 2xx ${result.ok}, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`,
    `  throughput ${result.throughput.toFixed(1)} orders/s; orders created in the database ${result.ordersInDatabase}${result.statementsPerOrder === null ? '' : `; ${result.statementsPerOrder.toFixed(2)} statements per order`}`,
    `  latency p50 ${l.p50} ms, p90 ${l.p90} ms, p99 ${l.p99} ms, max ${l.max} ms; load average ${result.loadAverage.toFixed(2)}`,
    ...anchor,
  ].join('\n');
}
