import { type Order, OrderAnswerSchema } from '@riderdesk/domain/contracts/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from './client.ts';
import { orderKeys } from './query-keys.ts';

/** GET /order?vendorId&orderId (spec §7): one order of the selected vendor. */
export async function getOrder(vendorId: string, orderId: string, signal?: AbortSignal): Promise<Order> {
  const params = new URLSearchParams({ vendorId, orderId });
  return (await api.get(`${API_BASE}/order?${params}`, { schema: OrderAnswerSchema, signal })).result;
}

export const orderQueryOptions = (vendorId: string, orderId: string) =>
  queryOptions({
    queryKey: orderKeys.detail(vendorId, orderId),
    queryFn: ({ signal }) => getOrder(vendorId, orderId, signal),
  });

/** The order an edit starts from, or the tracking detail of an order today's lists do not hold. */
export function useOrder(vendorId: string | null, orderId: string | null, isEnabled = true) {
  return useQuery({
    ...orderQueryOptions(vendorId ?? '', orderId ?? ''),
    enabled: isEnabled && Boolean(vendorId && orderId),
  });
}
