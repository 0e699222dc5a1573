import { hasBeenDelayed, isTerminal, lifecycleStage, type OrderStage } from '../order-lifecycle.ts';
import type { CancelReason, OrderStatus, OrderWithHistory } from '../order-status.ts';
import type { OrderExceptionKind } from '../orders/handover-pin.ts';

/**
 * The console's live operations board (issue 36, decision 181): which active orders need a person, why, and
 * since when. Pure rules, so the server's list and the browser's live updates classify an order alike.
 */

/** Most urgent first: the board lists exceptions in this order, the oldest of a kind first. */
export const BOARD_EXCEPTIONS = [
  'payment_failed',
  'stalled',
  'handover_pin_failed',
  'no_courier',
  'delayed',
  'rider_unreachable',
  'awaiting_acceptance',
] as const;
export type BoardException = (typeof BOARD_EXCEPTIONS)[number];

/** A rider on an order not heard from (position or state) for this long is unreachable. */
export const RIDER_UNREACHABLE_MINUTES = 5;
/** An order waiting for a rider this long is flagged before the dispatcher gives up on it (no_courier). */
export const WAITING_FOR_RIDER_MINUTES = 5;
/** Received, or offered to a rider, and not accepted for this long. */
export const ACCEPTANCE_WAIT_MINUTES = 10;
/** Ended orders that still need a person (stalled, payment failed, no courier) stay on the board this long. */
export const BOARD_ENDED_HOURS = 24;

/** The board's status groups (the filter): exceptions, before collection, collected, every order. */
export const BOARD_GROUPS = ['exceptions', 'to_collect', 'collected', 'all'] as const;
export type BoardGroup = (typeof BOARD_GROUPS)[number];

/** The ended statuses the board still shows, with the cancellations that mean "no courier found". */
export const BOARD_ENDED_STATUSES = ['STALLED', 'PAYMENT_FAILED', 'CANCELLED'] as const satisfies OrderStatus[];

const MINUTE_MS = 60_000;

const COLLECTED_STAGES: readonly OrderStage[] = [
  'PICKED_UP',
  'COURIER_LEFT_VENDOR',
  'NEAR_CUSTOMER',
  'RETURN_INITIATED',
];
const AWAITING_ACCEPTANCE_STAGES: readonly OrderStage[] = [
  'NEW',
  'RECEIVED',
  'RECEIVED_BY_VENDOR',
  'ASSIGNED_TO_TRANSPORT',
];
const WITH_RIDER_STAGES: readonly OrderStage[] = [
  'COURIER_ACCEPTED_DELIVERY',
  'NEAR_VENDOR',
  'PICKED_UP',
  'COURIER_LEFT_VENDOR',
  'NEAR_CUSTOMER',
  'RETURN_INITIATED',
];

/**
 * Stages in which an operator may hand the order to another rider: it has not been collected, so nothing is in
 * the first rider's hands. After the pickup the way out is to call the rider, or to cancel.
 */
export const REASSIGNABLE_STAGES: readonly OrderStage[] = [
  'WAITING_FOR_TRANSPORT',
  'ASSIGNED_TO_TRANSPORT',
  'COURIER_ACCEPTED_DELIVERY',
  'NEAR_VENDOR',
];

/** Reasons an operator cancels for (a subset of spec §8's); "Other reason" needs the operator's words. */
export const OPERATOR_CANCEL_REASONS = [
  'no_courier',
  'courier_accident',
  'bad_weather',
  'technical_problem',
  'outside_delivery_area',
  'address_incomplete_misstated',
  'closed',
  'unreachable',
  'reason_unknown',
] as const satisfies readonly CancelReason[];
export type OperatorCancelReason = (typeof OPERATOR_CANCEL_REASONS)[number];

export interface BoardOrderFacts extends OrderWithHistory {
  created_at: Date;
  preordered_for: Date | null;
  dispatch_started_at: Date | null;
  cancel_reason: string | null;
  rider_id: string | null;
  /** When the order's rider last reported a position or a state. */
  rider_seen_at: Date | null;
  /**
   * What the order itself is flagged with for a person (decision 175: `handover_pin_failed`, the rider gave a wrong
   * handover PIN too often), and since when; null when it is not.
   */
  flagged: OrderExceptionKind | null;
  flagged_at: Date | null;
}

