/**
 * How a Riderdesk order reads in pandago's terms (issue 35, decision 153): its status, its payment method and
 * the reasons of a cancellation, both ways.
 */
import { isTerminal } from '../order-lifecycle.ts';
import {
  type CancelReason,
  isInGroup,
  MERCHANT_CANCEL_REASONS,
  type MerchantCancelReason,
  type OrderStatus,
  type StatusHistoryEntry,
  showsEtaToCustomer,
  showsEtaToVendor,
} from '../order-status.ts';

/** pandago's order statuses (Status). */
export const API_ORDER_STATUSES = [
  'NEW',
  'RECEIVED',
  'WAITING_FOR_TRANSPORT',
  'ASSIGNED_TO_TRANSPORT',
  'COURIER_ACCEPTED_DELIVERY',
  'NEAR_VENDOR',
  'PICKED_UP',
  'COURIER_LEFT_VENDOR',
  'NEAR_CUSTOMER',
  'DELIVERED',
  'DELAYED',
  'CANCELLED',
  'RETURNED_TO_VENDOR',
] as const;
export type ApiOrderStatus = (typeof API_ORDER_STATUSES)[number];

/** pandago's payment methods: both are ours under the same names. */
export const API_PAYMENT_METHODS = ['PAID', 'CASH_ON_DELIVERY'] as const;
export type ApiPaymentMethod = (typeof API_PAYMENT_METHODS)[number];

/** The reasons pandago takes with DELETE /orders/{order_id} (CancelOrderRequest). */
export const API_CANCEL_REASONS = ['DELIVERY_ETA_TOO_LONG', 'MISTAKE_ERROR', 'REASON_UNKNOWN'] as const;
export type ApiCancelReason = (typeof API_CANCEL_REASONS)[number];

/** pandago's reasons of a cancellation as it reports them (Reason). */
export const API_CANCELLATION_REASONS = [
  'ADDRESS_INCOMPLETE_MISSTATED',
  'BAD_WEATHER',
  'CLOSED',
  'COURIER_ACCIDENT',
  'COURIER_UNREACHABLE',
  'DELIVERY_ETA_TOO_LONG',
  'DUPLICATE_ORDER',
  'FOOD_QUALITY_SPILLAGE',
  'LATE_DELIVERY',
  'MISTAKE_ERROR',
  'NO_COURIER',
  'OUTSIDE_DELIVERY_AREA',
  'OUTSIDE_SERVICE_HOURS',
  'REASON_UNKNOWN',
  'TECHNICAL_PROBLEM',
  'UNABLE_TO_FIND',
  'UNABLE_TO_PAY',
  'WRONG_ORDER_ITEMS_DELIVERED',
] as const;
export type ApiCancellationReason = (typeof API_CANCELLATION_REASONS)[number];

const SAME_NAME: ReadonlySet<string> = new Set(API_ORDER_STATUSES);

/**
 * Ours that pandago names otherwise. The vendor's own acknowledgements are pandago's RECEIVED; a card order
 * waiting for its payment is NEW; every cancelled-type status (a STALLED order found no rider) is CANCELLED.
 */
const RENAMED: Partial<Record<OrderStatus, ApiOrderStatus>> = {
  RECEIVED_BY_VENDOR: 'RECEIVED',
  ACCEPTED_BY_VENDOR: 'RECEIVED',
  INITIATED: 'NEW',
  PAYMENT_INITIATED: 'NEW',
  PAYMENT_COMMITTED: 'NEW',
};

function directStatusOf(status: OrderStatus): ApiOrderStatus | null {
  if (SAME_NAME.has(status)) return status as ApiOrderStatus;
  if (isInGroup(status, 'cancelled')) return 'CANCELLED';
  return RENAMED[status] ?? null;
}

/**
 * The pandago status of an order. MODIFIED (an edit) and RETURN_INITIATED have no pandago name: the order
 * reads as the latest step of its history that has one, so an edit never moves it back or forward.
 */
