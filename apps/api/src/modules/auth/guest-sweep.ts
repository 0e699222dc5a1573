import type { FastifyInstance } from 'fastify';
import { scheduleSlotJob, slotOf } from '../../infra/jobs/slot-job.ts';
import type { GuestService } from './guest-service.ts';

export const GUEST_SWEEP_QUEUE = 'guests.sweep';
/** The sweep runs once per slot of this length. */
export const GUEST_SWEEP_EVERY_MS = 60 * 60_000;
/** How often each instance makes sure the current slot's sweep is on the queue (a restart loses at most this). */
export const GUEST_SWEEP_CHECK_MS = 5 * 60_000;

/** The slot of an instant: the key of its sweep job. */
export const guestSweepSlot = (at: Date) => slotOf(at, GUEST_SWEEP_EVERY_MS);

/**
 * Expired guest vendors and sessions are swept by a job on the shared queue (decision 029), once per hour
 * (docs/decisions/088-guest-sweep.md), offered by every instance for the current hour (infra/jobs/slot-job.ts).
 */
export function scheduleGuestSweep(
  app: FastifyInstance,
  { guests, now }: { guests: Pick<GuestService, 'sweepExpired'>; now: () => Date },
) {
  return scheduleSlotJob(app, {
    queue: GUEST_SWEEP_QUEUE,
    name: 'guest sweep schedule',
    everyMs: GUEST_SWEEP_EVERY_MS,
    checkMs: GUEST_SWEEP_CHECK_MS,
    now,
    run: async () => {
      const swept = await guests.sweepExpired();
      if (swept > 0) app.log.info({ swept }, 'expired guest vendors swept');
    },
  });
}
