import { RIDER_NEAR_MINUTES } from '@riderdesk/domain/constants';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { looksLikeOrderIdOf } from '@riderdesk/domain/order-id';
import {
  isInGroup,
  type OrderBucket,
  orderBucket,
  showsEtaToCustomer,
  showsEtaToVendor,
  statusProgress,
} from '@riderdesk/domain/order-status';
import { matchesOrderSearch } from '@riderdesk/domain/search-history';
import {
  type CountryCode,
  isPossiblePhoneNumber,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';

/** spec §2: the sections of the tracking screen, in reading order. */
export const TRACKING_SECTIONS = ['new', 'preorder', 'collected', 'delivered', 'returned', 'cancelled'] as const;

export const SECTION_LABEL_KEYS = {
  new: 'tracking.section.new',
  preorder: 'tracking.section.scheduled',
  collected: 'tracking.section.collected',
  delivered: 'tracking.section.delivered',
  returned: 'tracking.section.returned',
  cancelled: 'tracking.section.cancelled',
} as const satisfies Record<OrderBucket, string>;

const byNewest = (a: Order, b: Order) => Date.parse(b.created_at) - Date.parse(a.created_at);

/** One copy per order (the newer one), newest first: the active and pre-order fetches overlap. */
export function mergeOrders(...lists: readonly (readonly Order[] | undefined)[]): Order[] {
  const byId = new Map<string, Order>();
  for (const list of lists) {
    for (const order of list ?? []) {
      const existing = byId.get(order.order_id);
      if (!existing || Date.parse(order.updated_at) > Date.parse(existing.updated_at)) byId.set(order.order_id, order);
    }
  }
  return [...byId.values()].sort(byNewest);
}

/** spec §4 order list buckets; an order in no bucket (unpaid, unknown) is not listed. */
export function groupOrders(orders: readonly Order[], now: Date): Record<OrderBucket, Order[]> {
  const groups: Record<OrderBucket, Order[]> = {
    preorder: [],
    new: [],
    collected: [],
    delivered: [],
    returned: [],
    cancelled: [],
  };
  for (const order of orders) {
    const bucket = orderBucket(order, now);
    if (bucket) groups[bucket].push(order);
  }
  return groups;
}

export function searchOrders(orders: readonly Order[], term: string): Order[] {
  return orders.filter((order) => matchesOrderSearch(order, term));
}

/** A search the loaded orders cannot answer, asked of the server instead. */
export type ServerSearch = { kind: 'order'; orderId: string } | { kind: 'phone'; phone: string };

/**
 * spec §5: a term (spaces ignored, any case) that is an order id of the selected vendor fetches that
 * order; spec §4: a phone number possible in the country searches the customer's recent orders.
 */
export function serverSearchFor(term: string, vendorId: string, countryCode: string): ServerSearch | null {
  const compact = term.replace(/\s+/g, '');
  const orderId = compact.toUpperCase();
  if (looksLikeOrderIdOf(orderId, vendorId) && !orderId.endsWith('-')) return { kind: 'order', orderId };
  const country = countryCode.toUpperCase();
  if (!/^\+?[\d()-]+$/.test(compact) || !isSupportedCountry(country)) return null;
  if (!isPossiblePhoneNumber(compact, country as CountryCode)) return null;
  const phone = parsePhoneNumberFromString(compact, country as CountryCode)?.number;
  return phone ? { kind: 'phone', phone } : null;
}

export type Eta = { target: 'vendor' | 'customer'; minutes: number; isNear: boolean };

/** spec §4: the ETA to the vendor or to the customer, depending on the status; near under 5 minutes. */
export function orderEta(order: Order): Eta | null {
  if (showsEtaToVendor(order.status) && order.pickup_eta_minutes !== null) {
    return {
      target: 'vendor',
      minutes: order.pickup_eta_minutes,
      isNear: order.pickup_eta_minutes < RIDER_NEAR_MINUTES,
    };
  }
  if (showsEtaToCustomer(order.status) && order.delivery_eta_minutes !== null) {
    return {
      target: 'customer',
      minutes: order.delivery_eta_minutes,
      isNear: order.delivery_eta_minutes < RIDER_NEAR_MINUTES,
    };
  }
  return null;
}

export const BUCKET_COLORS = {
  new: 'blue',
  preorder: 'violet',
  collected: 'orange',
  delivered: 'teal',
  // Not delivered and not cancelled: the item came back to the branch.
  returned: 'grape',
  cancelled: 'red',
} as const satisfies Record<OrderBucket, string>;

/**
 * Why an order that cannot be cancelled (spec §4 cancellable statuses) offers no cancel: a rider has
 * accepted it, or it is still being processed; null for a finished order, which needs no explanation.
 */
export function cancelUnavailableReason(order: Pick<Order, 'status'>): 'accepted' | 'processing' | null {
  if (isInGroup(order.status, 'cancelled') || order.status === 'DELIVERED' || order.status === 'RETURNED_TO_VENDOR') {
    return null;
  }
  return order.status === 'DELAYED' || statusProgress(order.status) >= statusProgress('COURIER_ACCEPTED_DELIVERY')
    ? 'accepted'
    : 'processing';
}
