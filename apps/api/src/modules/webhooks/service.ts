import { lookup } from 'node:dns/promises';
import type { Environment } from '@riderdesk/domain/config';
import { nextWebhookAttempt, WEBHOOK_DISABLE_AFTER_FAILURES } from '@riderdesk/domain/webhook-retry';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { JobQueue } from '../../infra/jobs/job-queue.ts';
import type { ResolvedAddress, Resolver } from './address-policy.ts';
import { DELIVER_QUEUE, type DeliverPayload, type WebhookDeps } from './deps.ts';
import { postWebhook, type WebhookPoster } from './post.ts';
import * as repo from './repo.ts';
import { secretBox } from './secret-box.ts';
import { attemptDelivery } from './workflows/deliver.ts';
import { createEndpoint } from './workflows/endpoints.ts';
import { enqueueEvent, type OrderEvent } from './workflows/enqueue.ts';

/** The system resolver, every address of the name. */
export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map(
    (a): ResolvedAddress => ({ address: a.address, family: a.family === 6 ? 6 : 4 }),
  );

export interface WebhooksOptions {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  environment: Environment;
  /** The instance's AUTH_SECRET: the key that seals endpoint secrets is derived from it. */
  authSecret: string;
  resolve?: Resolver;
  post?: WebhookPoster;
  /** Tests shorten the back-off; by default the domain's schedule with Math.random jitter. */
  nextAttempt?: WebhookDeps['nextAttempt'];
  disableAfterFailures?: number;
}

/**
 * The webhooks module's face (decision 146): registers the deliver queue on the job queue (before it opens)
 * and binds each workflow to the module's dependencies.
 */
export function createWebhooks(options: WebhooksOptions) {
  const deliverQueue = options.jobs.register<DeliverPayload, DeliverPayload>(
    DELIVER_QUEUE,
    z.object({ deliveryId: z.uuid() }),
    // Runs only once the queue has opened, after `deps` below is set.
    async ({ deliveryId }) => {
      await attemptDelivery(deps, deliveryId);
    },
    // Retries here are for a worker that died or a database error mid-attempt; failed POSTs are rescheduled
    // by the workflow itself, on the domain's schedule. The lease outlasts an attempt's claim.
    { retryLimit: 20, retryDelaySeconds: 45, retryBackoff: true, expireInSeconds: 60 },
  );
  const deps: WebhookDeps = {
    db: options.db,
    clock: options.clock,
    environment: options.environment,
    secrets: secretBox(options.authSecret),
    resolve: options.resolve ?? systemResolver,
    post: options.post ?? postWebhook,
    nextAttempt: options.nextAttempt ?? ((input) => nextWebhookAttempt({ ...input, random: Math.random })),
    disableAfterFailures: options.disableAfterFailures ?? WEBHOOK_DISABLE_AFTER_FAILURES,
    deliverQueue,
  };
  return {
    createEndpoint: (input: Parameters<typeof createEndpoint>[1]) => createEndpoint(deps, input),
    enqueueEvent: (event: OrderEvent, tx?: Db) => enqueueEvent(deps, event, tx),
    attemptDelivery: (deliveryId: string) => attemptDelivery(deps, deliveryId),
    findEndpoint: (id: string) => repo.findEndpoint(deps.db, id),
    recentDeliveries: (endpointId: string, limit = 50) => repo.recentDeliveries(deps.db, endpointId, limit),
  };
}

export type WebhooksService = ReturnType<typeof createWebhooks>;
