import type { Order } from '@riderdesk/domain/contracts/orders';
import type { RiderLocation } from '@riderdesk/domain/contracts/riders';
import { startOfTodayInZone } from '@riderdesk/domain/date-presets';
import {
  canCancel,
  isInGroup,
  isPreorder,
  isRiderAssigned,
  orderEditRefusal,
  shouldPollRider,
  showsFullMap,
} from '@riderdesk/domain/order-status';
import { type ProofKind, proofKindsReached } from '@riderdesk/domain/orders/proofs';
import { absolute, paths } from '@riderdesk/domain/paths';
import { cancelUnavailableReason, type Eta, orderEta } from './tracking-rules.ts';

export type ProofFlags = Record<ProofKind, boolean>;

/** The proofs the order has reached and the flags show (spec §6 proofs of delivery, pickup and return). */
export function expectedProofs(order: Order, flags: ProofFlags): ProofKind[] {
  return proofKindsReached(order.status_history).filter((kind) => flags[kind]);
}

/** The order's public pages, on the page's origin: what the merchant shares with the customer. */
export type OrderLinks = {
  /** spec §2 /tracking/{orderID}; null when the order is not shared. */
  tracking: string | null;
  /** spec §2 /delivery-receipt, once delivered. */
  receipt: string | null;
  /** spec §2 /tracking-c2c: a customer-to-customer order's page with sender and recipient. */
  c2c: string | null;
};

export function orderLinks(
  order: Pick<Order, 'tracking_token' | 'status' | 'is_customer_to_customer'>,
  origin: string,
): OrderLinks {
  const token = order.tracking_token;
  if (!token) return { tracking: null, receipt: null, c2c: null };
  return {
    tracking: absolute(origin, paths.tracking(token)),
    receipt: order.status === 'DELIVERED' ? absolute(origin, paths.deliveryReceipt(token)) : null,
    c2c: order.is_customer_to_customer ? absolute(origin, paths.trackingC2c(token)) : null,
  };
}

/**
 * How the Edit button shows: a link to the edit page, disabled with why (a card-paid order's charge is fixed),
 * or not at all (the ModifyOrderButton flag is off, or the order can no longer be edited).
 */
export type EditAction = { kind: 'link'; path: string } | { kind: 'locked-by-card' } | null;

export function editAction(order: Pick<Order, 'status' | 'order'>, editPath: string | null): EditAction {
  if (editPath === null) return null;
  const refusal = orderEditRefusal({ status: order.status, paymentMethod: order.order.payment_method });
  if (refusal === null) return { kind: 'link', path: editPath };
  return refusal === 'error.order.card-paid-not-editable' ? { kind: 'locked-by-card' } : null;
}

/** Who the rider card speaks of when no rider is shown: why there is none. */
export type NoRiderReason = 'cancelled-with-reason' | 'cancelled' | 'scheduled' | 'searching';

export type OrderDetailInput = {
  order: Order;
  now: Date;
  timeZone: string;
  isDelayedCancellationOn: boolean;
  proofFlags: ProofFlags;
  editPath: string | null;
  /** The page's origin, for the public links. */
  origin: string;
};

export type OrderDetailView = {
  isCancellable: boolean;
  /** spec §4 cancellable statuses: why the cancel button is missing; null when it shows or the order is over. */
  whyNoCancel: ReturnType<typeof cancelUnavailableReason>;
  isCancelled: boolean;
  /** A pre-order still waiting for its time (spec §4): shown "scheduled for" instead of "requested at". */
  isScheduled: boolean;
  /** An order from before today (history) shows its request date as well as its time. */
  isRequestedBeforeToday: boolean;
  eta: Eta | null;
  isDelayed: boolean;
  /** spec §9: the rider's position is polled while the status calls for it. */
  isPollingRider: boolean;
  showsFullMap: boolean;
  /** The rider's name and phone show once a rider has accepted (spec §4 rider-assigned rule). */
  showsRider: boolean;
  noRiderReason: NoRiderReason | null;
  proofKinds: ProofKind[];
  links: OrderLinks;
  edit: EditAction;
  /** The rider's notes, when they say more than the customer's address notes. */
  riderNotes: string | null;
};

/** spec §2 order detail: everything the detail shows that is derived from the order and the flags. */
export function orderDetailView(input: OrderDetailInput): OrderDetailView {
  const { order, now } = input;
  const isCancellable = canCancel(order, { delayedCancellation: input.isDelayedCancellationOn, now });
  const isCancelled = isInGroup(order.status, 'cancelled');
  const isScheduled = isPreorder(order, now) && order.preordered_for !== null;
  const showsRider = order.rider !== null && isRiderAssigned(order.status_history);
  return {
    isCancellable,
    whyNoCancel: isCancellable ? null : cancelUnavailableReason(order),
    isCancelled,
    isScheduled,
    isRequestedBeforeToday: Date.parse(order.created_at) < startOfTodayInZone(now, input.timeZone).getTime(),
    eta: orderEta(order),
    isDelayed: order.status === 'DELAYED',
    isPollingRider: shouldPollRider(order.status),
    showsFullMap: showsFullMap(order.status),
    showsRider,
    noRiderReason: showsRider
      ? null
      : isCancelled
        ? order.cancel_reason
          ? 'cancelled-with-reason'
          : 'cancelled'
        : isScheduled
          ? 'scheduled'
          : 'searching',
    proofKinds: expectedProofs(order, input.proofFlags),
    links: orderLinks(order, input.origin),
    edit: editAction(order, input.editPath),
    riderNotes: order.notes && order.notes !== order.customer.location.notes ? order.notes : null,
  };
}

/** The rider's marker: only while polling, and only once the rider has sent a position. */
export function riderPoint(
  location: Pick<RiderLocation, 'latitude' | 'longitude'> | undefined,
  isPolling: boolean,
): { latitude: number; longitude: number } | null {
  if (!isPolling || !location || location.latitude === null || location.longitude === null) return null;
  return { latitude: location.latitude, longitude: location.longitude };
}
