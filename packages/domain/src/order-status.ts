import { PAYMENT_COMMITTED_CANCEL_MINUTES, RIDER_NEAR_MINUTES } from './constants.ts';

export const ORDER_STATUSES = [
  'NEW',
  'STALLED',
  'RECEIVED',
  'WAITING_FOR_TRANSPORT',
  'ASSIGNED_TO_TRANSPORT',
  'COURIER_ACCEPTED_DELIVERY',
  'RECEIVED_BY_VENDOR',
  'ACCEPTED_BY_VENDOR',
  'NEAR_VENDOR',
  'DELAYED',
  'PICKED_UP',
  'NEAR_CUSTOMER',
  'DELIVERED',
  'CANCELLED',
  'COURIER_LEFT_VENDOR',
  'MODIFIED',
  'INITIATED',
  'PAYMENT_INITIATED',
  'PAYMENT_COMMITTED',
  'PAYMENT_FAILED',
  'PAYMENT_CANCELLED',
  'RETURN_INITIATED',
  'RETURNED_TO_VENDOR',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type StatusHistoryEntry = {
  status: OrderStatus;
  /** ISO 8601 instant. */
  created_at: string;
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

// spec §4 "Progress order (lowest to highest)".
export const STATUS_PROGRESS = [
  'INITIATED',
  'PAYMENT_INITIATED',
  'PAYMENT_COMMITTED',
  'NEW',
  'STALLED',
  'RECEIVED',
  'RECEIVED_BY_VENDOR',
  'ACCEPTED_BY_VENDOR',
  'WAITING_FOR_TRANSPORT',
  'ASSIGNED_TO_TRANSPORT',
  'COURIER_ACCEPTED_DELIVERY',
  'MODIFIED',
  'NEAR_VENDOR',
  'PICKED_UP',
  'COURIER_LEFT_VENDOR',
  'NEAR_CUSTOMER',
  'DELIVERED',
  'RETURN_INITIATED',
  'RETURNED_TO_VENDOR',
] as const satisfies readonly OrderStatus[];

export const CANCELLED_PROGRESS = -1;

export function statusProgress(status: OrderStatus): number {
  if (status === 'DELAYED') {
    // spec §4 places DELAYED neither in the progress order nor among the cancelled statuses. A delayed
    // order is in flight and not yet delivered, so it ranks with the last in-flight stage: never a
    // pre-order (past WAITING_FOR_TRANSPORT) and still below DELIVERED.
    return STATUS_PROGRESS.indexOf('NEAR_CUSTOMER');
  }
  const index = (STATUS_PROGRESS as readonly OrderStatus[]).indexOf(status);
  // spec §4: cancelled-type statuses (CANCELLED, PAYMENT_CANCELLED, PAYMENT_FAILED) rank below zero.
  return index === -1 ? CANCELLED_PROGRESS : index;
}

// spec §4 "Groups".
export const STATUS_GROUPS = {
  new: [
    'PAYMENT_COMMITTED',
    'NEW',
    'RECEIVED',
    'WAITING_FOR_TRANSPORT',
    'COURIER_ACCEPTED_DELIVERY',
    'ASSIGNED_TO_TRANSPORT',
    'RECEIVED_BY_VENDOR',
    'ACCEPTED_BY_VENDOR',
    'MODIFIED',
    'NEAR_VENDOR',
  ],
  collected: ['PICKED_UP', 'COURIER_LEFT_VENDOR', 'NEAR_CUSTOMER', 'RETURN_INITIATED'],
  cancelled: ['CANCELLED', 'PAYMENT_CANCELLED', 'STALLED', 'PAYMENT_FAILED'],
  active: [
    'NEW',
    'RECEIVED',
    'WAITING_FOR_TRANSPORT',
    'ASSIGNED_TO_TRANSPORT',
    'COURIER_ACCEPTED_DELIVERY',
    'RECEIVED_BY_VENDOR',
    'ACCEPTED_BY_VENDOR',
    'NEAR_VENDOR',
    'PICKED_UP',
    'NEAR_CUSTOMER',
    'DELAYED',
  ],
  old: ['DELIVERED', 'CANCELLED'],
  done: ['DELIVERED', 'RETURNED_TO_VENDOR'],
} as const satisfies Record<string, readonly OrderStatus[]>;

export type StatusGroup = keyof typeof STATUS_GROUPS;

export function isInGroup(status: OrderStatus, group: StatusGroup): boolean {
  return (STATUS_GROUPS[group] as readonly OrderStatus[]).includes(status);
}

export const STATUS_LABEL_KEYS = {
  NEW: 'status.new',
  INITIATED: 'status.payment-processing',
  PAYMENT_INITIATED: 'status.payment-processing',
  PAYMENT_COMMITTED: 'status.payment-processing',
  RECEIVED: 'status.received',
  RECEIVED_BY_VENDOR: 'status.received',
  ACCEPTED_BY_VENDOR: 'status.received',
  WAITING_FOR_TRANSPORT: 'status.waiting-for-rider',
  ASSIGNED_TO_TRANSPORT: 'status.in-progress',
  COURIER_ACCEPTED_DELIVERY: 'status.in-progress',
  MODIFIED: 'status.in-progress',
  NEAR_VENDOR: 'status.near-vendor',
  PICKED_UP: 'status.picked-up',
  COURIER_LEFT_VENDOR: 'status.in-transit',
  NEAR_CUSTOMER: 'status.near-customer',
  DELIVERED: 'status.delivered',
  STALLED: 'status.stalled',
  DELAYED: 'status.delayed',
  CANCELLED: 'status.cancelled',
  PAYMENT_CANCELLED: 'status.cancelled',
  // The order never existed for the merchant: "Cancelled" would hide why (a card that did not pay).
  PAYMENT_FAILED: 'status.payment-failed',
  RETURN_INITIATED: 'status.returning',
  RETURNED_TO_VENDOR: 'status.returned',
} as const satisfies Record<OrderStatus, string>;

export const SCHEDULED_LABEL_KEY = 'status.scheduled';
export const UNKNOWN_LABEL_KEY = 'status.unknown';

export type StatusLabelKey =
  | (typeof STATUS_LABEL_KEYS)[OrderStatus]
  | typeof SCHEDULED_LABEL_KEY
  | typeof UNKNOWN_LABEL_KEY;

/** Accepts any string because the server may send a status this build does not know. */
export function statusLabelKey(status: string, options: { isScheduled?: boolean } = {}): StatusLabelKey {
  if (!isOrderStatus(status)) return UNKNOWN_LABEL_KEY;
  if (options.isScheduled) return SCHEDULED_LABEL_KEY;
  return STATUS_LABEL_KEYS[status];
}

// spec §4: public tracking stages, in the spec's order.
export const PUBLIC_TRACKING_STAGES = [
  'PREPARING',
  'COURIER_ACCEPTED',
  'NEAR_VENDOR',
  'COLLECTED',
  'RETURN_INITIATED',
  'NEAR_CUSTOMER',
  'DELIVERED',
  'RETURNED',
] as const;

export type PublicTrackingStage = (typeof PUBLIC_TRACKING_STAGES)[number];

const PUBLIC_STAGE_BY_STATUS: Partial<Record<OrderStatus, PublicTrackingStage>> = {
  PAYMENT_COMMITTED: 'PREPARING',
  NEW: 'PREPARING',
  RECEIVED: 'PREPARING',
  RECEIVED_BY_VENDOR: 'PREPARING',
  ACCEPTED_BY_VENDOR: 'PREPARING',
  WAITING_FOR_TRANSPORT: 'PREPARING',
  // The merchant reads "Rider on the way" from here (status.in-progress); the recipient reads the same stage
  // rather than one step behind (decision 139).
  ASSIGNED_TO_TRANSPORT: 'COURIER_ACCEPTED',
  // A modification can happen before any courier accepted, so the public page does not claim one.
  MODIFIED: 'PREPARING',
  COURIER_ACCEPTED_DELIVERY: 'COURIER_ACCEPTED',
  NEAR_VENDOR: 'NEAR_VENDOR',
  PICKED_UP: 'COLLECTED',
  COURIER_LEFT_VENDOR: 'COLLECTED',
  RETURN_INITIATED: 'RETURN_INITIATED',
  NEAR_CUSTOMER: 'NEAR_CUSTOMER',
  DELIVERED: 'DELIVERED',
  RETURNED_TO_VENDOR: 'RETURNED',
};

/** null for statuses with no public stage: unpaid, cancelled-type and DELAYED (shown as its own state). */
export function publicTrackingStage(status: OrderStatus): PublicTrackingStage | null {
  return PUBLIC_STAGE_BY_STATUS[status] ?? null;
}

// spec §4: cancellable statuses; DELAYED only with the DelayedCancellation flag.
/**
 * An order can be edited until the rider has the item: progress below PICKED_UP and not cancelled
 * (spec §4 progress order; PUT /order/{orderId}).
 */
export function canEditOrder(status: string): boolean {
  if (!isOrderStatus(status) || isInGroup(status, 'cancelled')) return false;
  const progress = statusProgress(status);
  return progress >= 0 && progress < statusProgress('PICKED_UP');
}

/** Why an order cannot be edited, as a translation key; null when it can (PUT /order/{orderId}). */
export type EditRefusal = 'error.order.not-editable' | 'error.order.card-paid-not-editable';

/**
 * An order can be edited until the rider has the item (`canEditOrder`), except an order paid by card: its
 * charge was fixed when the card was charged, and an edit would change the fee (decision 060).
 */
export function orderEditRefusal(order: { status: string; paymentMethod: string }): EditRefusal | null {
  if (!canEditOrder(order.status)) return 'error.order.not-editable';
  if (order.paymentMethod === 'ONLINE_PAYMENT') return 'error.order.card-paid-not-editable';
  return null;
}

export const CANCELLABLE_STATUSES = [
  'RECEIVED',
  'WAITING_FOR_TRANSPORT',
  'ASSIGNED_TO_TRANSPORT',
  'MODIFIED',
] as const satisfies readonly OrderStatus[];

export type OrderWithHistory = {
  status: OrderStatus;
  status_history: readonly StatusHistoryEntry[];
};

const MS_PER_MINUTE = 60_000;

function latestEntryTime(history: readonly StatusHistoryEntry[], status: OrderStatus): number | null {
  let latest: number | null = null;
  for (const entry of history) {
    if (entry.status !== status) continue;
    const time = Date.parse(entry.created_at);
    if (Number.isNaN(time)) continue;
    if (latest === null || time > latest) latest = time;
  }
  return latest;
}

export function canCancel(order: OrderWithHistory, options: { delayedCancellation: boolean; now: Date }): boolean {
  if ((CANCELLABLE_STATUSES as readonly OrderStatus[]).includes(order.status)) return true;
  if (order.status === 'DELAYED') return options.delayedCancellation;
  if (order.status === 'PAYMENT_COMMITTED') {
    // spec §4: PAYMENT_COMMITTED is cancellable only once 10 minutes have passed since its history entry.
    const committedAt = latestEntryTime(order.status_history, 'PAYMENT_COMMITTED');
    if (committedAt === null) return false;
    return options.now.getTime() - committedAt >= PAYMENT_COMMITTED_CANCEL_MINUTES * MS_PER_MINUTE;
  }
  return false;
}

/** spec §4: the last COURIER_ACCEPTED_DELIVERY is later than the last WAITING_FOR_TRANSPORT. */
export function isRiderAssigned(history: readonly StatusHistoryEntry[]): boolean {
  const accepted = latestEntryTime(history, 'COURIER_ACCEPTED_DELIVERY');
  if (accepted === null) return false;
  const waiting = latestEntryTime(history, 'WAITING_FOR_TRANSPORT');
  return waiting === null || accepted > waiting;
}

export const ETA_TO_VENDOR_STATUSES = [
  'ASSIGNED_TO_TRANSPORT',
  'COURIER_ACCEPTED_DELIVERY',
  'RECEIVED_BY_VENDOR',
  'ACCEPTED_BY_VENDOR',
  'NEAR_VENDOR',
] as const satisfies readonly OrderStatus[];

/**
 * spec §4 names PICKED_UP and NEAR_CUSTOMER; COURIER_LEFT_VENDOR (in transit) lies between them, with the
 * item on its way to the customer, so its ETA is the one to the customer too (decision 139).
 */
export const ETA_TO_CUSTOMER_STATUSES = [
  'PICKED_UP',
  'COURIER_LEFT_VENDOR',
  'NEAR_CUSTOMER',
] as const satisfies readonly OrderStatus[];

export const NO_FULL_MAP_STATUSES = [
  'NEW',
  'RECEIVED',
  'WAITING_FOR_TRANSPORT',
] as const satisfies readonly OrderStatus[];

/** spec §4: tracking says the rider is 'less than 5 minutes away' under RIDER_NEAR_MINUTES of ETA. */
export function isRiderNear(etaMinutes: number): boolean {
  return etaMinutes < RIDER_NEAR_MINUTES;
}

export function showsEtaToVendor(status: OrderStatus): boolean {
  return (ETA_TO_VENDOR_STATUSES as readonly OrderStatus[]).includes(status);
}

export function showsEtaToCustomer(status: OrderStatus): boolean {
  return (ETA_TO_CUSTOMER_STATUSES as readonly OrderStatus[]).includes(status);
}

export function showsFullMap(status: OrderStatus): boolean {
  return !(NO_FULL_MAP_STATUSES as readonly OrderStatus[]).includes(status);
}

/** spec §4: DELAYED, and statuses from RECEIVED_BY_VENDOR up to but excluding DELIVERED. */
export function shouldPollRider(status: OrderStatus): boolean {
  if (status === 'DELAYED') return true;
  const progress = statusProgress(status);
  return progress >= statusProgress('RECEIVED_BY_VENDOR') && progress < statusProgress('DELIVERED');
}

// A returned order has its own bucket: it was not delivered, so it is neither counted nor coloured as delivered.
export const ORDER_BUCKETS = ['preorder', 'new', 'collected', 'delivered', 'returned', 'cancelled'] as const;
export type OrderBucket = (typeof ORDER_BUCKETS)[number];

export type BucketableOrder = OrderWithHistory & {
  /** Unix time in seconds. */
  preordered_for?: number | null;
};

function hasAnyInHistory(history: readonly StatusHistoryEntry[], statuses: readonly OrderStatus[]): boolean {
  return history.some((entry) => statuses.includes(entry.status));
}

// spec §4 "Order list buckets": a DELAYED order is listed as new when its history holds a collected,
// a cancelled, and a delivered-or-returned status; otherwise as collected.
export const DELAYED_BACK_TO_NEW_HISTORY = [
  STATUS_GROUPS.collected,
  STATUS_GROUPS.cancelled,
  STATUS_GROUPS.done,
] as const satisfies readonly (readonly OrderStatus[])[];

function isDelayedBackToNew(history: readonly StatusHistoryEntry[]): boolean {
  return DELAYED_BACK_TO_NEW_HISTORY.every((statuses) => hasAnyInHistory(history, statuses));
}

export function isPreorder(order: BucketableOrder, now: Date): boolean {
  if (order.preordered_for === null || order.preordered_for === undefined) return false;
  if (order.preordered_for * 1000 <= now.getTime()) return false;
  // spec §4: "a status at or before WAITING_FOR_TRANSPORT". Cancelled-group statuses (below zero, or
  // STALLED) are excluded so a failed pre-order is listed as cancelled, not as scheduled.
  if (isInGroup(order.status, 'cancelled')) return false;
  const progress = statusProgress(order.status);
  return progress >= 0 && progress <= statusProgress('WAITING_FOR_TRANSPORT');
}

export function orderBucket(order: BucketableOrder, now: Date): OrderBucket | null {
  if (isPreorder(order, now)) return 'preorder';
  if (isInGroup(order.status, 'new')) return 'new';
  if (order.status === 'DELAYED') return isDelayedBackToNew(order.status_history) ? 'new' : 'collected';
  if (isInGroup(order.status, 'collected')) return 'collected';
  if (order.status === 'RETURNED_TO_VENDOR') return 'returned';
  if (isInGroup(order.status, 'done')) return 'delivered';
  if (isInGroup(order.status, 'cancelled')) return 'cancelled';
  return null;
}

// spec §4 status filter values, with RETURNED (a returned order is not a delivered one) and SCHEDULED (the
// pre-orders whose time has not come) beside them.
export const STATUS_FILTERS = ['ANY', 'DELIVERED', 'RETURNED', 'CANCELLED', 'NEW', 'COLLECTED', 'SCHEDULED'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** The statuses a pre-order keeps until its time (spec §4: at or before WAITING_FOR_TRANSPORT, not cancelled). */
export const PREORDER_STATUSES: readonly OrderStatus[] = STATUS_PROGRESS.slice(
  0,
  STATUS_PROGRESS.indexOf('WAITING_FOR_TRANSPORT') + 1,
).filter((status) => !isInGroup(status, 'cancelled'));

const STATUS_FILTER_STATUSES = {
  DELIVERED: ['DELIVERED'],
  RETURNED: ['RETURNED_TO_VENDOR'],
  CANCELLED: STATUS_GROUPS.cancelled,
  NEW: STATUS_GROUPS.new,
  COLLECTED: STATUS_GROUPS.collected,
  SCHEDULED: PREORDER_STATUSES,
} as const satisfies Record<Exclude<StatusFilter, 'ANY'>, readonly OrderStatus[]>;

/**
 * The statuses a status filter value stands for (spec §4); null for ANY. Same sets as matchesStatusFilter; DELAYED
 * orders are added by their history (delayedBucketOfFilter), and SCHEDULED keeps only pre-orders still to come.
 */
export function statusesOfFilter(filter: StatusFilter): readonly OrderStatus[] | null {
  return filter === 'ANY' ? null : STATUS_FILTER_STATUSES[filter];
}

/** The bucket a status filter value lists DELAYED orders under (spec §4), by their history; null for none. */
export function delayedBucketOfFilter(filter: StatusFilter): 'new' | 'collected' | null {
  if (filter === 'NEW') return 'new';
  if (filter === 'COLLECTED') return 'collected';
  return null;
}

/** spec §4: a status filter value lists the orders of its bucket, DELAYED ones placed by their history. */
export function matchesStatusFilter(order: BucketableOrder, filter: StatusFilter, now: Date = new Date()): boolean {
  if (filter === 'ANY') return true;
  if (filter === 'SCHEDULED') return isPreorder(order, now);
  if (order.status === 'DELAYED') {
    const bucket = delayedBucketOfFilter(filter);
    return bucket !== null && bucket === (isDelayedBackToNew(order.status_history) ? 'new' : 'collected');
  }
  return (STATUS_FILTER_STATUSES[filter] as readonly OrderStatus[]).includes(order.status);
}

// spec §8: cancel reasons.
export const CANCEL_REASONS = [
  'mistake_error',
  'reason_unknown',
  'delivery_eta_too_long',
  'unable_to_find',
  'technical_problem',
  'no_courier',
  'outside_service_hours',
  'courier_accident',
  'bad_weather',
  'outside_delivery_area',
  'closed',
  'address_incomplete_misstated',
  'unreachable',
  'food_quality_spillage',
  'late_delivery',
  'unable_to_pay',
  'duplicate_order',
  'wrong_order_items_delivered',
  'payment_failure',
] as const;

export type CancelReason = (typeof CANCEL_REASONS)[number];

/**
 * The reasons a merchant cancels for; the others are the rider's or the platform's (no rider, bad weather, a
 * wrong delivery) and are set by them. `reason_unknown` ("Other reason") comes with the merchant's own words.
 */
export const MERCHANT_CANCEL_REASONS = [
  'mistake_error',
  'duplicate_order',
  'delivery_eta_too_long',
  'address_incomplete_misstated',
  'unreachable',
  'unable_to_pay',
  'closed',
  'reason_unknown',
] as const satisfies readonly CancelReason[];
export type MerchantCancelReason = (typeof MERCHANT_CANCEL_REASONS)[number];
export const OTHER_CANCEL_REASON = 'reason_unknown' satisfies MerchantCancelReason;
/** The longest text a merchant gives for "Other reason". */
export const CANCEL_NOTE_MAX_LENGTH = 200;
