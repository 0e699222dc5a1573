import type { OrderStatus, OrderWithHistory, StatusHistoryEntry } from './order-status.ts';

/**
 * The order lifecycle the dispatcher and the rider API drive (spec §4 lists the statuses but "the allowed
 * transitions between order statuses are not shown"; this table is our reading, recorded in
 * docs/decisions/024-live-tracking.md).
 *
 * MODIFIED (an edit) and DELAYED (running late) are overlays: they replace the status for a while but do
 * not move the delivery on, so the next step is judged from the stage underneath them, the last status in
 * the history that is neither of the two.
 */
export const OVERLAY_STATUSES = ['MODIFIED', 'DELAYED'] as const satisfies readonly OrderStatus[];

// Vendor cancellations are further limited by spec §4 canCancel; CANCELLED here is also what operations
// (no_courier, courier_accident) may do, so it is allowed from every stage before the drop-off.
export const ORDER_TRANSITIONS = {
  INITIATED: ['PAYMENT_INITIATED', 'PAYMENT_FAILED', 'PAYMENT_CANCELLED'],
  PAYMENT_INITIATED: ['PAYMENT_COMMITTED', 'PAYMENT_FAILED', 'PAYMENT_CANCELLED'],
  PAYMENT_COMMITTED: ['NEW', 'CANCELLED', 'PAYMENT_CANCELLED'],
  PAYMENT_FAILED: [],
  PAYMENT_CANCELLED: [],
  NEW: ['RECEIVED', 'STALLED', 'CANCELLED', 'MODIFIED'],
  STALLED: [],
  RECEIVED: ['RECEIVED_BY_VENDOR', 'WAITING_FOR_TRANSPORT', 'CANCELLED', 'MODIFIED'],
  RECEIVED_BY_VENDOR: ['ACCEPTED_BY_VENDOR', 'WAITING_FOR_TRANSPORT', 'CANCELLED', 'MODIFIED'],
  ACCEPTED_BY_VENDOR: ['WAITING_FOR_TRANSPORT', 'CANCELLED', 'MODIFIED'],
  WAITING_FOR_TRANSPORT: ['ASSIGNED_TO_TRANSPORT', 'CANCELLED', 'MODIFIED'],
  // A declined or expired offer goes back to waiting for another rider.
  ASSIGNED_TO_TRANSPORT: ['COURIER_ACCEPTED_DELIVERY', 'WAITING_FOR_TRANSPORT', 'CANCELLED', 'MODIFIED'],
  // Before the pickup an operator may hand the order to another rider (console reassign, decision 181): it is
  // offered to that rider, who accepts through the rider API as any offer.
  COURIER_ACCEPTED_DELIVERY: ['NEAR_VENDOR', 'DELAYED', 'CANCELLED', 'MODIFIED', 'ASSIGNED_TO_TRANSPORT'],
  NEAR_VENDOR: ['PICKED_UP', 'DELAYED', 'CANCELLED', 'MODIFIED', 'ASSIGNED_TO_TRANSPORT'],
  PICKED_UP: ['COURIER_LEFT_VENDOR', 'DELAYED', 'CANCELLED'],
  COURIER_LEFT_VENDOR: ['NEAR_CUSTOMER', 'RETURN_INITIATED', 'DELAYED', 'CANCELLED'],
  NEAR_CUSTOMER: ['DELIVERED', 'RETURN_INITIATED', 'DELAYED', 'CANCELLED'],
  DELIVERED: [],
  CANCELLED: [],
  RETURN_INITIATED: ['RETURNED_TO_VENDOR'],
  RETURNED_TO_VENDOR: [],
  // Overlays never are a stage (see lifecycleStage); they are listed so the table covers every status.
  MODIFIED: [],
  DELAYED: [],
} as const satisfies Record<OrderStatus, readonly OrderStatus[]>;

export type OrderStage = Exclude<OrderStatus, (typeof OVERLAY_STATUSES)[number]>;

export const isOverlayStatus = (status: OrderStatus): boolean =>
  (OVERLAY_STATUSES as readonly OrderStatus[]).includes(status);

/** The real stage of an order: its status, or under an overlay the last non-overlay status of its history. */
export function lifecycleStage(order: OrderWithHistory): OrderStage {
  if (!isOverlayStatus(order.status)) return order.status as OrderStage;
  for (let index = order.status_history.length - 1; index >= 0; index--) {
    const status = order.status_history[index]!.status;
    if (!isOverlayStatus(status)) return status as OrderStage;
  }
  // An order whose history holds only overlays was never moved past its first status.
  return 'NEW';
}

export function hasBeenDelayed(history: readonly StatusHistoryEntry[]): boolean {
  return history.some((entry) => entry.status === 'DELAYED');
}

export const TERMINAL_STATUSES = [
  'DELIVERED',
  'RETURNED_TO_VENDOR',
  'CANCELLED',
  'PAYMENT_CANCELLED',
  'PAYMENT_FAILED',
  'STALLED',
] as const satisfies readonly OrderStatus[];

export function isTerminal(status: OrderStatus): boolean {
  return (TERMINAL_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Whether `to` may follow the order's current state; the one place transitions are refused. */
export function canTransition(order: OrderWithHistory, to: OrderStatus): boolean {
  if (to === order.status) return false;
  const stage = lifecycleStage(order);
  const allowed = ORDER_TRANSITIONS[stage] as readonly OrderStatus[];
  if (!allowed.includes(to)) return false;
  // DELAYED is announced once: after that the rider's steps show again, with latest_arrival_at kept.
  if (to === 'DELAYED') return !hasBeenDelayed(order.status_history);
  return true;
}

/** Stages in which a rider is on the way to the drop-off and may run late (spec §9: ASAP = 60 min). */
export const DELAYABLE_STAGES = (Object.keys(ORDER_TRANSITIONS) as OrderStage[]).filter((stage) =>
  (ORDER_TRANSITIONS[stage] as readonly OrderStatus[]).includes('DELAYED'),
);
