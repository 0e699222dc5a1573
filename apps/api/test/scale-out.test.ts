import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Db, openPostgres } from '../src/db/db.ts';
import { AUTH_SECRET_NAME, sharedSecret } from '../src/db/instance-secrets.ts';
import { leadership } from '../src/infra/leader.ts';
import {
  buildTestApp,
  createTestDb,
  IN_SERVICE_HOURS,
  KARACHI_1PM,
  QUIET,
  type TestApp,
  type TestDb,
  testClock,
  testConfig,
} from './support/app.ts';
import { bearer, createMerchant, createUser, createVendor, login, type Merchant } from './support/factories.ts';
import { connectLive, type LiveClient, listenOnRandomPort, liveTicket } from './support/live.ts';
import { placeOrder } from './support/orders.ts';

// Two API instances on one PostgreSQL, each with its own pool and its own LISTEN connection.
describe.runIf(process.env.DATABASE_URL)('two API instances on one PostgreSQL', () => {
  let test: TestDb;
  let secondDb: Db;
  let a: TestApp;
  let b: TestApp;
  let hostA: string;
  let merchant: Merchant;
  let client: LiveClient;

  beforeAll(async () => {
    test = await createTestDb('postgres');
    const target = test.db.listenTarget;
    if (target?.kind !== 'postgres') throw new Error('expected PostgreSQL');
    secondDb = openPostgres(target.connectionString, 5);
    a = await buildTestApp({ db: test.db, ...IN_SERVICE_HOURS });
    b = await buildTestApp({ db: secondDb, ...IN_SERVICE_HOURS });
    hostA = await listenOnRandomPort(a.app);
    await listenOnRandomPort(b.app);
    merchant = await createMerchant(b);
    client = await connectLive(hostA, merchant.headers.authorization!);
    client.send('subscribeToVendor', { vendor_id: merchant.vendorId });
    await client.waitFor((message) => message.event === 'subscribe_ok');
  });
  afterAll(async () => {
    client?.close();
    await a?.close();
    await b?.close();
    await secondDb?.close();
    await test?.drop();
  });

  it('pushes on instance A the order created and changed through instance B', async () => {
    const orderId = await placeOrder(b, merchant);
    const created = await client.waitFor(
      (message) => message.event === 'order_update' && message.data.order_id === orderId,
    );
    expect(created.data.status).toBe('NEW');

    await b.services.dispatcher.tick();
    const received = await client.waitFor(
      (message) =>
        message.event === 'order_update' &&
        message.data.order_id === orderId &&
        message.data.status === 'WAITING_FOR_TRANSPORT',
    );
    expect(received.data.status_history).toHaveLength(3);

    const cancelled = await b.app.inject({
      method: 'PUT',
      url: '/api/v1/order/cancel',
      headers: merchant.headers,
      payload: { vendor_id: merchant.vendorId, order_id: orderId, reason: 'mistake_error' },
    });
    expect(cancelled.statusCode).toBe(200);
    const update = await client.waitFor(
      (message) =>
        message.event === 'order_update' && message.data.order_id === orderId && message.data.status === 'CANCELLED',
    );
    expect(update.data.cancel_reason).toBe('mistake_error');
  });

  it('re-LISTENs after its listener connection is killed and delivers what changed meanwhile', async () => {
    const reconnectsBefore = (await a.services.metrics.listenerReconnects.get()).values[0]?.value ?? 0;
    const killed = await test.db.query<{ pid: number }>(
      `select pg_terminate_backend(pid) as killed, pid from pg_stat_activity
        where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
    );
    expect(killed.length).toBeGreaterThan(0);
    // Placed while the listeners are down: no NOTIFY reaches them, the catch-up after reconnecting must.
    const orderId = await placeOrder(b, merchant);
    const update = await client.waitFor(
      (message) => message.event === 'order_update' && message.data.order_id === orderId,
      20_000,
    );
    expect(update.data.status).toBe('NEW');
    await expect
      .poll(async () => (await a.services.metrics.listenerReconnects.get()).values[0]?.value ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(reconnectsBefore);
  });

  it('leads once asked by the dispatcher and the simulator at the same moment, and keeps leading', async () => {
    const one = leadership(test.db.listenTarget, a.app.log);
    try {
      expect(await Promise.all([one.isLeader(), one.isLeader(), one.isLeader()])).toEqual([true, true, true]);
      expect(await one.isLeader()).toBe(true);
    } finally {
      await one.close();
    }
  });

  it('lets exactly one instance lead the dispatcher and the simulator, and hands over when it stops', async () => {
    const first = leadership(test.db.listenTarget, a.app.log);
    const second = leadership(secondDb.listenTarget, b.app.log);
    try {
      const [isFirst, isSecond] = [await first.isLeader(), await second.isLeader()];
      expect([isFirst, isSecond].filter(Boolean)).toHaveLength(1);
      await (isFirst ? first : second).close();
      expect(await (isFirst ? second : first).isLeader()).toBe(true);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

// Instances started without AUTH_SECRET: each would generate its own secret in its own DATA_DIR, and refuse
// the other's tokens; on PostgreSQL the generated secret is kept in the database they share.
describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL without AUTH_SECRET', () => {
  let test: TestDb;
  let secondDb: Db;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let hostB: string;
  let headersFromA: { authorization: string };
  let vendorId: string;

  beforeAll(async () => {
    test = await createTestDb('postgres');
    const target = test.db.listenTarget;
    if (target?.kind !== 'postgres') throw new Error('expected PostgreSQL');
    secondDb = openPostgres(target.connectionString, 5);
    const clock = testClock(KARACHI_1PM);
    const configOf = (dataDir: string) => {
      const loaded = loadConfig({
        DATABASE_URL: target.connectionString,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), dataDir)),
        LOG_LEVEL: 'silent',
        MAP_TILE_URL: '',
        RATE_LIMIT_GLOBAL: '100000',
      });
      if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
      expect(loaded.config.authSecret).toBeNull();
      return loaded.config;
    };
    const build = async (db: Db, dir: string) => {
      const config = configOf(dir);
      const app = await buildApp({ ...config, dispatch: { ...config.dispatch, ...QUIET } }, { db, now: clock.now });
      await app.ready();
      return app;
    };
    // Built together, as instances starting at once: both generate a secret, one is kept.
    [a, b] = await Promise.all([build(test.db, 'rd-instance-a-'), build(secondDb, 'rd-instance-b-')]);
    hostB = await listenOnRandomPort(b);
    const vendor = await createVendor(test.db);
    vendorId = vendor.vendor_id;
    const user = await createUser(test.db, testConfig(), { vendorIds: [vendorId] });
    headersFromA = bearer(await login(a, user.email));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await secondDb?.close();
    await test?.drop();
  });

  it('accepts on instance B the tokens instance A signed', async () => {
    const me = await b.inject({ method: 'GET', url: '/api/v1/me', headers: headersFromA });
    expect(me.statusCode).toBe(200);
  });

  it('opens a live socket on B with A’s token, and with a ticket A issued, once', async () => {
    const byHeader = await connectLive(hostB, headersFromA.authorization);
    byHeader.close();
    const { ticket } = await liveTicket(a, headersFromA);
    const client = await connectLive(hostB, { ticket });
    client.send('subscribeToVendor', { vendor_id: vendorId });
    await client.waitFor((message) => message.event === 'subscribe_ok');
    client.close();
    await expect(connectLive(hostB, { ticket })).rejects.toThrow(/401/);
  });

  it('keeps one secret however many instances generate it at once', async () => {
    await test.db.query('delete from instance_secrets where name = $1', ['race']);
    const secrets = await Promise.all([
      sharedSecret(test.db, 'race'),
      sharedSecret(secondDb, 'race'),
      sharedSecret(test.db, 'race'),
      sharedSecret(secondDb, 'race'),
    ]);
    expect(new Set(secrets).size).toBe(1);
    const [row] = await test.db.query<{ value: string }>('select value from instance_secrets where name = $1', [
      AUTH_SECRET_NAME,
    ]);
    expect(row?.value.length).toBeGreaterThanOrEqual(32);
  });
});
