import { lookup } from 'node:dns/promises';
import type { Environment } from '@riderdesk/domain/config';
import { nextWebhookAttempt, WEBHOOK_DISABLE_AFTER_FAILURES } from '@riderdesk/domain/webhook-retry';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { JobQueue } from '../../infra/jobs/job-queue.ts';
import { cachingSecretBox } from '../../infra/secret-box.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { ResolvedAddress, Resolver } from './address-policy.ts';
import {
  DELIVER_QUEUE,
  type DeliverPayload,
  DISABLED_NOTICE_QUEUE,
  type DisabledNoticeDeps,
  type DisabledNoticePayload,
  LOCATION_QUEUE,
  type LocationPayload,
  type LocationSource,
  type VendorAccess,
  type WebhookDeps,
} from './deps.ts';
import { endpointPresence } from './endpoint-presence.ts';
import { postWebhook, type WebhookPoster } from './post.ts';
import * as repo from './repo.ts';
import { webhookSecretBox } from './secret-box.ts';
import { attemptDelivery } from './workflows/deliver.ts';
import * as endpoints from './workflows/endpoints.ts';
import { enqueueEvent, enqueueOrderEvents, type OrderEvent, type OrderEvents } from './workflows/enqueue.ts';
import { LOCATION_INTERVAL_MS, queueLocationScan, sendLocations } from './workflows/locations.ts';
import { sendDisabledNotice } from './workflows/notice.ts';
import { sweepOrphans } from './workflows/sweep.ts';

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
  /** The orders whose rider positions are sent (order.location); none without it. */
  locationSource?: LocationSource;
  /** The portal's access checks; without them the portal's calls throw (delivery alone works). */
  vendors?: VendorAccess;
  /** The e-mail sent when delivery disables an endpoint; none without it. */
  notice?: DisabledNoticeDeps;
  /** Workers of the deliver queue in this process (default DELIVERY_WORKERS). */
  deliveryWorkers?: number;
  /** Deliveries one worker fetches at once and sends side by side (default DELIVERY_BATCH_SIZE). */
  deliveryBatchSize?: number;
}

/**
 * An instance sends up to workers × batch deliveries at once. A delivery mostly waits on the network (a slow
 * receiver up to the 5 s time-out), so this is well above the job queue's default; several small batches
 * rather than one large one, so a slow receiver holds back only the batch it is in (bench/README.md).
 */
export const DELIVERY_WORKERS = 4;
export const DELIVERY_BATCH_SIZE = 4;

