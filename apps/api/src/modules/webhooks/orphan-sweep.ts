import type { FastifyInstance } from 'fastify';
import { scheduleSlotJob } from '../../infra/jobs/slot-job.ts';
import type { WebhooksService } from './service.ts';
import { SWEEP_EVERY_MS } from './workflows/sweep.ts';

export const WEBHOOK_SWEEP_QUEUE = 'webhooks.sweep';
/** How often each instance makes sure the current slot's sweep is on the queue. */
export const WEBHOOK_SWEEP_CHECK_MS = SWEEP_EVERY_MS / 2;

/**
 * Deliveries left without a job are queued again by a job on the shared queue once a minute (decision 168),
 * offered by every instance for the current minute (infra/jobs/slot-job.ts).
 */
export function scheduleWebhookSweep(
  app: FastifyInstance,
  { webhooks, now }: { webhooks: WebhooksService; now: () => Date },
) {
  return scheduleSlotJob(app, {
    queue: WEBHOOK_SWEEP_QUEUE,
    name: 'webhook delivery sweep schedule',
    everyMs: SWEEP_EVERY_MS,
    checkMs: WEBHOOK_SWEEP_CHECK_MS,
    now,
    run: async () => {
      const queued = await webhooks.sweepOrphans();
      if (queued > 0) app.log.warn({ queued }, 'webhook deliveries without a job queued again');
    },
  });
}
