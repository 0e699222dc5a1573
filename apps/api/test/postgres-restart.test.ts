import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoOrder, DEMO_OUTLET_ID as OUTLET_ID } from '../../../testing/demo-order.ts';
import { Cluster, pgBin } from '../../../testing/postgres-cluster.ts';
import { connectLive, type LiveClient } from './support/live.ts';
import { type ServerProcess, startServer } from './support/server-process.ts';

// Restarting the PostgreSQL that every other suite shares would fail them: this test runs its own cluster,
// from the server binaries of the installed PostgreSQL.
const RATE_PER_SECOND = 200;
const LOAD_SECONDS = 12;
const RESTART_AFTER_MS = 4000;
const MAX_IN_FLIGHT = 100;

interface Attempt {
  key: string;
  sentAt: number;
  answeredAt: number;
  status: number;
  orderId: string | null;
}

async function createOrder(base: string, authorization: string, body: unknown, key: string): Promise<Attempt> {
  const sentAt = Date.now();
  try {
    const response = await fetch(`${base}/api/v1/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization, 'idempotency-key': key },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const json = (await response.json().catch(() => null)) as { result?: { order_id?: string } } | null;
    return { key, sentAt, answeredAt: Date.now(), status: response.status, orderId: json?.result?.order_id ?? null };
  } catch {
    // No answer at all (time-out): the order may or may not exist; the retry below finds out.
    return { key, sentAt, answeredAt: Date.now(), status: 0, orderId: null };
  }
}

// A real server process on its own PostgreSQL cluster, which is killed (immediate shutdown: no checkpoint,
// crash recovery at start) and started again while merchants create orders (decision 070).
describe.runIf(process.env.DATABASE_URL && pgBin)('PostgreSQL restarted while orders are created', () => {
  const bin = pgBin as string;
  let cluster: Cluster;
  let server: ServerProcess;
  let live: LiveClient | undefined;

  beforeAll(async () => {
    cluster = await Cluster.create(bin);
    server = await startServer('restart', cluster.url, { SIMULATOR: 'off' });
  }, 240_000);

  afterAll(async () => {
    live?.close();
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await cluster?.remove();
  });

  it('loses no acknowledged order, makes none twice, recovers and the live socket catches up', async () => {
    const { authorization, body } = await demoOrder(server.base);

    const countOrders = async () => {
      const database = new pg.Client({ connectionString: cluster.url });
      await database.connect();
      try {
        return Number((await database.query<{ count: string }>('select count(*) from orders')).rows[0]?.count);
      } finally {
        await database.end();
      }
    };
    const ordersBefore = await countOrders();

    // The merchant's browser: follows the outlet, and whenever the socket closes (1013 while the database
    // cannot confirm the session) reconnects and subscribes again with `since`, its last update's time.
    const followed: LiveClient[] = [];
    let following = true;
    const updates = () =>
      followed.flatMap((client) => client.messages.filter((message) => message.event === 'order_update'));
    const lastSeen = () =>
      updates()
        .map((message) => String(message.data.updated_at))
        .sort()
        .at(-1);
    const follow = async (): Promise<void> => {
      while (following) {
        try {
          const client = await connectLive(server.host, authorization);
          followed.push(client);
          live = client;
          const since = lastSeen();
          client.send('subscribeToVendor', since ? { vendor_id: OUTLET_ID, since } : { vendor_id: OUTLET_ID });
          await client.closed;
        } catch {
          // Refused while the database is away: try again shortly, as the browser does.
        }
        if (following) await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const browser = follow();
    await vi.waitFor(() => expect(followed[0]?.messages.some((m) => m.event === 'subscribe_ok')).toBe(true), {
      timeout: 10_000,
    });

    // Open loop at the rate, as many merchants would: a slow answer does not hold the next request back.
    const attempts: Promise<Attempt>[] = [];
    let inFlight = 0;
    let skipped = 0;
    let restartedAt = 0;
    const started = Date.now();
    const restart = (async () => {
      await new Promise((resolve) => setTimeout(resolve, RESTART_AFTER_MS));
      await cluster.ctl('stop', 'immediate');
      await cluster.ctl('start');
      restartedAt = Date.now();
    })();
    // The load runs LOAD_SECONDS, and on until an order sent after the restart is acknowledged (a slow restart
    // on a loaded machine can outlast the planned load), at most a minute past the restart.
    let recovered = false;
    const sending = (index: number) =>
      index < RATE_PER_SECOND * LOAD_SECONDS ||
      (!recovered && (restartedAt === 0 || Date.now() - restartedAt < 60_000));
    for (let index = 0; sending(index); index++) {
      const due = started + (index * 1000) / RATE_PER_SECOND;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (inFlight >= MAX_IN_FLIGHT) {
        skipped++;
        continue;
      }
      inFlight++;
      attempts.push(
        createOrder(server.base, authorization, body, `restart-${index}`).then((answer) => {
          inFlight--;
          const ok = answer.status >= 200 && answer.status < 300;
          if (ok && restartedAt > 0 && answer.sentAt >= restartedAt) recovered = true;
          return answer;
        }),
      );
    }
    await restart;
    const answers = await Promise.all(attempts);

    const acknowledged = answers.filter((answer) => answer.status >= 200 && answer.status < 300);
    const failed = answers.filter((answer) => answer.status < 200 || answer.status >= 300);
    expect(restartedAt).toBeGreaterThan(0);
    expect(acknowledged.some((answer) => answer.answeredAt < restartedAt)).toBe(true);
    // While the database is away the API says so (503, try again), never an unexplained 500.
    expect(failed.filter((answer) => answer.status !== 503 && answer.status !== 0)).toEqual([]);

    // Recovered: orders sent after the database accepts connections again are created. How soon is measured
    // by bench/postgres-restart.ts, not asserted here.
    const firstAfter = acknowledged
      .filter((answer) => answer.sentAt >= restartedAt)
      .sort((a, b) => a.answeredAt - b.answeredAt)[0];
    expect(firstAfter, 'an order created after the restart').toBeDefined();

    // Every acknowledged order is in the table.
    const database = new pg.Client({ connectionString: cluster.url });
    await database.connect();
    try {
      const ids = acknowledged.map((answer) => answer.orderId);
      expect(ids.every((id) => typeof id === 'string')).toBe(true);
      const stored = await database.query<{ order_id: string }>(
        'select order_id from orders where order_id = any($1::text[])',
        [ids],
      );
      expect(new Set(stored.rows.map((row) => row.order_id))).toEqual(new Set(ids));

      // The merchant's retries of the failed calls (same key, as the web client retries) now succeed, and a
      // call whose order was committed before its answer was lost gets that order back, not a second one.
      for (const attempt of failed) {
        const retried = await createOrder(server.base, authorization, body, attempt.key);
        expect(retried.status, attempt.key).toBeGreaterThanOrEqual(200);
        expect(retried.status, attempt.key).toBeLessThan(300);
        acknowledged.push(retried);
      }
      const created = await database.query<{ orders: string; keys: string }>(
        `select (select count(*) from orders where vendor_id = $1 and order_id = any($2::text[])) as orders,
                (select count(*) from idempotency_keys where key like 'restart-%') as keys`,
        [OUTLET_ID, acknowledged.map((answer) => answer.orderId)],
      );
      const sent = answers.length;
      expect(new Set(acknowledged.map((answer) => answer.key)).size).toBe(sent);
      expect(new Set(acknowledged.map((answer) => answer.orderId)).size).toBe(sent);
      expect(Number(created.rows[0]?.orders)).toBe(sent);
      expect(Number(created.rows[0]?.keys)).toBe(sent);
    } finally {
      await database.end();
    }
    expect((await countOrders()) - ordersBefore, 'no order beyond one per call').toBe(answers.length);

    // Once the listener reconnected and caught up (and the browser's socket, if closed, came back with
    // `since`), the merchant has heard of every order.
    await vi.waitFor(
      () => {
        const seen = new Set(updates().map((message) => String(message.data.order_id)));
        expect(acknowledged.filter((answer) => !seen.has(String(answer.orderId))).map((a) => a.orderId)).toEqual([]);
      },
      { timeout: 60_000, interval: 500 },
    );
    following = false;
    live?.close();
    await browser;
    process.stdout.write(
      `postgres restart: ${followed.length} live connection(s), ${answers.length} calls (${skipped} not sent: ${MAX_IN_FLIGHT} in flight), ${failed.length} failed during the restart, first success ${(firstAfter?.answeredAt ?? 0) - restartedAt} ms after it\n`,
    );
  }, 300_000);
});
