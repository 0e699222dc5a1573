import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { type Db, openPglite, openPostgres } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import {
  createJobQueue,
  type JobQueue,
  type JobQueueSettings,
  type JobsConfig,
  keyedJobId,
} from '../src/infra/jobs/job-queue.ts';
import { createTestDb, type DatabaseKind, databases, type TestDb, testConfig } from './support/app.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const silent = pino({ level: 'silent' });
const CONFIG: JobsConfig = { pollIntervalMs: 500, concurrency: 4 };
// The queue of test/support/job-worker-process.ts.
const CRASH_QUEUE = 'crash-test';

/** Waits for a condition that background workers bring about; the bound only keeps a broken run finite. */
async function until<T>(what: string, read: () => Promise<T>, isDone: (value: T) => boolean): Promise<T> {
  for (let tries = 0; tries < 1200; tries++) {
    const value = await read();
    if (isDone(value)) return value;
    await sleep(25);
  }
  throw new Error(`still waiting for ${what}`);
}

/** A promise the test settles: a handler waits on it to stay mid-job. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe.each(databases())('job queue on %s', (kind: DatabaseKind) => {
  let testDb: TestDb;
  let db: Db;
  const stops: (() => Promise<void>)[] = [];

  function queueOn(handle: Db, settings: Partial<JobQueueSettings> = {}): JobQueue {
    const jobs = createJobQueue({ db: handle, log: silent, settings: { ...CONFIG, ...settings } });
    stops.push(() => jobs.stop());
    return jobs;
  }

  /** An instant from the database's clock: the tests' Date runs at 00:30 Karachi time, not the server's. */
  async function databaseTime(offset: string): Promise<Date> {
    const [row] = await db.query<{ at: Date }>(`select now() + $1::interval as at`, [offset]);
    return new Date(row?.at ?? 0);
  }

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    db = testDb.db;
    await db.exec('create table job_effects (queue text not null, n integer not null, primary key (queue, n))');
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });
  afterAll(async () => {
    await testDb.drop();
  });

  it('runs a job once, with its id, and remembers its result', async () => {
    const jobs = queueOn(db);
    const seen: { n: number; id: string; attempt: number }[] = [];
    const once = jobs.register('runs-once', z.object({ n: z.number() }), async ({ n }, job) => {
      seen.push({ n, id: job.id, attempt: job.attempt });
    });
    await jobs.open();

    const sent = await once.send({ n: 7 });
    expect(sent.isNew).toBe(true);
    expect(await once.get(sent.id)).toMatchObject({ state: 'created', payload: { n: 7 }, retryCount: 0 });
    expect(await jobs.drain()).toBe(1);
    expect(await jobs.drain()).toBe(0);

    expect(seen).toEqual([{ n: 7, id: sent.id, attempt: 1 }]);
    const status = await once.get(sent.id);
    expect(status).toMatchObject({ id: sent.id, queue: 'runs-once', state: 'completed', error: null });
    expect(status?.completedAt).toBeInstanceOf(Date);
    expect(await once.depth()).toEqual({ queued: 0, deferred: 0, active: 0, failed: 0 });
    expect(await once.get('7f6c6c52-0d0c-4f43-9a57-6a1f3a2b9c10')).toBeNull();
    expect(await once.get('not-a-job')).toBeNull();
    expect(jobs.names()).toEqual(['runs-once']);
  });

  it('checks payloads when sending and again when running', async () => {
    const jobs = queueOn(db);
    const strict = jobs.register('payloads', z.object({ n: z.number().max(5) }), async () => {}, { retryLimit: 0 });
    await jobs.open();
    await expect(strict.send({ n: 6 })).rejects.toThrow();
    await expect(jobs.send('payloads', { n: 'six' })).rejects.toThrow();
    expect(await strict.depth()).toMatchObject({ queued: 0 });
    expect(() => jobs.register('late', z.object({}), async () => {})).toThrow('registered after the queue opened');

    // Another release of the application sent a payload this one no longer accepts.
    const older = queueOn(db);
    older.register('payloads', z.object({ n: z.number() }), async () => {});
    await older.open();
    const stale = await older.send('payloads', { n: 9 });
    expect(await jobs.drain(['payloads'])).toBe(1);
    const status = await strict.get(stale.id);
    expect(status?.state).toBe('failed');
    expect(status?.error).toContain('invalid payloads payload');
  });

  it('refuses a payload that would not come back from JSON as it was sent', async () => {
    const jobs = queueOn(db);
    const dated = jobs.register('json-only', z.object({ at: z.date() }), async () => {});
    await jobs.open();
    await expect(dated.send({ at: new Date() })).rejects.toThrow();
  });

  it('retries a failing job up to its limit, then leaves it failed with the error', async () => {
    const jobs = queueOn(db);
    const attempts: number[] = [];
    const failing = jobs.register(
      'always-fails',
      z.object({}),
      async (_payload, job) => {
        attempts.push(job.attempt);
        throw new Error(`boom ${job.attempt}`);
      },
      { retryLimit: 2 },
    );
    let flakyRuns = 0;
    const flaky = jobs.register(
      'fails-once',
      z.object({}),
      async () => {
        flakyRuns++;
        if (flakyRuns === 1) throw new Error('first try fails');
      },
      { retryLimit: 2 },
    );
    await jobs.open();
    const doomed = await failing.send({});
    const recovering = await flaky.send({});

    expect(await jobs.drain()).toBe(5);
    expect(attempts).toEqual([1, 2, 3]);
    expect(await failing.get(doomed.id)).toMatchObject({ state: 'failed', retryCount: 2, error: 'boom 3' });
    expect(await failing.depth()).toEqual({ queued: 0, deferred: 0, active: 0, failed: 1 });
    expect(flakyRuns).toBe(2);
    expect(await flaky.get(recovering.id)).toMatchObject({ state: 'completed', retryCount: 1, error: null });
  });

  it('waits out a retry delay and a start time before running a job', async () => {
    const jobs = queueOn(db);
    let runs = 0;
    const later = jobs.register(
      'later',
      z.object({}),
      async () => {
        runs++;
        throw new Error('again later');
      },
      { retryLimit: 1, retryDelaySeconds: 3600 },
    );
    await jobs.open();
    const scheduled = await later.send({}, { startAfter: await databaseTime('1 hour') });
    const failing = await later.send({});
    expect(await later.depth()).toMatchObject({ queued: 1, deferred: 1 });

    expect(await jobs.drain()).toBe(1);
    expect(runs).toBe(1);
    expect(await later.get(failing.id)).toMatchObject({ state: 'retry', error: 'again later' });
    expect(await later.get(scheduled.id)).toMatchObject({ state: 'created' });
    expect(await later.depth()).toMatchObject({ queued: 0, deferred: 2 });
  });

  it('enqueues inside a transaction: the job exists only if the transaction commits', async () => {
    const jobs = queueOn(db);
    const ran: string[] = [];
    const transactional = jobs.register('transactional', z.object({ label: z.string() }), async ({ label }) => {
      ran.push(label);
    });
    await jobs.open();

    let explicitId = '';
    let routedId = '';
    await expect(
      db.transaction(async (tx) => {
        explicitId = (await transactional.send({ label: 'explicit' }, { tx })).id;
        // Without the handle, the root handle runs inside the transaction this context holds (decision 025).
        routedId = (await transactional.send({ label: 'routed' })).id;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await transactional.get(explicitId)).toBeNull();
    expect(await transactional.get(routedId)).toBeNull();
    expect(await transactional.depth()).toMatchObject({ queued: 0 });

    const committed = await db.transaction(async (tx) => {
      const sent = await transactional.send({ label: 'committed' }, { tx });
      // The transaction sees its own job before it commits.
      expect(await transactional.get(sent.id, tx)).toMatchObject({ state: 'created' });
      return sent;
    });
    expect(await jobs.drain()).toBe(1);
    expect(ran).toEqual(['committed']);
    expect(await transactional.get(committed.id)).toMatchObject({ state: 'completed' });
  });

  it('sends once per key, whatever the number of sends', async () => {
    const jobs = queueOn(db);
    let runs = 0;
    const keyed = jobs.register('keyed', z.object({ upload: z.string() }), async () => {
      runs++;
    });
    await jobs.open();

    const first = await keyed.send({ upload: 'u-1' }, { key: 'upload-1' });
    const again = await keyed.send({ upload: 'u-1' }, { key: 'upload-1' });
    const inTransaction = await db.transaction(async (tx) => [
      await keyed.send({ upload: 'u-1' }, { key: 'upload-1', tx }),
      await keyed.send({ upload: 'u-2' }, { key: 'upload-2', tx }),
      await keyed.send({ upload: 'u-2' }, { key: 'upload-2', tx }),
    ]);
    expect(first).toEqual({ id: keyedJobId('keyed', 'upload-1'), isNew: true });
    expect(again).toEqual({ id: first.id, isNew: false });
    expect(inTransaction.map((sent) => sent.isNew)).toEqual([false, true, false]);

    expect(await jobs.drain()).toBe(2);
    expect(await keyed.send({ upload: 'u-1' }, { key: 'upload-1' })).toEqual({ id: first.id, isNew: false });
    expect(await jobs.drain()).toBe(0);
    expect(runs).toBe(2);
  });

  it('keeps the progress a handler reports, committed with its work', async () => {
    const jobs = queueOn(db);
    const progressing = jobs.register('progress', z.object({ rows: z.number() }), async ({ rows }, job) => {
      await job.progress(0);
      for (let n = 1; n <= rows; n++) {
        await db.transaction(async (tx) => {
          await tx.query('insert into job_effects (queue, n) values ($1, $2)', ['progress', n]);
          await job.progress(n, rows, tx);
        });
      }
      await db
        .transaction(async (tx) => {
          await job.progress(rows + 1, rows + 1, tx);
          throw new Error('this step rolls back');
        })
        .catch(() => {});
    });
    await jobs.open();
    const sent = await progressing.send({ rows: 3 });
    expect((await progressing.get(sent.id))?.progress).toBeNull();
    await jobs.drain();
    expect((await progressing.get(sent.id))?.progress).toEqual({ done: 3, total: 3 });
  });

  it('never runs one job in two instances on one database at once, nor twice', async () => {
    // Two API instances: two queues, and on PostgreSQL two connection pools as well.
    const target = db.listenTarget;
    const otherDb = target?.kind === 'postgres' ? openPostgres(target.connectionString, 5) : db;
    stops.push(async () => {
      if (otherDb !== db) await otherDb.close();
    });
    const executions = new Map<number, number>();
    const running = new Set<number>();
    let overlaps = 0;
    const perInstance = [0, 0];
    const handlerFor =
      (instance: number, handle: Db) =>
      async ({ n }: { n: number }) => {
        if (running.has(n)) overlaps++;
        running.add(n);
        executions.set(n, (executions.get(n) ?? 0) + 1);
        perInstance[instance] = (perInstance[instance] ?? 0) + 1;
        await handle.query('insert into job_effects (queue, n) values ($1, $2) on conflict do nothing', ['shared', n]);
        running.delete(n);
      };
    const first = queueOn(db);
    const second = queueOn(otherDb);
    const shared = first.register('shared', z.object({ n: z.number() }), handlerFor(0, db));
    second.register('shared', z.object({ n: z.number() }), handlerFor(1, otherDb));
    await first.open();
    await second.open();
    await first.start();
    await second.start();

    const count = 200;
    await db.transaction(async (tx) => {
      for (let n = 0; n < count; n++) await shared.send({ n }, { tx });
    });
    await until(
      'every shared job to finish',
      () => shared.depth(),
      (depth) => depth.queued + depth.active === 0,
    );

    expect(overlaps).toBe(0);
    expect(executions.size).toBe(count);
    expect([...executions.values()].every((runs) => runs === 1)).toBe(true);
    expect((perInstance[0] ?? 0) + (perInstance[1] ?? 0)).toBe(count);
    const [row] = await db.query<{ effects: number; completed: number }>(
      `select (select count(*)::int from job_effects where queue = 'shared') as effects,
              (select count(*)::int from pgboss.job where name = 'shared' and state = 'completed') as completed`,
    );
    expect(row).toEqual({ effects: count, completed: count });
  });

  it('runs a batch side by side and settles each job of it on its own', async () => {
    const jobs = queueOn(db, { concurrency: 1 });
    const batch = gate();
    let running = 0;
    let mostAtOnce = 0;
    const batched = jobs.register(
      'batched',
      z.object({ n: z.number() }),
      async ({ n }) => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        // Every job of the batch waits until all four are running: they run side by side, not one by one.
        if (running === 4) batch.open();
        await batch.opened;
        running--;
        if (n === 2) throw new Error('job 2 fails');
      },
      { batchSize: 4, retryLimit: 0 },
    );
    await jobs.open();
    const sent = await db.transaction(async (tx) => Promise.all([0, 1, 2, 3].map((n) => batched.send({ n }, { tx }))));
    await jobs.start();
    const states = await until(
      'the batch to be settled',
      () => Promise.all(sent.map((job) => batched.get(job.id))),
      (found) => found.every((job) => job?.state === 'completed' || job?.state === 'failed'),
    );

    expect(mostAtOnce).toBe(4);
    expect(states.map((job) => job?.state)).toEqual(['completed', 'completed', 'failed', 'completed']);
    expect(states[2]?.error).toBe('job 2 fails');
  });

  it("picks up again a job whose worker died mid-job, once that worker's lease runs out", async () => {
    const settings = { superviseIntervalSeconds: 1 };
    const taken = gate();
    const never = new Promise<void>(() => {});
    const attempts: number[] = [];
    const handler = async ({ n }: { n: number }, job: { attempt: number }) => {
      attempts.push(job.attempt);
      if (job.attempt === 1) {
        taken.open();
        // Dead, as far as the queue can tell: the job stays claimed, nothing settles or renews it.
        await never;
      }
      await db.query('insert into job_effects (queue, n) values ($1, $2) on conflict do nothing', ['lease', n]);
    };
    const options = { expireInSeconds: 1, retryLimit: 3 };
    const dying = queueOn(db, settings);
    const lease = dying.register('lease', z.object({ n: z.number() }), handler, options);
    const survivor = queueOn(db, settings);
    survivor.register('lease', z.object({ n: z.number() }), handler, options);
    await dying.open();
    await survivor.open();

    const sent = await lease.send({ n: 1 });
    // drain() keeps no timer of its own on the claim, so this worker holds the job the way a killed process does.
    void dying.drain();
    await taken.opened;
    expect(await survivor.drain()).toBe(0);
    expect(await lease.get(sent.id)).toMatchObject({ state: 'active' });
    const retried = await until(
      'the lease to run out',
      async () => {
        await survivor.supervise();
        return lease.get(sent.id);
      },
      (status) => status?.state === 'retry',
    );
    expect(retried?.error).toBe('job timed out');

    expect(await survivor.drain()).toBe(1);
    expect(attempts).toEqual([1, 2]);
    expect(await lease.get(sent.id)).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(await db.query("select n from job_effects where queue = 'lease'")).toHaveLength(1);
  });

  it('stops gracefully: a running job may finish, one that outlives the stop goes back to the queue', async () => {
    const finishing = gate();
    const started = gate();
    const never = new Promise<void>(() => {});
    const outcome: string[] = [];
    const jobs = queueOn(db, { stopTimeoutMs: 1000 });
    const stopping = jobs.register('stopping', z.object({ hangs: z.boolean() }), async ({ hangs }, job) => {
      started.open();
      if (hangs && job.attempt === 1) await never;
      await finishing.opened;
      outcome.push(hangs ? 'hung job ran again' : 'finished');
    });
    await jobs.open();
    const polite = await stopping.send({ hangs: false });
    await jobs.start();
    await started.opened;
    const stopped = jobs.stop();
    finishing.open();
    await stopped;
    expect(outcome).toEqual(['finished']);
    expect(await stopping.get(polite.id)).toMatchObject({ state: 'completed' });

    const restarted = gate();
    const again = queueOn(db, { stopTimeoutMs: 1000 });
    const stoppingAgain = again.register('stopping', z.object({ hangs: z.boolean() }), async ({ hangs }, job) => {
      restarted.open();
      if (hangs && job.attempt === 1) await never;
      outcome.push(hangs ? 'hung job ran again' : 'finished');
    });
    await again.open();
    const hung = await stoppingAgain.send({ hangs: true });
    await again.start();
    await restarted.opened;
    await again.stop();
    expect(await stoppingAgain.get(hung.id)).toMatchObject({ state: 'retry', error: 'pg-boss shut down while active' });

    const next = queueOn(db);
    next.register('stopping', z.object({ hangs: z.boolean() }), async () => {
      outcome.push('hung job ran again');
    });
    await next.open();
    expect(await next.drain()).toBe(1);
    expect(outcome).toEqual(['finished', 'hung job ran again']);
  });

  it('is app.jobs: opened when the app is ready, so inject-only tests drive it with drain()', async () => {
    const app = await buildApp(testConfig(), { db });
    stops.push(() => app.close());
    const greeted: string[] = [];
    const greeting = app.jobs.register('greeting', z.object({ name: z.string() }), async ({ name }) => {
      greeted.push(name);
    });
    await app.ready();
    await greeting.send({ name: 'Ayesha' });
    expect(greeted).toEqual([]);
    expect(await app.jobs.drain()).toBe(1);
    expect(greeted).toEqual(['Ayesha']);
  });
});

