import { PAGE_SIZE_ACTIVE } from '@riderdesk/domain/constants';
import { OrderListAnswerSchema } from '@riderdesk/domain/contracts/order-list';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { startOfTodayInZone } from '@riderdesk/domain/date-presets';
import { preorderWindowEnd } from '@riderdesk/domain/orders/preorder-window';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { orderKeys } from '../../../shared/api/query-keys.ts';

// A runaway pagination key must not keep the screen loading forever.
const MAX_PAGES = 5;

export type OrderRange = {
  vendorId: string;
  from: Date;
  to: Date;
  includeOutlets: boolean;
  isScheduled: boolean;
};

/** GET /vendor/{vendorId}/orders (spec §7), every page of the range. */
export async function getOrdersInRange(range: OrderRange, signal?: AbortSignal): Promise<Order[]> {
  const orders: Order[] = [];
  let paginationKey: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const params = new URLSearchParams({
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      // spec §9: active page size 200.
      count: String(PAGE_SIZE_ACTIVE),
    });
    if (range.includeOutlets) params.set('include_outlets', 'true');
    if (range.isScheduled) params.set('scheduled', 'true');
    if (paginationKey) params.set('pagination_key', paginationKey);
    const answer = await api.get(`${API_BASE}/vendor/${encodeURIComponent(range.vendorId)}/orders?${params}`, {
      schema: OrderListAnswerSchema,
      signal,
    });
    orders.push(...answer.result.data);
    paginationKey = answer.result.pagination.pagination_key;
    if (!paginationKey) break;
  }
  return orders;
}

/** spec §7: active orders are those from the start of today (country time zone) to now. */
export const activeOrdersQueryOptions = (vendorId: string, includeOutlets: boolean, timeZone: string) =>
  queryOptions({
    queryKey: orderKeys.active(vendorId, includeOutlets),
    queryFn: ({ signal }) => {
      const now = new Date();
      return getOrdersInRange(
        { vendorId, includeOutlets, from: startOfTodayInZone(now, timeZone), to: now, isScheduled: false },
        signal,
      );
    },
  });

/** spec §7: plus the pre-orders scheduled from today up to 2 days ahead. */
export const preordersQueryOptions = (vendorId: string, includeOutlets: boolean, timeZone: string) =>
  queryOptions({
    queryKey: orderKeys.preorders(vendorId, includeOutlets),
    queryFn: ({ signal }) => {
      const now = new Date();
      return getOrdersInRange(
        {
          vendorId,
          includeOutlets,
          from: startOfTodayInZone(now, timeZone),
          to: preorderWindowEnd(now),
          isScheduled: true,
        },
        signal,
      );
    },
  });

export function useActiveOrders(vendorId: string | null, includeOutlets: boolean, timeZone: string) {
  return useQuery({
    ...activeOrdersQueryOptions(vendorId ?? '', includeOutlets, timeZone),
    enabled: Boolean(vendorId),
  });
}

export function usePreorders(vendorId: string | null, includeOutlets: boolean, timeZone: string) {
  return useQuery({ ...preordersQueryOptions(vendorId ?? '', includeOutlets, timeZone), enabled: Boolean(vendorId) });
}