export interface BoardClassification {
  exception: BoardException | null;
  /** Since when the exception holds (its age is counted from here); null without one. */
  since: Date | null;
}

const lastEntryAt = (order: OrderWithHistory, status?: OrderStatus): Date | null => {
  for (let index = order.status_history.length - 1; index >= 0; index--) {
    const entry = order.status_history[index]!;
    if (status === undefined || entry.status === status) return new Date(entry.created_at);
  }
  return null;
};

const olderThan = (at: Date | null, now: Date, minutes: number) =>
  at !== null && now.getTime() - at.getTime() >= minutes * MINUTE_MS;

/** Why the order needs a person now, if it does; the first rule that holds wins (BOARD_EXCEPTIONS' order). */
export function classifyBoardOrder(order: BoardOrderFacts, now: Date): BoardClassification {
  const none = { exception: null, since: null };
  if (order.status === 'PAYMENT_FAILED')
    return { exception: 'payment_failed', since: lastEntryAt(order, 'PAYMENT_FAILED') };
  if (order.status === 'STALLED') return { exception: 'stalled', since: lastEntryAt(order, 'STALLED') };
  if (order.status === 'CANCELLED') {
    return order.cancel_reason === 'no_courier'
      ? { exception: 'no_courier', since: lastEntryAt(order, 'CANCELLED') }
      : none;
  }
  if (isTerminal(order.status)) return none;
  // The rider is at the door and cannot hand the item over: before any other rule.
  if (order.flagged === 'handover_pin_failed') return { exception: 'handover_pin_failed', since: order.flagged_at };
  const stage = lifecycleStage(order);
  if (stage === 'WAITING_FOR_TRANSPORT' && olderThan(order.dispatch_started_at, now, WAITING_FOR_RIDER_MINUTES)) {
    return { exception: 'no_courier', since: order.dispatch_started_at };
  }
  if (hasBeenDelayed(order.status_history)) return { exception: 'delayed', since: lastEntryAt(order, 'DELAYED') };
  if (WITH_RIDER_STAGES.includes(stage) && order.rider_id !== null) {
    if (order.rider_seen_at === null || olderThan(order.rider_seen_at, now, RIDER_UNREACHABLE_MINUTES)) {
      return { exception: 'rider_unreachable', since: order.rider_seen_at };
    }
  }
  // A pre-order is not late for acceptance before its time.
  const isDue = order.preordered_for === null || order.preordered_for.getTime() <= now.getTime();
  if (isDue && AWAITING_ACCEPTANCE_STAGES.includes(stage)) {
    const waitingSince = lastEntryAt(order, stage) ?? order.created_at;
    if (olderThan(waitingSince, now, ACCEPTANCE_WAIT_MINUTES))
      return { exception: 'awaiting_acceptance', since: waitingSince };
  }
  return none;
}

/** The board group an order belongs to besides "all" (and "exceptions" when it has one). */
export function boardStageGroup(order: OrderWithHistory): Exclude<BoardGroup, 'exceptions' | 'all'> | null {
  if (isTerminal(order.status)) return null;
  return COLLECTED_STAGES.includes(lifecycleStage(order)) ? 'collected' : 'to_collect';
}

export function canReassign(order: OrderWithHistory): boolean {
  return !isTerminal(order.status) && REASSIGNABLE_STAGES.includes(lifecycleStage(order));
}

/** The board's order: exceptions first, most urgent kind first, then the oldest; then the rest, oldest first. */
export function compareBoardOrders(
  a: { exception: BoardException | null; exception_since: string | null; created_at: string; order_id: string },
  b: { exception: BoardException | null; exception_since: string | null; created_at: string; order_id: string },
): number {
  const rank = (exception: BoardException | null) =>
    exception === null ? BOARD_EXCEPTIONS.length : BOARD_EXCEPTIONS.indexOf(exception);
  return (
    rank(a.exception) - rank(b.exception) ||
    (a.exception_since ?? a.created_at).localeCompare(b.exception_since ?? b.created_at) ||
    a.created_at.localeCompare(b.created_at) ||
    a.order_id.localeCompare(b.order_id)
  );
}