describe.each(databases())('job worker processes on %s', (kind: DatabaseKind) => {
  const count = 40;
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  /** Starts a worker process and resolves its output lines as they come. */
  function worker(target: string, env: Record<string, string> = {}) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/job-worker-process.ts'], {
      cwd: apiDir,
      env: { ...process.env, JOB_DATABASE: target, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    const lines: string[] = [];
    const waiters: (() => void)[] = [];
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      for (const wake of waiters.splice(0)) wake();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return {
      child,
      exited,
      async waitFor(isDone: (lines: string[]) => boolean) {
        while (!isDone(lines)) {
          if (child.exitCode !== null) throw new Error(`worker exited early: ${lines.join(' | ')}`);
          await new Promise<void>((wake) => waiters.push(wake));
        }
        return lines;
      },
    };
  }

  it('resumes after kill -9: every job runs to completion, each effect exactly once', async () => {
    // The worker processes need the database to themselves on PGlite (a data folder opened by one process).
    let target: string;
    let open: () => Promise<{ db: Db; close(): Promise<void> }>;
    let cleanup: () => Promise<void>;
    if (kind === 'pglite') {
      const dir = mkdtempSync(path.join(tmpdir(), 'rd-jobs-'));
      target = path.join(dir, 'pglite');
      open = async () => {
        const db = await openPglite(target);
        return { db, close: () => db.close() };
      };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    } else {
      const testDb = await createTestDb(kind);
      const listen = testDb.db.listenTarget;
      if (listen?.kind !== 'postgres') throw new Error('expected PostgreSQL');
      target = listen.connectionString;
      open = async () => ({ db: testDb.db, close: async () => {} });
      cleanup = () => testDb.drop();
    }
    try {
      {
        const { db, close } = await open();
        await migrate(db);
        await db.exec(`
          create table crash_effects (n integer primary key, job_id uuid not null);
          create table crash_attempts (n integer not null, job_id uuid not null, attempt integer not null, pid integer not null);
        `);
        const producer = createJobQueue({ db, log: silent, settings: CONFIG });
        producer.register(CRASH_QUEUE, z.object({ n: z.number() }), async () => {}, {
          expireInSeconds: 2,
          retryLimit: 5,
        });
        await producer.open();
        await db.transaction(async (tx) => {
          for (let n = 0; n < count; n++) await producer.send(CRASH_QUEUE, { n }, { tx });
        });
        await producer.stop();
        await close();
      }

      const first = worker(target, { HOLD_AFTER: String(count / 2) });
      await first.waitFor((lines) => lines.filter((line) => line.startsWith('holding ')).length === 2);
      first.child.kill('SIGKILL');
      expect(await first.exited).toBeNull();

      const second = worker(target);
      await second.waitFor((lines) => lines.includes('finished'));
      expect(await second.exited).toBe(0);

      const { db, close } = await open();
      try {
        const effects = await db.query<{ n: number; job_id: string }>('select n, job_id from crash_effects order by n');
        expect(effects.map((effect) => effect.n)).toEqual(Array.from({ length: count }, (_, n) => n));
        const [jobsRow] = await db.query<{ completed: number; total: number }>(
          `select count(*) filter (where state = 'completed')::int as completed, count(*)::int as total
             from pgboss.job where name = $1`,
          [CRASH_QUEUE],
        );
        expect(jobsRow).toEqual({ completed: count, total: count });
        // The two jobs held when the first worker died ran twice; every other job once.
        const reruns = await db.query<{ n: number; attempts: number[] }>(
          `select n, array_agg(attempt order by attempt) as attempts from crash_attempts
            group by n having count(*) > 1 order by n`,
        );
        expect(reruns.map((rerun) => rerun.attempts)).toEqual([
          [1, 2],
          [1, 2],
        ]);
        const [attemptsRow] = await db.query<{ total: number }>('select count(*)::int as total from crash_attempts');
        expect(attemptsRow?.total).toBe(count + 2);
      } finally {
        await close();
      }
    } finally {
      await cleanup();
    }
    // Three databases opened in turn, two of them by fresh processes that boot PGlite or a pool.
  }, 180_000);
});
