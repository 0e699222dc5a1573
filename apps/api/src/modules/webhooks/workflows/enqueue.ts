import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/db.ts';
import type { WebhookDeps } from '../deps.ts';
import * as repo from '../repo.ts';

export interface OrderEvent {
  vendorId: string;
  orderId: string;
  /** e.g. order.status_changed */
  type: string;
  /** The callback body (pandago's shape, without personal data): serialised once, signed and sent as is. */
  body: unknown;
}

/**
 * Records the event for every enabled endpoint of the vendor that chose its type and queues its first
 * attempt. Given the caller's transaction, the deliveries and their jobs exist only if it commits, so an
 * event is neither lost nor sent for a change that was rolled back. Answers the event's id.
 */
export async function enqueueEvent(deps: WebhookDeps, event: OrderEvent, tx?: Db): Promise<string> {
  const db = tx ?? deps.db;
  const eventId = randomUUID();
  const body = JSON.stringify(event.body);
  const now = deps.clock();
  return db.transaction(async (handle) => {
    for (const endpoint of await repo.subscribedEndpoints(handle, event.vendorId, event.type)) {
      const id = randomUUID();
      await repo.insertDelivery(handle, {
        id,
        endpointId: endpoint.id,
        eventId,
        orderId: event.orderId,
        eventType: event.type,
        body,
        now,
      });
      await deps.deliverQueue.send({ deliveryId: id }, { key: `${id}:queued`, tx: handle });
    }
    return eventId;
  });
}

export interface OrderEvents {
  vendorId: string;
  orderId: string;
  /** Event types of one change, recorded in this order (each its own event id). */
  types: readonly string[];
  /** The callback body: built only when an endpoint takes one of the types. */
  body: () => Promise<unknown>;
}

/**
 * The events of one change of an order, in the caller's transaction (`tx`): one look-up of the vendor's
 * endpoints for all the types, the body built once, a delivery per type and endpoint that chose it.
 */
export async function enqueueOrderEvents(deps: WebhookDeps, events: OrderEvents, tx: Db): Promise<number> {
  if (!(await deps.presence.has(tx, events.vendorId))) return 0;
  const endpoints = await repo.endpointsTakingAny(tx, events.vendorId, events.types);
  if (endpoints.length === 0) return 0;
  const body = JSON.stringify(await events.body());
  const now = deps.clock();
  let recorded = 0;
  for (const type of events.types) {
    const eventId = randomUUID();
    for (const endpoint of endpoints.filter((e) => e.events.includes(type))) {
      const id = randomUUID();
      await repo.insertDelivery(tx, {
        id,
        endpointId: endpoint.id,
        eventId,
        orderId: events.orderId,
        eventType: type,
        body,
        now,
      });
      await deps.deliverQueue.send({ deliveryId: id }, { key: `${id}:queued`, tx });
      recorded += 1;
    }
  }
  return recorded;
}
