// The background job queue (apps/api/src/infra/jobs) on PostgreSQL and on PGlite, against an anchor measured
// in the same run on the same database: single-row inserts, the least a job costs (a send is one insert, a
// job's effect at least one more).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { z } from 'zod';
import { type Db, openPglite } from '../apps/api/src/db/db.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database.ts';
import { createJobQueue } from '../apps/api/src/infra/jobs/job-queue.ts';

export type BenchDatabase = 'postgres' | 'pglite';

export interface JobQueueBenchOptions {
  database: BenchDatabase;
  /** Jobs sent and processed. */
  jobs: number;
  /** Calls in flight at once for the inserts and the sends, and workers of the queue. */
  concurrency: number;
}

export interface JobQueueBenchResult {
  database: BenchDatabase;
  jobs: number;
  concurrency: number;
  /** The anchor: single-row inserts per second, `concurrency` at a time. */
  insertsPerSecond: number;
  sendsPerSecond: number;
  /** Sent jobs run to completion by the workers (each writing one row) per second. */
  processedPerSecond: number;
  /** From a send's return to its handler starting, with idle workers, over sequential sends. */
  pickupMs: { p50: number; p99: number; max: number };
  /** 1-minute load average when the run ended: other work on the machine skews the figures. */
  loadAverage: number;
}

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PICKUPS = 100;

async function openDatabase(kind: BenchDatabase): Promise<{ db: Db; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    // A data folder, as the embedded default runs, not an in-memory database.
    const dir = mkdtempSync(path.join(tmpdir(), 'rd-bench-jobs-'));
    const db = await openPglite(path.join(dir, 'pglite'));
    await migrate(db);
    return {
      db,
      async drop() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  return createScratchDatabase(ADMIN_URL, { prefix: 'rd_bench_jobs', poolSize: 10 });
}

/** Runs `count` calls of `call`, `concurrency` at a time, and answers the calls per second. */
async function rate(count: number, concurrency: number, call: (n: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await call(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

export async function benchJobQueue(options: JobQueueBenchOptions): Promise<JobQueueBenchResult> {
  const { database, jobs: count, concurrency } = options;
  const { db, drop } = await openDatabase(database);
  try {
    await db.exec(`
      create table bench_inserts (n integer primary key, payload jsonb not null);
      create table bench_effects (n integer primary key, job_id uuid not null);
    `);
    const insertsPerSecond = await rate(count, concurrency, (n) =>
      db.query('insert into bench_inserts (n, payload) values ($1, $2::jsonb)', [n, JSON.stringify({ n })]),
    );

    let picked: ((n: number) => void) | null = null;
    const queue = createJobQueue({
      db,
      log: pino({ level: 'silent' }),
      settings: { pollIntervalMs: 2000, concurrency },
    });
    const work = queue.register('bench', z.object({ n: z.number() }), async ({ n }, job) => {
      picked?.(n);
      await db.query('insert into bench_effects (n, job_id) values ($1, $2) on conflict do nothing', [n, job.id]);
    });
    await queue.open();
    try {
      const sendsPerSecond = await rate(count, concurrency, (n) => work.send({ n }));

      // The workers find a full queue: the time until it is empty is the processing rate.
      const started = performance.now();
      await queue.start();
      for (;;) {
        const depth = await work.depth();
        if (depth.queued + depth.active === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const processedPerSecond = count / ((performance.now() - started) / 1000);
      const [effects] = await db.query<{ n: number }>('select count(*)::int as n from bench_effects');
      if (effects?.n !== count) throw new Error(`${effects?.n} effects for ${count} jobs`);

      const pickups: number[] = [];
      for (let n = count; n < count + PICKUPS; n++) {
        const started = new Promise<number>((resolve) => {
          picked = (job) => {
            if (job === n) resolve(performance.now());
          };
        });
        await work.send({ n });
        const sent = performance.now();
        pickups.push((await started) - sent);
      }
      pickups.sort((a, b) => a - b);
      return {
        database,
        jobs: count,
        concurrency,
        insertsPerSecond,
        sendsPerSecond,
        processedPerSecond,
        pickupMs: {
          p50: percentile(pickups, 50),
          p99: percentile(pickups, 99),
          max: pickups[pickups.length - 1] ?? 0,
        },
        loadAverage: loadavg()[0] ?? 0,
      };
    } finally {
      await queue.stop();
    }
  } finally {
    await drop();
  }
}

export function formatJobQueue(result: JobQueueBenchResult): string {
  const ratio = (value: number) => `${(value / result.insertsPerSecond).toFixed(2)}×`;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    `${result.database}: ${result.jobs} jobs, ${result.concurrency} at a time (load average ${result.loadAverage.toFixed(1)})`,
    `  anchor: single-row inserts   ${result.insertsPerSecond.toFixed(0)}/s`,
    `  send (one job per call)      ${result.sendsPerSecond.toFixed(0)}/s = ${ratio(result.sendsPerSecond)} the anchor`,
    `  processed (one row each)     ${result.processedPerSecond.toFixed(0)}/s = ${ratio(result.processedPerSecond)} the anchor`,
    `  pickup after send            p50 ${ms(result.pickupMs.p50)}, p99 ${ms(result.pickupMs.p99)}, max ${ms(result.pickupMs.max)}`,
  ].join('\n');
}
