import { callbackBody, isLocationTracked } from '@riderdesk/domain/merchant-api/callback';
import { type ApiOrderStatus, apiStatusOf } from '@riderdesk/domain/merchant-api/order-mapping';
import type { WebhookEventType } from '@riderdesk/domain/webhook-events';
import type { Db } from './db/db.ts';
import type { Lifecycle } from './modules/orders/lifecycle.ts';
import type { OrderRow } from './modules/orders/model.ts';
import type { OrderRecords } from './modules/orders/records.ts';
import type { OrderService } from './modules/orders/service.ts';
import type { LocationSource } from './modules/webhooks/deps.ts';
import type { WebhooksService } from './modules/webhooks/service.ts';

/**
 * Where orders meet webhooks (decision 156): the composition root registers these writes on the orders'
 * hooks, so the events of a change are recorded in its transaction and neither module imports the other.
 */
export interface OrderEventDeps {
  records: OrderRecords;
  publicUrl: string;
}

/** The callback body of an order as the transaction `tx` sees it. */
async function bodyInTransaction(deps: OrderEventDeps, tx: Db, orderId: string) {
  const order = await deps.records.inTransaction(tx, orderId);
  if (!order) throw new Error(`order ${orderId} vanished inside its own transaction`);
  return callbackBody(order, deps.publicUrl);
}

/** The events a status change makes: pandago's status moved on, and the order is now cancelled. */
export function statusChangeEvents(order: Pick<OrderRow, 'status' | 'status_history'>): WebhookEventType[] {
  const history = order.status_history;
  const before: ApiOrderStatus | null =
    history.length > 1 ? apiStatusOf(history.at(-2)!.status, history.slice(0, -1)) : null;
  const after = apiStatusOf(order.status, history);
  if (after === before) return [];
  return after === 'CANCELLED' ? ['order.status_changed', 'order.cancelled'] : ['order.status_changed'];
}

export function registerOrderEvents(
  deps: OrderEventDeps & { lifecycle: Lifecycle; orders: OrderService; webhooks: WebhooksService },
): void {
  const { webhooks } = deps;
  deps.lifecycle.onStep(async (tx, order) => {
    const types = statusChangeEvents(order);
    if (types.length > 0) {
      await webhooks.enqueueOrderEvents(
        {
          vendorId: order.vendor_id,
          orderId: order.order_id,
          types,
          body: () => bodyInTransaction(deps, tx, order.order_id),
        },
        tx,
      );
    }
    return undefined;
  });
  deps.orders.onWrite({
    concerns: (vendorId) => webhooks.mayHaveEndpoints(vendorId),
    async write(tx, write) {
      // A new order's first status is a status change too, for endpoints that take only those.
      const types: WebhookEventType[] =
        write.kind === 'created' ? ['order.created', 'order.status_changed'] : ['order.updated'];
      for (const { orderId, vendorId } of write.orders) {
        await webhooks.enqueueOrderEvents(
          { vendorId, orderId, types, body: () => bodyInTransaction(deps, tx, orderId) },
          tx,
        );
      }
    },
  });
}

/** The rider positions of the vendors' unfinished orders, as order.location events. */
export function orderLocations(deps: OrderEventDeps): LocationSource {
  return async (vendorIds) => {
    const orders = await deps.records.withRiderOfVendors(vendorIds);
    return orders
      .filter((order) => isLocationTracked(order) && order.rider_latitude !== null)
      .map((order) => ({
        vendorId: order.vendor_id,
        orderId: order.order_id,
        body: callbackBody(order, deps.publicUrl),
      }));
  };
}
