import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type ConstructorOptions, type Job, type JobResult, PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { Db } from '../../db/db.ts';
import { bossDatabaseOn, embeddedBossDatabase } from './boss-database.ts';

/** The job queue's settings from the environment (src/config.ts). */
export interface JobsConfig {
  /** How often an idle worker looks for due jobs; a job sent on this database wakes it at once anyway. */
  pollIntervalMs: number;
  /** Jobs of one queue this process runs at once, unless the queue says otherwise. */
  concurrency: number;
}

/** Settings the environment does not carry: tests shorten them. */
export interface JobQueueSettings extends JobsConfig {
  /** How often this instance expires lapsed leases and sweeps old jobs (any instance may; one does per interval). */
  superviseIntervalSeconds: number;
  /** How long stop() lets running jobs finish before it hands them back to the queue. */
  stopTimeoutMs: number;
}

/** The schema migration 031 installs pg-boss in. */
export const JOB_SCHEMA = 'pgboss';
// Half of the process's 10 s shutdown (src/shutdown.ts), leaving the other half to the rest of the close.
export const JOB_STOP_TIMEOUT_MS = 5_000;
// pg-boss's own connections on PostgreSQL: fetching, settling and supervision, plus one that LISTENs.
// Handlers do their work on the application's pool.
const BOSS_POOL_SIZE = 4;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface JobProgress {
  done: number;
  /** null while the handler does not know yet. */
  total: number | null;
}

export interface JobContext {
  /** The job's id, stable across its retries: the key of a handler's idempotent writes. */
  id: string;
  /** 1 on the first run, 2 on the first retry, and so on. */
  attempt: number;
  /** Aborted when this attempt's lease runs out or the queue stops before the handler does. */
  signal: AbortSignal;
  /**
   * Records how far the job has got. Pass the handler's transaction handle to commit the figure with the
   * work it counts (inside that transaction the root handle does the same, decision 025).
   */
  progress(done: number, total?: number | null, tx?: Db): Promise<void>;
}

/** Throwing fails the attempt; the job is retried until its queue's retry limit, then ends failed. */
export type JobHandler<P> = (payload: P, job: JobContext) => Promise<void>;

export interface QueueOptions {
  /** Retries after the first attempt (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 0). */
  retryDelaySeconds?: number;
  /** Doubles the delay on each retry, with jitter (default off). */
  retryBackoff?: boolean;
  /**
   * The lease of one attempt, in seconds (default 900). An attempt still running then is aborted and the
   * job retried, so a crashed worker's job is picked up again after at most this long (plus one
   * supervision interval). It must outlast the handler's longest honest run.
   */
  expireInSeconds?: number;
  /** How long a finished job is kept (default 7 days); a send `key` is honoured as long. */
  keepSeconds?: number;
  /** Workers of this queue in this process (default JOBS_CONCURRENCY). */
  concurrency?: number;
  /**
   * Jobs one worker fetches in one round trip and runs side by side (default 1), each settled on its own; the
   * worker fetches again once the whole batch is done. Up to `concurrency × batchSize` jobs run at once.
   */
  batchSize?: number;
}

export interface SendOptions {
  /**
   * Idempotency key: the job's id is derived from the queue and the key, so sending again with the same
   * key (a client's retry, a replayed request) adds nothing while the first job is kept.
   */
  key?: string;
  /** Not before this instant. */
  startAfter?: Date;
  /** The caller's transaction: the job exists only if it commits. */
  tx?: Db;
}

export interface SentJob {
  id: string;
  /** false when a job with the same key was already there. */
  isNew: boolean;
}

export interface JobStatus<P = unknown> {
  id: string;
  queue: string;
  state: JobState;
  /** Retries started so far. */
  retryCount: number;
  payload: P;
  progress: JobProgress | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  /** The last failure's message, while the job waits for a retry or once it has failed. */
  error: string | null;
}

export interface QueueDepth {
  /** Due now, waiting for a worker. */
  queued: number;
  /** Waiting for their start time or a retry delay. */
  deferred: number;
  active: number;
  /** Failed for good and still kept. */
  failed: number;
}

/** A registered queue, typed by its payload: what a module keeps to send its jobs and follow them. */
export interface JobType<P> {
  readonly name: string;
  send(payload: P, options?: SendOptions): Promise<SentJob>;
  get(id: string, tx?: Db): Promise<JobStatus<P> | null>;
  depth(): Promise<QueueDepth>;
  /**
   * Of these values of one payload field, those no job of this queue carries that is waiting, deferred or
   * running: what a sweep finds to have lost its job.
   */
  withoutLiveJob(field: keyof P & string, values: readonly string[]): Promise<string[]>;
}

