import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Db, openPostgres } from '../src/db/db.ts';
import { leadership } from '../src/modules/dispatch/leader.ts';
import { setCountryParameter } from '../src/modules/vendors/repo.ts';
import { createTestDb, type TestDb, testClock, testConfig } from './support/app.ts';
import { connectLive, type LiveClient, listenOnRandomPort, placeOrder, QUIET } from './support/live-tracking.ts';
import { createMerchant, KARACHI_1PM, type Merchant, type RiderApp } from './support/request-a-rider.ts';

// Two API instances on one PostgreSQL, each with its own pool and its own LISTEN connection.
describe.runIf(process.env.DATABASE_URL)('two API instances on one PostgreSQL', () => {
  let test: TestDb;
  let secondDb: Db;
  let a: RiderApp;
  let b: RiderApp;
  let hostA: string;
  let merchant: Merchant;
  let client: LiveClient;

  beforeAll(async () => {
    test = await createTestDb('postgres');
    const target = test.db.listenTarget;
    if (target?.kind !== 'postgres') throw new Error('expected PostgreSQL');
    secondDb = openPostgres(target.connectionString, 5);
    const clock = testClock(KARACHI_1PM);
    const config = testConfig();
    const build = async (db: Db): Promise<RiderApp> => {
      const app = await buildApp(config, { db, now: clock.now, liveTracking: QUIET });
      await app.ready();
      return { app, db, config, clock, close: () => app.close() };
    };
    a = await build(test.db);
    b = await build(secondDb);
    await setCountryParameter(test.db, 'serviceHours', '0900:2300');
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

    await b.app.liveTracking.dispatcher.tick();
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
