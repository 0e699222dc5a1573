import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.ts';
import { createJobQueue, type JobQueue, type JobQueueSettings, type JobsConfig } from '../infra/jobs/job-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * The shared job queue, as `app.jobs`. Modules register their queues while the app is built; the queue opens
 * when the app is ready (sending and `drain()` work from then on, so inject-only tests drive jobs
 * themselves), its workers and supervision start when the server listens (decision 024: background work
 * starts on listen), and it stops, handing unfinished jobs back, when the app closes.
 */
export function registerJobs(
  app: FastifyInstance,
  deps: { db: Db; config: JobsConfig; overrides?: Partial<JobQueueSettings> },
): JobQueue {
  const jobs = createJobQueue({ db: deps.db, log: app.log, settings: { ...deps.config, ...deps.overrides } });
  app.decorate('jobs', jobs);
  // The API still answers (and /health tells the truth) when the queue cannot open; it is tried again on
  // listen and on the first send.
  app.addHook('onReady', async () => {
    await jobs.open().catch((error: unknown) => app.log.error({ err: error }, 'the job queue could not open'));
  });
  app.addHook('onListen', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  return jobs;
}