export interface JobQueue {
  /** Declares a queue and its handler; every queue is registered before open(). */
  register<Out, In>(
    name: string,
    schema: z.ZodType<Out, In>,
    handler: JobHandler<Out>,
    options?: QueueOptions,
  ): JobType<In>;
  send(name: string, payload: unknown, options?: SendOptions): Promise<SentJob>;
  /** null for an id that is no job of this queue, well-formed or not. */
  get(name: string, id: string, tx?: Db): Promise<JobStatus | null>;
  depth(name: string): Promise<QueueDepth>;
  /** The registered queues' names (what a metrics collector reports the depth of). */
  names(): string[];
  /** Checks the schema and creates the registered queues: sending and draining work from here on. */
  open(): Promise<void>;
  /** Starts this process's workers and supervision (background work, on listen). */
  start(): Promise<void>;
  /** Stops taking jobs, waits up to stopTimeoutMs for running ones, then hands the rest back for a retry. */
  stop(): Promise<void>;
  /**
   * Runs every job that is due now, one at a time in this process, until none is left, and answers how many
   * ran. Tests and tools drive the queue with it instead of waiting for a worker.
   */
  drain(names?: readonly string[]): Promise<number>;
  /** One supervision pass: lapsed leases are expired (their jobs retried), old jobs and progress swept. */
  supervise(): Promise<void>;
}

interface Registered {
  name: string;
  schema: z.ZodType;
  handler: JobHandler<unknown>;
  options: QueueOptions;
}

interface JobRow {
  id: string;
  state: JobState;
  retryCount: number;
  data: unknown;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  output: unknown;
}

/**
 * The job id a send `key` stands for: a UUID (version 8, name-based) of the queue and the key, so every
 * instance derives the same one and the queue's primary key refuses the second.
 */
