import type { Lifecycle, StepOptions } from '../orders/lifecycle.ts';
import type { OrderRow } from '../orders/model.ts';
import * as repo from './repo.ts';

/**
 * The rider declined the offer, or let it expire, or an operator is handing the order to another rider: the
 * order waits for another rider, is never offered to this one again, and the rider is free.
 */
export function withdrawOffer(
  lifecycle: Lifecycle,
  orderId: string,
  reason: 'declined' | 'expired' | 'reassigned',
  guard: NonNullable<StepOptions['guard']>,
): Promise<OrderRow> {
  return lifecycle.step(orderId, 'WAITING_FOR_TRANSPORT', {
    guard,
    patch: () => ({ rider_id: null, offer_expires_at: null }),
    also: async (tx, row, at) => {
      if (!row.rider_id) return;
      await repo.insertDecline(tx, row.order_id, row.rider_id, reason, at);
      await repo.releaseRider(tx, row.rider_id, row.order_id, at);
    },
  });
}
