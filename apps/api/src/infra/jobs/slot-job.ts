import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { periodicTask } from '../periodic-task.ts';

const SlotJobSchema = z.object({ slot: z.number().int().nonnegative() });

/** The slot of an instant for a job that runs once per `everyMs`: the key of that slot's job. */
export const slotOf = (at: Date, everyMs: number) => Math.floor(at.getTime() / everyMs);

/**
 * A job on the shared queue (decision 029) that runs once per slot of `everyMs` (decision 088, first for the
 * guest sweep). Every instance offers the current slot's job every `checkMs` from when it listens; the slot is
 * the job's key, so one job per slot reaches the queue whichever instances are up, with no leader to elect,
 * and a failed run is retried by the queue.
 */
export function scheduleSlotJob(
  app: FastifyInstance,
  options: {
    queue: string;
    name: string;
    everyMs: number;
    checkMs: number;
    now: () => Date;
    run: () => Promise<unknown>;
  },
) {
  const job = app.jobs.register(
    options.queue,
    SlotJobSchema,
    async () => {
      await options.run();
    },
    {
      retryLimit: 3,
      retryDelaySeconds: 60,
      retryBackoff: true,
    },
  );
  const offer = () => {
    const slot = slotOf(options.now(), options.everyMs);
    return job.send({ slot }, { key: `slot:${slot}` });
  };
  const schedule = periodicTask({ name: options.name, intervalMs: options.checkMs, run: offer, log: app.log });
  app.addHook('onListen', async () => {
    schedule.start();
    await schedule.runOnce();
  });
  app.addHook('onClose', () => schedule.stop());
  return { offer };
}
