import { triggerOfStatus } from '@riderdesk/domain/messaging/customer-messages';
import type { MessagingService } from './modules/messaging/service.ts';
import type { Lifecycle } from './modules/orders/lifecycle.ts';
import type { OrderRecords } from './modules/orders/records.ts';
import type { OrderService } from './modules/orders/service.ts';

/**
 * Where orders meet customer messages (decision 175): the composition root registers these writes on the orders'
 * hooks, so a message is recorded in the transaction of the change that fires it, and neither module imports the
 * other. A create fires `order_confirmed` (an order paid by card fires it when its payment moves it to NEW).
 */
export function registerCustomerMessages(deps: {
  lifecycle: Lifecycle;
  orders: OrderService;
  records: OrderRecords;
  messaging: MessagingService;
}): void {
  const { messaging, records } = deps;
  // An order with a handover PIN is confirmed to the customer with its PIN whatever the outlet's triggers say: the
  // customer must know it at the door (decision 175).
  const hasPin = (order: { handover_pin?: string | null }) => Boolean(order.handover_pin);
  deps.lifecycle.onStep(async (tx, order, at) => {
    const trigger = triggerOfStatus(order);
    if (!trigger) return undefined;
    const isForced = trigger === 'order_confirmed' && hasPin(order);
    if (isForced || (await messaging.maySend(order.vendor_id, tx))) {
      await messaging.record(tx, order, trigger, at, { force: isForced });
    }
    return undefined;
  });
  // A cash order that waits for its customer asks them first, whatever the triggers say; it is confirmed to them
  // (with its PIN) once they or the merchant said yes (decision 175).
  const awaitsCustomer = (order: { customer_confirmation?: string | null }) =>
    order.customer_confirmation === 'awaiting';
  deps.orders.onWrite({
    concerns: async (vendorId, order) => hasPin(order) || awaitsCustomer(order) || (await messaging.maySend(vendorId)),
    async write(tx, write, at) {
      if (write.kind !== 'created') return;
      for (const { orderId, vendorId, isMessageDue = false } of write.orders) {
        if (!isMessageDue && !(await messaging.maySend(vendorId, tx))) continue;
        const order = await records.inTransaction(tx, orderId);
        // A card order starts INITIATED: it is confirmed when its payment commits (the step to NEW).
        if (order?.status !== 'NEW') continue;
        if (awaitsCustomer(order)) await messaging.record(tx, order, 'cash_confirmation', at, { force: true });
        else await messaging.record(tx, order, 'order_confirmed', at, { force: hasPin(order) });
      }
    },
  });
  deps.lifecycle.onCustomerConfirmed(async (tx, order, at) => {
    if (hasPin(order) || (await messaging.maySend(order.vendor_id, tx))) {
      await messaging.record(tx, order, 'order_confirmed', at, { force: hasPin(order) });
    }
  });
}
