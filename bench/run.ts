/**
 * `npm run bench`: runs every benchmark in turn and prints its figures. Pass names to run some only,
 * e.g. `npm run bench -- live-fanout`. Benchmarks are never part of `npm test` (ARCHITECTURE.md).
 */
import os from 'node:os';
import { DELIVERY_BATCH_SIZE, DELIVERY_WORKERS } from '../apps/api/src/modules/webhooks/service.ts';
import { benchBulkHostile, formatBulkHostile } from './bulk-hostile.ts';
import { benchBulkUpload, formatBulkUpload } from './bulk-upload.ts';
import { buildWeb, formatBundleSize, measureBundle } from './bundle-size.ts';
import { benchConsoleBoard, formatConsoleBoard } from './console-board.ts';
import { benchInsights } from './insights.ts';
import { benchJobQueue, formatJobQueue } from './job-queue.ts';
import { benchLighthouse, formatLighthouse } from './lighthouse.ts';
import { DEFAULT_RUNS, liveFanout, machine, parseRuns } from './live-fanout.ts';
import { benchMerchantApiOrders, formatMerchantApiOrders } from './merchant-api-orders.ts';
import { type BenchDatabase, benchOrderCreate, formatOrderCreate } from './order-create.ts';
import { benchOrderHistory } from './order-history.ts';
import { benchPostgresRestart, formatPostgresRestart } from './postgres-restart.ts';
import { benchWebhookDelivery, formatWebhookDelivery } from './webhook-delivery.ts';

const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