export function apiStatusOf(status: OrderStatus, history: readonly StatusHistoryEntry[]): ApiOrderStatus {
  const direct = directStatusOf(status);
  if (direct) return direct;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const earlier = directStatusOf(history[index]!.status);
    if (earlier) return earlier;
  }
  return 'NEW';
}

/** The merchant's cancel reason of a pandago one: the same reason, in our spelling. */
export function cancelReasonOf(reason: ApiCancelReason): MerchantCancelReason {
  return reason.toLowerCase() as Lowercase<ApiCancelReason>;
}

/** Ours that pandago names otherwise; the rest are pandago's in upper case, or REASON_UNKNOWN. */
const CANCELLATION_RENAMED: Partial<Record<CancelReason, ApiCancellationReason>> = {
  unreachable: 'UNABLE_TO_FIND',
  payment_failure: 'UNABLE_TO_PAY',
};

/** pandago's cancellation of a cancelled order: the reason, and CLIENT when it is one a merchant gives. */
export function apiCancellationOf(reason: CancelReason | null): {
  reason: ApiCancellationReason;
  source: 'CLIENT' | 'LOGISTICS';
} {
  const upper = reason?.toUpperCase() ?? '';
  const named = (API_CANCELLATION_REASONS as readonly string[]).includes(upper)
    ? (upper as ApiCancellationReason)
    : null;
  const isMerchants = reason !== null && (MERCHANT_CANCEL_REASONS as readonly string[]).includes(reason);
  return {
    reason: (reason && CANCELLATION_RENAMED[reason]) ?? named ?? 'REASON_UNKNOWN',
    source: isMerchants ? 'CLIENT' : 'LOGISTICS',
  };
}

const MS_PER_MINUTE = 60_000;

/**
 * pandago's timeline (ISO instants, '' when not known) from the order's stored ETAs, which count from its last
 * change. Once a rider heads out the delivery ETA is the rider's whole way (through the pickup); before, it is
 * the trip from the pickup, so it adds to the pickup ETA. A pre-order still to come is delivered at its time. A
 * finished order has no estimate, and a delay's latest arrival replaces the delivery estimate.
 */
export function apiTimelineOf(order: {
  status: OrderStatus;
  updatedAt: Date;
  preorderedFor: Date | null;
  pickupEtaMinutes: number | null;
  deliveryEtaMinutes: number | null;
  latestArrivalAt: Date | null;
}): { estimated_pickup_time: string; estimated_delivery_time: string } {
  const none = { estimated_pickup_time: '', estimated_delivery_time: '' };
  const { pickupEtaMinutes: pickup, deliveryEtaMinutes: delivery } = order;
  if (isTerminal(order.status) || pickup === null || delivery === null) return none;
  const at = (base: number, minutes: number) => new Date(base + minutes * MS_PER_MINUTE).toISOString();
  const base = order.updatedAt.getTime();
  if (order.preorderedFor !== null && order.preorderedFor.getTime() > base) {
    const due = order.preorderedFor.getTime();
    return { estimated_pickup_time: at(due, -delivery), estimated_delivery_time: new Date(due).toISOString() };
  }
  const isRiderOnTheWay = showsEtaToVendor(order.status) || showsEtaToCustomer(order.status);
  return {
    estimated_pickup_time: at(base, pickup),
    estimated_delivery_time:
      order.latestArrivalAt?.toISOString() ?? at(base, isRiderOnTheWay ? delivery : pickup + delivery),
  };
}

/** pandago's answer to an edit from PAID to CASH_ON_DELIVERY, which it does not support (PUT /orders). */
export const PAID_TO_CASH_REFUSAL = 'Changing the payment type from PAID to CASH_ON_DELIVERY is not supported';

/** pandago: an order paid already is not turned into one whose rider collects cash. */
export function isPaymentChangeRefused(stored: string, requested: string | undefined): boolean {
  return stored === 'PAID' && requested === 'CASH_ON_DELIVERY';
}
