/**
 * Live fan-out: one API instance on PostgreSQL, N WebSocket subscribers of one vendor, order changes
 * committed at a fixed rate. Reports updates delivered per second and the latency from commit to client
 * receipt (p50/p99). Needs DATABASE_URL (a server where it may create and drop a database).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/live-fanout.ts [N ...]
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import WebSocket from 'ws';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database.ts';
import * as authRepo from '../apps/api/src/modules/auth/repo.ts';
import { hashPassword } from '../apps/api/src/modules/auth/service.ts';
import * as vendorsRepo from '../apps/api/src/modules/vendors/repo.ts';
import { orderCreateBody } from '../testing/order-body.ts';

const RATE_PER_S = Number(process.env.FANOUT_RATE ?? 50);
const DURATION_S = Number(process.env.FANOUT_SECONDS ?? 10);
const ORDERS = 20;

export interface FanoutResult {
  subscribers: number;
  changesPerS: number;
  changes: number;
  expected: number;
  delivered: number;
  deliveredPerS: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

export async function liveFanout(counts: number[]): Promise<FanoutResult[]> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('live-fanout needs DATABASE_URL (PostgreSQL)');
  const { db, drop } = await createScratchDatabase(adminUrl, { prefix: 'rd_bench', poolSize: 10 });
  const results: FanoutResult[] = [];
  try {
    const loaded = loadConfig({
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      LOG_LEVEL: 'silent',
      MAP_TILE_URL: '',
      RATE_LIMIT_GLOBAL: '1000000',
      // The work is measured, not shedding: load shedding is off as in the API's tests.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_EVENT_LOOP_UTILIZATION: '1',
    });
    if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
    const config = { ...loaded.config, dispatch: { ...loaded.config.dispatch, dispatcher: false, simulator: false } };
    const app = await buildApp(config, { db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const vendorId = 'bench-vendor';
    await vendorsRepo.insertVendor(db, {
      vendor_id: vendorId,
      name: 'Bench Vendor',
      currency: 'PKR',
      country_code: 'PK',
      latitude: 24.86,
      longitude: 67.0,
      payment_methods: { CASH_ON_DELIVERY: true },
    });
    const user = await authRepo.insertUser(db, {
      email: 'bench@riderdesk.test',
      passwordHash: await hashPassword('Bench#2026x', config.passwordHashCost),
      confirmedAt: new Date(),
    });
    await vendorsRepo.linkUserToVendor(db, user!.id, vendorId);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email_address: 'bench@riderdesk.test', password: 'Bench#2026x' },
    });
    const tokens = login.json().result as { AccessToken: string; IdToken: string };
    const authorization = `Bearer ${tokens.AccessToken}|${tokens.IdToken}`;

    // Always open, so the orders can be placed whatever the hour the bench runs at.
    await vendorsRepo.setCountryParameter(db, 'serviceHours', '0000:0000');
    const destination = { lat: 24.87, lng: 67.01 };
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
    const orderIds: string[] = [];
    for (let index = 0; index < ORDERS; index++) {
      const placed = await app.inject({
        method: 'POST',
        url: '/api/v1/order',
        headers: { authorization },
        payload: orderCreateBody({ vendorId, quote, destination }),
      });
      if (placed.statusCode !== 200) throw new Error(`order failed: ${placed.body}`);
      orderIds.push(placed.json().result.order_id as string);
    }

    for (const subscribers of counts) {
      // Commit instants keyed by "order_id updated_at": taken right after each transaction commits.
      const committedAt = new Map<string, number>();
      const latencies: number[] = [];
      let delivered = 0;
      let measuring = false;
      const sockets: WebSocket[] = [];
      await Promise.all(
        Array.from(
          { length: subscribers },
          () =>
            new Promise<void>((resolve, reject) => {
              const socket = new WebSocket(
                `ws://127.0.0.1:${port}/live?authorization=${encodeURIComponent(authorization)}`,
              );
              sockets.push(socket);
              socket.on('error', reject);
              socket.on('open', () =>
                socket.send(JSON.stringify({ event: 'subscribeToVendor', data: { vendor_id: vendorId } })),
              );
              socket.on('message', (raw) => {
                const received = performance.timeOrigin + performance.now();
                const message = JSON.parse(raw.toString()) as {
                  event: string;
                  data: { order_id: string; updated_at: string };
                };
                if (message.event === 'subscribe_ok') resolve();
                if (message.event !== 'order_update' || !measuring) return;
                delivered++;
                const committed = committedAt.get(`${message.data.order_id} ${message.data.updated_at}`);
                if (committed !== undefined) latencies.push(received - committed);
              });
            }),
        ),
      );

      measuring = true;
      const total = RATE_PER_S * DURATION_S;
      const started = performance.now();
      for (let index = 0; index < total; index++) {
        const due = started + (index * 1000) / RATE_PER_S;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const orderId = orderIds[index % orderIds.length]!;
        await app.services.lifecycle.touch(orderId, { pickup_eta_minutes: index % 60 });
        const [row] = await db.query<{ updated_at: Date }>('select updated_at from orders where order_id = $1', [
          orderId,
        ]);
        committedAt.set(`${orderId} ${row!.updated_at.toISOString()}`, performance.timeOrigin + performance.now());
      }
      const expected = total * subscribers;
      const deadline = performance.now() + 10_000;
      while (delivered < expected && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const elapsedS = (performance.now() - started) / 1000;
      measuring = false;
      for (const socket of sockets) socket.close();
      latencies.sort((a, b) => a - b);
      results.push({
        subscribers,
        changesPerS: RATE_PER_S,
        changes: total,
        expected,
        delivered,
        deliveredPerS: Math.round(delivered / elapsedS),
        p50Ms: Number(percentile(latencies, 0.5).toFixed(1)),
        p99Ms: Number(percentile(latencies, 0.99).toFixed(1)),
        maxMs: Number((latencies.at(-1) ?? NaN).toFixed(1)),
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = process.argv.slice(2).map(Number).filter(Boolean);
  const results = await liveFanout(counts.length ? counts : [50, 200, 500]);
  process.stdout.write(`live fan-out — ${machine()}\n`);
  console.table(results);
}
