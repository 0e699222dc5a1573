import { randomUUID } from 'node:crypto';
import { WEBHOOK_LOCATION_INTERVAL_SECONDS, type WebhookEventType } from '@riderdesk/domain/webhook-events';
import { keyedJobId } from '../../../infra/jobs/job-queue.ts';
import type { WebhookDeps } from '../deps.ts';
import * as repo from '../repo.ts';

const LOCATION_EVENT = 'order.location' satisfies WebhookEventType;
export const LOCATION_INTERVAL_MS = WEBHOOK_LOCATION_INTERVAL_SECONDS * 1000;

/** The 15-second interval an instant falls in: one location job per interval, whichever instance sends it. */
export function locationInterval(at: Date): number {
  return Math.floor(at.getTime() / LOCATION_INTERVAL_MS);
}

/**
 * Sends the job of the interval `deps.clock()` is in. Every instance calls it on its timer; the job's key is
 * the interval, so two instances (or a restart inside an interval) add one job between them.
 */
export async function queueLocationScan(deps: WebhookDeps): Promise<boolean> {
  const interval = locationInterval(deps.clock());
  const sent = await deps.locationQueue.send({ interval }, { key: `interval:${interval}` });
  return sent.isNew;
}

/**
 * The location job of one interval: an order.location event for every unfinished order a rider has, of the
 * vendors with an endpoint that takes the event, in one transaction. Without such an endpoint it costs one
 * query. The event id is the order's and the interval's, so a retried job records nothing twice.
 */
export async function sendLocations(deps: WebhookDeps, interval: number): Promise<number> {
  const vendorIds = await repo.vendorsSubscribedTo(deps.db, LOCATION_EVENT);
  if (vendorIds.length === 0) return 0;
  const events = await deps.locationSource(vendorIds, deps.clock());
  if (events.length === 0) return 0;
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const endpointsOf = new Map<string, repo.EndpointRow[]>();
    let recorded = 0;
    for (const event of events) {
      let endpoints = endpointsOf.get(event.vendorId);
      if (!endpoints) {
        endpoints = await repo.subscribedEndpoints(tx, event.vendorId, LOCATION_EVENT);
        endpointsOf.set(event.vendorId, endpoints);
      }
      const eventId = keyedJobId(LOCATION_EVENT, `${event.orderId}\n${interval}`);
      const body = JSON.stringify(event.body);
      for (const endpoint of endpoints) {
        const id = await repo.insertLocationDelivery(tx, {
          id: randomUUID(),
          endpointId: endpoint.id,
          eventId,
          orderId: event.orderId,
          eventType: LOCATION_EVENT,
          body,
          now,
        });
        if (!id) continue;
        await deps.deliverQueue.send({ deliveryId: id }, { key: `${id}:queued`, tx });
        recorded += 1;
      }
    }
    return recorded;
  });
}