export function keyedJobId(queue: string, key: string): string {
  const bytes = createHash('sha256').update(`${queue}\n${key}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A failed attempt's output: a serialised Error, or pg-boss's own reason when it gave up on the attempt
 * (`{ value: 'pg-boss shut down while active' }`, `{ value: { message: 'job timed out' } }`).
 */
function errorMessage(output: unknown): string | null {
  if (typeof output === 'string') return output;
  if (!output || typeof output !== 'object') return null;
  if ('message' in output && typeof output.message === 'string') return output.message;
  return 'value' in output ? errorMessage(output.value) : null;
}

function createBoss(db: Db, settings: JobQueueSettings): PgBoss {
  const target = db.listenTarget;
  if (!target) throw new Error('the job queue needs the root database handle, not a transaction handle');
  const common: ConstructorOptions = {
    schema: JOB_SCHEMA,
    // Migration 031 installs the schema; pg-boss only checks its version.
    migrate: false,
    // Supervision runs on listen (start()), not from construction, and cron schedules are not used yet.
    supervise: false,
    schedule: false,
    registerInstance: false,
    useListenNotify: true,
    // Lease expiry is part of the monitor pass, which runs at most once per this interval per queue.
    monitorIntervalSeconds: settings.superviseIntervalSeconds,
    openTelemetry: { enabled: false },
  };
  if (target.kind === 'pglite') {
    return new PgBoss({ ...common, backend: 'pglite', db: embeddedBossDatabase(db, target.pglite) });
  }
  return new PgBoss({
    ...common,
    connectionString: target.connectionString,
    max: BOSS_POOL_SIZE,
    application_name: 'riderdesk-jobs',
  });
}

/**
 * The background job queue every module shares (docs/decisions/029-job-queue.md): pg-boss in the database's
 * `pgboss` schema, on PostgreSQL or the embedded PGlite. Delivery is at least once: a job whose attempt
 * fails, or whose worker dies, runs again, never two attempts at once while the lease holds. Handlers make
 * their effects exactly once by writing idempotently, keyed by the job id or their own rows.
 */
export function createJobQueue(options: {
  db: Db;
  log: FastifyBaseLogger;
  settings: JobsConfig & Partial<JobQueueSettings>;
}): JobQueue {
  const { db, log } = options;
  const settings: JobQueueSettings = {
    superviseIntervalSeconds: 60,
    stopTimeoutMs: JOB_STOP_TIMEOUT_MS,
    ...options.settings,
  };
  const boss = createBoss(db, settings);
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));

  const queues = new Map<string, Registered>();
  let opening: Promise<void> | null = null;
  let isStarted = false;
  let isStopped = false;
  let superviseTimer: NodeJS.Timeout | null = null;
  let supervising: Promise<void> | null = null;

  function queue(name: string): Registered {
    const registered = queues.get(name);
    if (!registered) throw new Error(`no job queue named ${name} is registered`);
    return registered;
  }

  async function saveProgress(handle: Db, queueName: string, id: string, done: number, total: number | null) {
    await handle.query(
      `insert into job_progress (job_id, queue, done, total) values ($1, $2, $3, $4)
       on conflict (job_id) do update set done = excluded.done, total = excluded.total, updated_at = now()`,
      [id, queueName, done, total],
    );
  }

  /** Validates the payload and runs the handler; a throw fails the attempt. */
  async function run(registered: Registered, job: Job<unknown>): Promise<void> {
    const parsed = registered.schema.safeParse(job.data);
    try {
      if (!parsed.success) throw new Error(`invalid ${registered.name} payload: ${parsed.error.message}`);
      await registered.handler(parsed.data, {
        id: job.id,
        attempt: job.retryCount + 1,
        // A job drain() fetched itself has no worker's signal: nothing aborts it.
        signal: job.signal ?? new AbortController().signal,
        progress: (done, total = null, tx) => saveProgress(tx ?? db, registered.name, job.id, done, total),
      });
    } catch (error) {
      log.warn({ err: error, queue: registered.name, jobId: job.id, attempt: job.retryCount + 1 }, 'job failed');
      throw error;
    }
  }

  async function createQueue(registered: Registered) {
    const { retryLimit, retryDelaySeconds, retryBackoff, expireInSeconds, keepSeconds } = registered.options;
    const queueOptions = {
      ...(retryLimit === undefined ? {} : { retryLimit }),
      ...(retryDelaySeconds === undefined ? {} : { retryDelay: retryDelaySeconds }),
      ...(retryBackoff === undefined ? {} : { retryBackoff }),
      ...(expireInSeconds === undefined ? {} : { expireInSeconds }),
      ...(keepSeconds === undefined ? {} : { deleteAfterSeconds: keepSeconds }),
    };
    // Both are idempotent; the update carries changed options to a queue an earlier release created.
    await boss.createQueue(registered.name, { ...queueOptions, notify: true });
    await boss.updateQueue(registered.name, { ...queueOptions, notify: true });
  }

  async function send(name: string, payload: unknown, sendOptions: SendOptions = {}): Promise<SentJob> {
    const registered = queue(name);
    // The payload is stored as JSON and parsed again by the worker, so what comes back from JSON must pass.
    const data = JSON.parse(JSON.stringify(payload ?? null)) as unknown;
    registered.schema.parse(data);
    const id = sendOptions.key === undefined ? undefined : keyedJobId(name, sendOptions.key);
    const sent = await boss.send(name, data as object, {
      ...(id ? { id } : {}),
      ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
      db: bossDatabaseOn(sendOptions.tx ?? db),
    });
    if (sent) return { id: sent, isNew: true };
    if (id) return { id, isNew: false };
    throw new Error(`the job queue refused a ${name} job`);
  }

  async function get(name: string, id: string, tx?: Db): Promise<JobStatus | null> {
    queue(name);
    if (!UUID.test(id)) return null;
    const handle = tx ?? db;
    const [job] = (await boss.findJobs(name, { id, db: bossDatabaseOn(handle) })) as unknown as JobRow[];
    if (!job) return null;
    const [progress] = await handle.query<JobProgress>('select done, total from job_progress where job_id = $1', [id]);
    return {
      id: job.id,
      queue: name,
      state: job.state,
      retryCount: job.retryCount,
      payload: job.data,
      progress: progress ?? null,
      createdAt: job.createdOn,
      startedAt: job.startedOn ?? null,
      completedAt: job.completedOn ?? null,
      error: job.state === 'retry' || job.state === 'failed' ? errorMessage(job.output) : null,
    };
  }

  async function depth(name: string): Promise<QueueDepth> {
    queue(name);
    const [row] = await db.query<QueueDepth>(
      `select count(*) filter (where state in ('created', 'retry') and start_after <= ${JOB_SCHEMA}.job_now())::int as queued,
              count(*) filter (where state in ('created', 'retry') and start_after > ${JOB_SCHEMA}.job_now())::int as deferred,
              count(*) filter (where state = 'active')::int as active,
              count(*) filter (where state = 'failed')::int as failed
         from ${JOB_SCHEMA}.job
        where name = $1 and state in ('created', 'retry', 'active', 'failed')`,
      [name],
    );
    return row ?? { queued: 0, deferred: 0, active: 0, failed: 0 };
  }

  async function withoutLiveJob(name: string, field: string, values: readonly string[]): Promise<string[]> {
    queue(name);
    if (values.length === 0) return [];
    const rows = await db.query<{ value: string }>(
      `select v as value from unnest($2::text[]) as v
        where not exists (
          select 1 from ${JOB_SCHEMA}.job j
           where j.name = $1 and j.state in ('created', 'retry', 'active') and j.data ->> $3 = v)`,
      [name, values, field],
    );
    return rows.map((row) => row.value);
  }

  async function open(): Promise<void> {
    if (isStopped) throw new Error('the job queue is stopped');
    // A failed open (database unreachable) is forgotten, so the next start or send tries again.
    opening ??= (async () => {
      await boss.start();
      for (const registered of queues.values()) await createQueue(registered);
    })().catch((error: unknown) => {
      opening = null;
      throw error;
    });
    await opening;
  }

  async function supervise(): Promise<void> {
    if (!opening) return;
    await opening;
    await boss.supervise();
    // Progress of jobs the queue no longer keeps.
    await db.query(
      `delete from job_progress p
        where p.updated_at < now() - interval '1 hour'
          and not exists (select 1 from ${JOB_SCHEMA}.job j where j.name = p.queue and j.id = p.job_id)`,
      [],
    );
  }

  function superviseNow() {
    if (supervising) return;
    supervising = supervise()
      .catch((error: unknown) => log.error({ err: error }, 'job queue supervision failed'))
      .finally(() => {
        supervising = null;
      });
  }

  return {
    register<Out, In>(
      name: string,
      schema: z.ZodType<Out, In>,
      handler: JobHandler<Out>,
      queueOptions: QueueOptions = {},
    ): JobType<In> {
      if (opening) throw new Error(`job queue ${name} registered after the queue opened`);
      if (queues.has(name)) throw new Error(`job queue ${name} is registered twice`);
      queues.set(name, { name, schema, handler: handler as JobHandler<unknown>, options: queueOptions });
      return {
        name,
        send: (payload, sendOptions) => send(name, payload, sendOptions),
        get: (id, tx) => get(name, id, tx) as Promise<JobStatus<In> | null>,
        depth: () => depth(name),
        withoutLiveJob: (field, values) => withoutLiveJob(name, field, values),
      };
    },
    send,
    get,
    depth,
    names: () => [...queues.keys()],
    open,
    async start() {
      if (isStarted) return;
      isStarted = true;
      await open();
      const pollSeconds = settings.pollIntervalMs / 1000;
      for (const registered of queues.values()) {
        // One pg-boss worker per slot, each fetching one job (or one batch) at a time, so a slow job holds
        // only its own slot.
        const batchSize = registered.options.batchSize ?? 1;
        for (let slot = 0; slot < (registered.options.concurrency ?? settings.concurrency); slot++) {
          let workerId: string | null = null;
          const polling = {
            localConcurrency: 1,
            pollingIntervalSeconds: pollSeconds,
            // Jobs that become due later (a start time, a retry delay) send no NOTIFY: the poll finds them.
            notifyPollingIntervalSeconds: pollSeconds,
          };
          // pg-boss waits a poll interval after every job; a worker that just finished one looks for the
          // next at once instead, and waits only once the queue is empty.
          const next = () => {
            if (workerId) boss.notifyWorker(workerId);
          };
          if (batchSize === 1) {
            workerId = await boss.work(registered.name, { ...polling, batchSize: 1 }, async ([job]) => {
              try {
                if (job) await run(registered, job);
              } finally {
                next();
              }
            });
            continue;
          }
          workerId = await boss.work(
            registered.name,
            { ...polling, batchSize, perJobResults: true },
            async (batch): Promise<JobResult[]> => {
              try {
                // Side by side; completed jobs are settled in one statement, failed ones in another.
                return await Promise.all(
                  batch.map(async (job): Promise<JobResult> => {
                    try {
                      await run(registered, job);
                      return { id: job.id, status: 'completed' };
                    } catch (error) {
                      const message = error instanceof Error ? error.message : String(error);
                      return { id: job.id, status: 'failed', output: { message } };
                    }
                  }),
                );
              } finally {
                next();
              }
            },
          );
        }
      }
      // At once, so jobs a crashed predecessor held are expired as soon as their leases allow.
      superviseNow();
      superviseTimer = setInterval(superviseNow, settings.superviseIntervalSeconds * 1000);
      superviseTimer.unref();
    },
    async stop() {
      isStopped = true;
      if (superviseTimer) clearInterval(superviseTimer);
      superviseTimer = null;
      await supervising;
      await opening?.catch(() => {});
      await boss.stop({ graceful: true, timeout: settings.stopTimeoutMs, close: true });
    },
    async drain(names) {
      if (!opening) throw new Error('open the job queue before draining it');
      await opening;
      const selected = (names ?? [...queues.keys()]).map(queue);
      let processed = 0;
      for (;;) {
        let ranThisRound = 0;
        for (const registered of selected) {
          const [job] = await boss.fetch<unknown>(registered.name, { batchSize: 1 });
          if (!job) continue;
          ranThisRound++;
          try {
            await run(registered, job);
            await boss.complete(registered.name, job);
          } catch (error) {
            // Settled like a worker's failure: retried until the queue's limit, then failed.
            await boss.fail(registered.name, job, error as object);
          }
        }
        processed += ranThisRound;
        if (ranThisRound === 0) return processed;
      }
    },
    supervise,
  };
}
