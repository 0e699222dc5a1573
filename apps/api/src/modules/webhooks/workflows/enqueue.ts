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
