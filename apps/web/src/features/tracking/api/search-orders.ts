import { OrderListAnswerSchema } from '@riderdesk/domain/contracts/order-list';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { startOfDayDaysAgoInZone } from '@riderdesk/domain/date-presets';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { orderQueryOptions } from '../../../shared/api/get-order.ts';
import { orderKeys } from '../../../shared/api/query-keys.ts';
import { mergeOrders, type ServerSearch } from '../tracking-rules.ts';

export const PHONE_SEARCH_DAYS = 30;
export const PHONE_SEARCH_COUNT = 50;
// A term searched again within a minute is answered from the cache without asking the server.
const SEARCH_STALE_MS = 60_000;

/** GET /vendor/{vendorId}/orders?customer_phone_number: the customer's orders of the last 30 days. */
export async function getOrdersByPhone(
  vendorId: string,
  includeOutlets: boolean,
  phone: string,
  timeZone: string,
  signal?: AbortSignal,
): Promise<Order[]> {
  const now = new Date();
  const params = new URLSearchParams({
    customer_phone_number: phone,
    from: startOfDayDaysAgoInZone(now, PHONE_SEARCH_DAYS, timeZone).toISOString(),
    to: now.toISOString(),
    count: String(PHONE_SEARCH_COUNT),
  });
  if (includeOutlets) params.set('include_outlets', 'true');
  const answer = await api.get(`${API_BASE}/vendor/${encodeURIComponent(vendorId)}/orders?${params}`, {
    schema: OrderListAnswerSchema,
    signal,
  });
  return mergeOrders(answer.result.data);
}

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

export type ServerSearchResult = { orders: Order[]; isPending: boolean; error: Error | null };

/** The server half of the tracking search; `search` is null when the loaded orders answer it. */
export function useServerSearch(
  vendorId: string | null,
  includeOutlets: boolean,
  timeZone: string,
  search: ServerSearch | null,
): ServerSearchResult {
  const orderId = search?.kind === 'order' ? search.orderId : '';
  const phone = search?.kind === 'phone' ? search.phone : '';
  const order = useQuery({
    ...orderQueryOptions(vendorId ?? '', orderId),
    enabled: Boolean(vendorId && orderId),
    staleTime: SEARCH_STALE_MS,
  });
  const byPhone = useQuery({
    queryKey: orderKeys.phoneSearch(vendorId ?? '', includeOutlets, phone),
    queryFn: ({ signal }) => getOrdersByPhone(vendorId ?? '', includeOutlets, phone, timeZone, signal),
    enabled: Boolean(vendorId && phone),
    staleTime: SEARCH_STALE_MS,
  });
  if (!search || !vendorId) return { orders: [], isPending: false, error: null };
  if (search.kind === 'order') {
    return {
      orders: order.data ? [order.data] : [],
      isPending: order.isPending,
      error: order.error && !isNotFound(order.error) ? order.error : null,
    };
  }
  return { orders: byPhone.data ?? [], isPending: byPhone.isPending, error: byPhone.error };
}