type UserCaller = Extract<Caller, { kind: 'user' }>;

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
    {
      retryLimit: 20,
      retryDelaySeconds: 45,
      retryBackoff: true,
      expireInSeconds: 60,
      concurrency: options.deliveryWorkers ?? DELIVERY_WORKERS,
      batchSize: options.deliveryBatchSize ?? DELIVERY_BATCH_SIZE,
    },
  );
  const locationQueue = options.jobs.register<LocationPayload, LocationPayload>(
    LOCATION_QUEUE,
    z.object({ interval: z.number().int() }),
    async ({ interval }) => {
      await sendLocations(deps, interval);
    },
    // A scan missed for longer than a few intervals is of no use: the next interval's scan sends newer positions.
    { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 60 },
  );
  const noticeQueue = options.jobs.register<DisabledNoticePayload, DisabledNoticePayload>(
    DISABLED_NOTICE_QUEUE,
    z.object({ endpointId: z.uuid(), disabledAt: z.iso.datetime() }),
    async (payload) => {
      await sendDisabledNotice(deps, payload);
    },
    { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 60 },
  );
  const deps: WebhookDeps = {
    db: options.db,
    clock: options.clock,
    environment: options.environment,
    secrets: cachingSecretBox(webhookSecretBox(options.authSecret)),
    resolve: options.resolve ?? systemResolver,
    post: options.post ?? postWebhook,
    nextAttempt: options.nextAttempt ?? ((input) => nextWebhookAttempt({ ...input, random: Math.random })),
    disableAfterFailures: options.disableAfterFailures ?? WEBHOOK_DISABLE_AFTER_FAILURES,
    deliverQueue,
    locationQueue,
    locationSource: options.locationSource ?? (async () => []),
    presence: endpointPresence(options.clock),
    noticeQueue,
    vendors: options.vendors ?? null,
    notice: options.notice ?? null,
  };
  let locationTimer: NodeJS.Timeout | null = null;
  return {
    createEndpoint: (input: Parameters<typeof endpoints.createEndpoint>[1]) => endpoints.createEndpoint(deps, input),
    /** The portal's calls (decision 160), each scoped by the caller's vendors. */
    portal: {
      list: (caller: UserCaller, query: Parameters<typeof endpoints.listEndpoints>[2]) =>
        endpoints.listEndpoints(deps, caller, query),
      create: (caller: UserCaller, body: Parameters<typeof endpoints.createForCaller>[2]) =>
        endpoints.createForCaller(deps, caller, body),
      update: (caller: UserCaller, id: string, body: Parameters<typeof endpoints.updateEndpoint>[3]) =>
        endpoints.updateEndpoint(deps, caller, id, body),
      rotateSecret: (caller: UserCaller, id: string) => endpoints.rotateSecret(deps, caller, id),
      remove: (caller: UserCaller, id: string) => endpoints.deleteEndpoint(deps, caller, id),
      enable: (caller: UserCaller, id: string) => endpoints.enableEndpoint(deps, caller, id),
      deliveries: (caller: UserCaller, id: string) => endpoints.listDeliveries(deps, caller, id),
      sendTest: (caller: UserCaller, id: string) => endpoints.sendTestEvent(deps, caller, id),
      redeliver: (caller: UserCaller, id: string, deliveryId: string) =>
        endpoints.redeliver(deps, caller, id, deliveryId),
    },
    /** Runs the disabling notice of one disabling here (what its job does); answers whether a mail went. */
    sendDisabledNotice: (payload: DisabledNoticePayload) => sendDisabledNotice(deps, payload),
    enqueueEvent: (event: OrderEvent, tx?: Db) => enqueueEvent(deps, event, tx),
    /** The events of one change of an order, inside its transaction (see enqueueOrderEvents). */
    enqueueOrderEvents: (events: OrderEvents, tx: Db) => enqueueOrderEvents(deps, events, tx),
    /** Whether the vendor may have an endpoint (a few seconds' view); false: its order changes skip webhooks. */
    mayHaveEndpoints: (vendorId: string, db?: Db) => deps.presence.has(db ?? deps.db, vendorId),
    /** Queues the rider-position scan of the current 15-second interval (what the timer does; tests call it). */
    queueLocationScan: () => queueLocationScan(deps),
    /** Runs one interval's scan here (what its job does). */
    sendLocations: (interval: number) => sendLocations(deps, interval),
    /** Every instance queues each interval's scan; the job's key makes it one (decision 156). */
    startLocationTimer(onError: (error: unknown) => void): void {
      if (locationTimer) return;
      locationTimer = setInterval(() => {
        queueLocationScan(deps).catch(onError);
      }, LOCATION_INTERVAL_MS);
      locationTimer.unref();
    },
    stopLocationTimer(): void {
      if (locationTimer) clearInterval(locationTimer);
      locationTimer = null;
    },
    attemptDelivery: (deliveryId: string) => attemptDelivery(deps, deliveryId),
    /** Queues the deliveries left without a job (what the sweep job does, decision 168); answers how many. */
    sweepOrphans: () => sweepOrphans(deps),
    findEndpoint: (id: string) => repo.findEndpoint(deps.db, id),
    recentDeliveries: (endpointId: string, limit = 50) => repo.recentDeliveries(deps.db, endpointId, limit),
  };
}

export type WebhooksService = ReturnType<typeof createWebhooks>;
