// A worker process for test/jobs.test.ts: takes `crash-test` jobs from the database JOB_DATABASE names (a
// postgres:// URL or a PGlite data folder) until none is left. Each job writes its effect once, keyed by its
// number, and logs every attempt, so the test can tell re-runs from repeated effects.
//
// HOLD_AFTER=k: once k jobs are done, the next two jobs stop for good (one before its effect commits, one
// after), and the process prints `holding <n>` for each, so the test kills it with leases held.
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { z } from 'zod';
import { type Db, openPglite, openPostgres } from '../../src/db/db.ts';
import { createJobQueue } from '../../src/infra/jobs/job-queue.ts';

const CRASH_QUEUE = 'crash-test';

const target = process.env.JOB_DATABASE ?? '';
const holdAfter = process.env.HOLD_AFTER ? Number(process.env.HOLD_AFTER) : null;
const db: Db = target.startsWith('postgres') ? openPostgres(target, 4) : await openPglite(target);
const jobs = createJobQueue({
  db,
  log: pino({ level: 'silent' }),
  settings: { pollIntervalMs: 500, concurrency: 2, superviseIntervalSeconds: 1, stopTimeoutMs: 1000 },
});

let done = 0;
let held = 0;
const never = new Promise<void>(() => {});
const say = (line: string) => process.stdout.write(`${line}\n`);

jobs.register(
  CRASH_QUEUE,
  z.object({ n: z.number().int() }),
  async ({ n }, job) => {
    await db.query('insert into crash_attempts (n, job_id, attempt, pid) values ($1, $2, $3, $4)', [
      n,
      job.id,
      job.attempt,
      process.pid,
    ]);
    const hold = holdAfter !== null && done >= holdAfter && held < 2 ? ++held : 0;
    if (hold === 1) {
      say(`holding ${n}`);
      await never;
    }
    await db.query('insert into crash_effects (n, job_id) values ($1, $2) on conflict (n) do nothing', [n, job.id]);
    if (hold === 2) {
      say(`holding ${n}`);
      await never;
    }
    done++;
    // Long enough that the two workers are mid-job most of the time.
    await sleep(10);
  },
  { expireInSeconds: 2, retryLimit: 5 },
);

await jobs.start();
say('ready');
for (;;) {
  const depth = await jobs.depth(CRASH_QUEUE);
  if (depth.queued + depth.deferred + depth.active === 0) break;
  await sleep(100);
}
await jobs.stop();
await db.close();
say('finished');
