import { OrderListAnswerSchema } from '@riderdesk/domain/contracts/order-list';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { drillParams, type HistoryDrill } from '@riderdesk/domain/insights/drill';
import { historyPageSize } from '@riderdesk/domain/order-history';
import type { StatusFilter } from '@riderdesk/domain/order-status';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { orderKeys } from '../../../shared/api/query-keys.ts';

export interface HistoryQuery {
  vendorId: string;
  includeOutlets: boolean;
  /** ISO instants, `to` inclusive (rangeQuery). */
  from: string;
  to: string;
  status: StatusFilter;
  /** As typed; the server ignores its spaces. */
  search: string;
  /** The narrowing of a link from insights (none: {}). */
  drill: HistoryDrill;
}

export interface HistoryPage {
  orders: Order[];
  paginationKey: string | null;
}

/** GET /vendor/{vendorId}/orders: one keyset page of past orders, newest first (spec §7, §9). */
export async function getOrderHistoryPage(
  query: HistoryQuery,
  paginationKey: string | null,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  const params = new URLSearchParams({
    from: query.from,
    to: query.to,
    count: String(historyPageSize(query.includeOutlets)),
  });
  if (query.includeOutlets) params.set('include_outlets', 'true');
  if (query.status !== 'ANY') params.set('status', query.status);
  if (query.search.trim()) params.set('search', query.search.trim());
  for (const [name, value] of Object.entries(drillParams(query.drill))) params.set(name, value);
  if (paginationKey) params.set('pagination_key', paginationKey);
  const answer = await api.get(`${API_BASE}/vendor/${encodeURIComponent(query.vendorId)}/orders?${params}`, {
    schema: OrderListAnswerSchema,
    signal,
  });
  return { orders: answer.result.data, paginationKey: answer.result.pagination.pagination_key };
}

export const historyKey = (query: HistoryQuery) =>
  orderKeys.history(query.vendorId, query.includeOutlets, {
    from: query.from,
    to: query.to,
    status: query.status,
    search: query.search.trim(),
    drill: drillParams(query.drill),
  });

/**
 * While a new search, status or range loads, the rows of the last answer for the same branch stay on screen
 * (`isPlaceholderData`), so the list does not blink to a skeleton and a click on a row is not lost. Another
 * branch, or the branch with or without its outlets, starts from a skeleton: its rows are not the last ones.
 */
export function keepsRowsOf(query: HistoryQuery | null, previousKey: readonly unknown[] | undefined): boolean {
  if (!query || !previousKey) return false;
  const [, , , vendorId, includeOutlets] = previousKey;
  return vendorId === query.vendorId && includeOutlets === query.includeOutlets;
}

export function useOrderHistory(query: HistoryQuery | null) {
  return useInfiniteQuery({
    queryKey: query ? historyKey(query) : [...orderKeys.histories, 'none'],
    queryFn: ({ pageParam, signal }) => getOrderHistoryPage(query as HistoryQuery, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: HistoryPage) => last.paginationKey,
    enabled: query !== null,
    placeholderData: (previous, previousQuery) => (keepsRowsOf(query, previousQuery?.queryKey) ? previous : undefined),
  });
}

const isNewer = (incoming: Order, cached: Order) => Date.parse(incoming.updated_at) >= Date.parse(cached.updated_at);

/**
 * spec §4: live updates reach history for orders created before today. An order already on a loaded page
 * is replaced in place; a newer copy is never overwritten by an older one, and nothing is inserted (its
 * place in a filtered, keyset-paged list is the server's to say).
 */
export function applyHistoryUpdate(queryClient: QueryClient, order: Order): void {
  queryClient.setQueriesData<InfiniteData<HistoryPage, string | null>>({ queryKey: orderKeys.histories }, (data) => {
    if (!data) return data;
    let isChanged = false;
    const pages = data.pages.map((page) => {
      const index = page.orders.findIndex((cached) => cached.order_id === order.order_id);
      const cached = page.orders[index];
      if (!cached || !isNewer(order, cached)) return page;
      isChanged = true;
      const orders = [...page.orders];
      orders[index] = order;
      return { ...page, orders };
    });
    return isChanged ? { ...data, pages } : data;
  });
}
