import { createHash } from 'node:crypto';
import { solveProofOfWork } from '@riderdesk/domain/guest/proof-of-work';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GUEST_SWEEP_CHECK_MS, GUEST_SWEEP_EVERY_MS, GUEST_SWEEP_QUEUE } from '../src/modules/auth/guest-sweep.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { createMerchant, NEAR, OUTLET, PASSWORD } from './support/factories.ts';
import { listenOnRandomPort } from './support/live.ts';
import { orderBody, postOrder, quoteFee } from './support/orders.ts';

const sha256 = (input: string) => new Uint8Array(createHash('sha256').update(input).digest());
const HOUR = 60 * 60_000;
const GUEST_TOKEN_TTL = 7 * 24 * HOUR;
const SENDER = {
  location: { latitude: OUTLET.lat, longitude: OUTLET.lng, address: 'House 12, Street 4, Clifton Block 5', notes: '' },
  name: 'Sana Malik',
  email: 'sana@example.pk',
  phone_number: '+923211234567',
};

describe.each(databases())('expired guest sessions are swept by a job on the queue on %s', (kind) => {
  let t: TestApp;
  let nextIp = 10;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS, env: { GUEST_POW_DIFFICULTY: '4' } });
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  async function startGuest() {
    const remoteAddress = `203.0.113.${nextIp++}`;
    const challenge = await t.app.inject({ method: 'GET', url: '/api/v1/guest/challenge', remoteAddress });
    const { challenge: text, difficulty } = challenge.json().result;
    const nonce = await solveProofOfWork(text, difficulty, sha256);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest/session',
      payload: { challenge: text, nonce },
      remoteAddress,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const { token, vendor_id: vendorId } = opened.json().result as { token: string; vendor_id: string };
    return { token, vendorId, email: '', headers: { authorization: `Bearer ${token}` } };
  }

  const vendorExists = async (vendorId: string) =>
    (await t.db.query('select 1 from vendors where vendor_id = $1', [vendorId])).length > 0;
  const sessionExists = async (vendorId: string) =>
    (await t.db.query('select 1 from guest_sessions where vendor_id = $1', [vendorId])).length > 0;
  const sweepJobs = async () =>
    (await t.db.query('select 1 from pgboss.job where name = $1', [GUEST_SWEEP_QUEUE])).length;

  it('deletes expired, unclaimed guests without orders, hourly, and keeps every other guest', async () => {
    // At the start of an hour, so the steps below stay within the slots they mean.
    t.clock.advance(GUEST_SWEEP_EVERY_MS - (t.clock.now().getTime() % GUEST_SWEEP_EVERY_MS) + 60_000);
    const idle = await startGuest();
    const withOrder = await startGuest();
    const quote = await quoteFee(t, withOrder, NEAR, OUTLET);
    const placed = await postOrder(t, withOrder, { ...orderBody(withOrder.vendorId, quote), sender: SENDER });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().result.order_id as string;
    const handedOver = await startGuest();
    const merchant = await createMerchant(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { authorization: `Bearer ${handedOver.token}` },
      payload: { email_address: merchant.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    t.clock.advance(HOUR / 2);
    const lateStarter = await startGuest();

    // Seven days and an hour later: the first three expired an hour ago, the late starter half an hour ago
    // (within the sweep's grace), and a new guest has just come.
    t.clock.advance(GUEST_TOKEN_TTL + HOUR / 2 + 60_000);
    const current = await startGuest();
    expect(await vendorExists(idle.vendorId)).toBe(true);

    // The sweep's schedule starts when the server listens; its interval is moved by hand.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await listenOnRandomPort(t.app);
    await vi.waitFor(async () => expect(await vendorExists(idle.vendorId)).toBe(false), { timeout: 20_000 });
    expect(await sessionExists(idle.vendorId)).toBe(false);
    for (const kept of [withOrder, handedOver, lateStarter, current]) {
      expect(await vendorExists(kept.vendorId), kept.vendorId).toBe(true);
    }
    expect(await t.db.query('select 1 from orders where order_id = $1', [orderId])).toHaveLength(1);
    expect(await sweepJobs()).toBe(1);

    // Within the same hour the schedule offers the same job again: the queue keeps the one it has.
    await vi.advanceTimersByTimeAsync(GUEST_SWEEP_CHECK_MS);
    expect(await sweepJobs()).toBe(1);

    // The next hour: the late starter is past the grace too, and goes with the next sweep. An offer still
    // under way (a slow database) makes the schedule skip the next tick, as it should: tick until the new
    // hour's job is on the queue.
    t.clock.advance(HOUR);
    await vi.waitFor(
      async () => {
        await vi.advanceTimersByTimeAsync(GUEST_SWEEP_CHECK_MS);
        expect(await sweepJobs()).toBe(2);
      },
      { timeout: 20_000, interval: 250 },
    );
    await vi.waitFor(async () => expect(await vendorExists(lateStarter.vendorId)).toBe(false), {
      timeout: 20_000,
    });
    expect(await sweepJobs()).toBe(2);
    for (const kept of [withOrder, handedOver, current]) {
      expect(await vendorExists(kept.vendorId), kept.vendorId).toBe(true);
    }
  });
});