const BENCHMARKS: Record<string, () => Promise<void>> = {
  'console-board': async () => {
    const options = {
      orders: positive('BENCH_ORDERS', 2_000),
      riders: positive('BENCH_RIDERS', 500),
      bursts: positive('BENCH_BURSTS', 100),
      burstEveryMs: positive('BENCH_BURST_EVERY_MS', 100),
    };
    process.stdout.write(`console-board — ${machine()}\n`);
    process.stdout.write(`${formatConsoleBoard(options, await benchConsoleBoard(options))}\n`);
  },
  insights: async () => {
    if (!process.env.DATABASE_URL) {
      process.stdout.write('insights: skipped (set DATABASE_URL to a PostgreSQL server)\n');
      return;
    }
    process.stdout.write(`insights — ${machine()}\n`);
    await benchInsights({
      orders: positive('BENCH_ORDERS', 1_000_000),
      outlets: positive('BENCH_OUTLETS', 20),
      runs: positive('BENCH_RUNS', 200),
    });
  },
  'order-history': async () => {
    if (!process.env.DATABASE_URL) {
      process.stdout.write('order-history: skipped (set DATABASE_URL to a PostgreSQL server)\n');
      return;
    }
    process.stdout.write(`order-history — ${machine()}\n`);
    await benchOrderHistory({
      orders: positive('BENCH_ORDERS', 1_000_000),
      vendors: positive('BENCH_VENDORS', 200),
      exportRows: positive('BENCH_EXPORT_ROWS', 100_000),
      rate: positive('BENCH_RATE', 500),
      durationSeconds: positive('BENCH_DURATION', 15),
    });
  },
  'order-create': async () => {
    const durationSeconds = positive('BENCH_DURATION', 15);
    const connections = positive('BENCH_CONNECTIONS', 10);
    const warmupSeconds = positive('BENCH_WARMUP', 2);
    // 'max' (or 0) sends as fast as the connections allow: the maximum rate.
    const rates = (process.env.BENCH_RATES ?? '50,200')
      .split(',')
      .map((rate) => (rate.trim() === 'max' ? 0 : Number(rate)))
      .filter((rate) => rate >= 0);
    const databases = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as BenchDatabase[];
    process.stdout.write(`order-create — ${machine()}\n`);
    for (const database of databases) {
      for (const rate of rates) {
        const result = await benchOrderCreate({ database, rate, durationSeconds, connections, warmupSeconds });
        process.stdout.write(`${formatOrderCreate(result)}\n`);
      }
    }
  },
  'live-fanout': async () => {
    if (!process.env.DATABASE_URL) {
      process.stdout.write('live-fanout: skipped (set DATABASE_URL to a PostgreSQL server)\n');
      return;
    }
    const results = await liveFanout(parseRuns(process.env.FANOUT_RUNS?.split(',') ?? DEFAULT_RUNS));
    process.stdout.write(`live-fanout — ${machine()}\n`);
    console.table(results);
  },
  'job-queue': async () => {
    const jobs = positive('BENCH_JOBS', 2000);
    const concurrency = positive('BENCH_CONCURRENCY', 4);
    const databases = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as BenchDatabase[];
    process.stdout.write(`job-queue — ${machine()}\n`);
    for (const database of databases) {
      process.stdout.write(`${formatJobQueue(await benchJobQueue({ database, jobs, concurrency }))}\n`);
    }
  },
  'bulk-upload': async () => {
    const rows = positive('BENCH_BULK_ROWS', 25_000);
    const databases = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as BenchDatabase[];
    process.stdout.write(`bulk-upload — ${machine()}\n`);
    for (const database of databases) {
      process.stdout.write(`${formatBulkUpload(await benchBulkUpload({ database, rows }))}\n`);
    }
  },
  'bulk-hostile': async () => {
    const result = await benchBulkHostile({
      hiddenMb: positive('BENCH_HIDDEN_MB', 1024),
      runs: positive('BENCH_RUNS', 3),
    });
    process.stdout.write(`bulk-hostile — ${machine()}\n${formatBulkHostile(result)}\n`);
  },
  lighthouse: async () => {
    // Measures the build in apps/web/dist and apps/api/dist: `npm run build` first.
    const results = await benchLighthouse({ runs: positive('BENCH_LH_RUNS', 3), port: positive('BENCH_PORT', 8790) });
    process.stdout.write(
      `lighthouse — ${machine()}, load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}\n`,
    );
    process.stdout.write(`${formatLighthouse(results)}\n`);
  },
  'postgres-restart': async () => {
    // A cluster of its own, from the server binaries of the installed PostgreSQL (as the API's restart test).
    const result = await benchPostgresRestart({
      rate: positive('BENCH_RESTART_RATE', 200),
      restartAfterSeconds: positive('BENCH_RESTART_AFTER', 4),
    });
    process.stdout.write(`postgres-restart — ${machine()}\n${formatPostgresRestart(result)}\n`);
  },
  'merchant-api-orders': async () => {
    if (!process.env.DATABASE_URL) {
      process.stdout.write('merchant-api-orders: skipped (set DATABASE_URL to a PostgreSQL server)\n');
      return;
    }
    const result = await benchMerchantApiOrders({
      // 'max' (or 0) sends as fast as the connections allow.
      rates: (process.env.BENCH_RATES ?? 'max,200')
        .split(',')
        .map((rate) => (rate.trim() === 'max' ? 0 : Number(rate)))
        .filter((rate) => rate >= 0),
      durationSeconds: positive('BENCH_DURATION', 10),
      warmupSeconds: positive('BENCH_WARMUP', 2),
      connections: positive('BENCH_CONNECTIONS', 10),
      rounds: positive('BENCH_ROUNDS', 2),
    });
    process.stdout.write(`merchant-api-orders — ${machine()}\n${formatMerchantApiOrders(result)}\n`);
  },
  'webhook-delivery': async () => {
    if (!process.env.DATABASE_URL) {
      process.stdout.write('webhook-delivery: skipped (set DATABASE_URL to a PostgreSQL server)\n');
      return;
    }
    const durationSeconds = positive('BENCH_DURATION', 10);
    const result = await benchWebhookDelivery({
      events: positive('BENCH_EVENTS', 2000),
      rate: positive('BENCH_RATE', 200),
      durationSeconds,
      warmupSeconds: positive('BENCH_WARMUP', 2),
      // The module's own defaults unless the bench is told otherwise.
      concurrency: positive('BENCH_CONCURRENCY', DELIVERY_WORKERS),
      batchSize: positive('BENCH_BATCH', DELIVERY_BATCH_SIZE),
    });
    process.stdout.write(`webhook-delivery — ${machine()}\n${formatWebhookDelivery(result)}\n`);
  },
  'bundle-size': async () => {
    // BENCH_REUSE_DIST=1 measures the apps/web/dist already there instead of building it.
    if (process.env.BENCH_REUSE_DIST !== '1') buildWeb();
    process.stdout.write(`bundle-size — apps/web/dist\n${formatBundleSize(measureBundle())}\n`);
  },
};

const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(BENCHMARKS)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  await run();
}
