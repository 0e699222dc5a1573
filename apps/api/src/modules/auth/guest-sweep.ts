import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { periodicTask } from '../../infra/periodic-task.ts';
import type { GuestService } from './guest-service.ts';

export const GUEST_SWEEP_QUEUE = 'guests.sweep';
/** The sweep runs once per slot of this length. */
export const GUEST_SWEEP_EVERY_MS = 60 * 60_000;
/** How often each instance makes sure the current slot's sweep is on the queue (a restart loses at most this). */
export const GUEST_SWEEP_CHECK_MS = 5 * 60_000;

const GuestSweepJobSchema = z.object({ slot: z.number().int().nonnegative() });

/** The slot of an instant: the key of its sweep job. */
export const guestSweepSlot = (at: Date) => Math.floor(at.getTime() / GUEST_SWEEP_EVERY_MS);

/**
 * Expired guest vendors and sessions are swept by a job on the shared queue (decision 029), once per hour
 * (docs/decisions/088-guest-sweep.md). Every instance offers the current hour's job every few minutes from
 * when it listens; the hour is the job's key, so one job per hour reaches the queue whichever instances are up,
 * with no leader to elect, and a failed sweep is retried by the queue.
 */
export function scheduleGuestSweep(
  app: FastifyInstance,
  { guests, now }: { guests: Pick<GuestService, 'sweepExpired'>; now: () => Date },
) {
  const job = app.jobs.register(
    GUEST_SWEEP_QUEUE,
    GuestSweepJobSchema,
    async () => {
      const swept = await guests.sweepExpired();
      if (swept > 0) app.log.info({ swept }, 'expired guest vendors swept');
    },
    { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true },
  );
  const offer = () => {
    const slot = guestSweepSlot(now());
    return job.send({ slot }, { key: `slot:${slot}` });
  };
  const schedule = periodicTask({
    name: 'guest sweep schedule',
    intervalMs: GUEST_SWEEP_CHECK_MS,
    run: offer,
    log: app.log,
  });
  app.addHook('onListen', async () => {
    schedule.start();
    await schedule.runOnce();
  });
  app.addHook('onClose', () => schedule.stop());
  return { offer };
}
