import type { Order } from '@riderdesk/domain/contracts/orders';
import type { QueryClient } from '@tanstack/react-query';
import { orderKeys } from '../../../shared/api/query-keys.ts';

const byNewest = (a: Order, b: Order) => Date.parse(b.created_at) - Date.parse(a.created_at);

const isNewer = (incoming: Order, cached: Order) => Date.parse(incoming.updated_at) >= Date.parse(cached.updated_at);

/** Replaces an order in place, or (when `mayInsert`) adds it; older copies never overwrite newer ones. */
export function upsertOrder(list: readonly Order[], order: Order, mayInsert: boolean): Order[] {
  const index = list.findIndex((existing) => existing.order_id === order.order_id);
  if (index === -1) return mayInsert ? [...list, order].sort(byNewest) : [...list];
  const cached = list[index] as Order;
  if (!isNewer(order, cached)) return [...list];
  const next = [...list];
  next[index] = order;
  return next;
}

export type LiveScope = {
  vendorId: string;
  includeOutlets: boolean;
  /** Start of today in the country time zone. */
  startOfToday: Date;
};

/**
 * Writes one `order_update` into the cached lists and detail. spec §4: live updates are shown on
 * tracking only for orders created today, so older orders are not added to the active list.
 */
export function applyOrderUpdate(queryClient: QueryClient, order: Order, scope: LiveScope): void {
  const belongsToVendor = scope.includeOutlets || order.vendor_id === scope.vendorId;
  const isCreatedToday = Date.parse(order.created_at) >= scope.startOfToday.getTime();
  queryClient.setQueryData<Order[]>(orderKeys.active(scope.vendorId, scope.includeOutlets), (list) =>
    list ? upsertOrder(list, order, belongsToVendor && isCreatedToday) : list,
  );
  queryClient.setQueryData<Order[]>(orderKeys.preorders(scope.vendorId, scope.includeOutlets), (list) =>
    list ? upsertOrder(list, order, false) : list,
  );
  queryClient.setQueryData<Order>(orderKeys.detail(order.vendor_id, order.order_id), (cached) =>
    cached && !isNewer(order, cached) ? cached : order,
  );
}
