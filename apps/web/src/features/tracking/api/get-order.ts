import { type Order, OrderAnswerSchema } from '@riderdesk/domain/contracts/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { trackingKeys } from './order-cache.ts';

/** GET /order?vendorId&orderId (spec §7): an order from the URL that today's lists do not hold. */
export async function getOrder(vendorId: string, orderId: string, signal?: AbortSignal): Promise<Order> {
  const params = new URLSearchParams({ vendorId, orderId });
  return (await api.get(`${API_BASE}/order?${params}`, { schema: OrderAnswerSchema, signal })).result;
}

export const orderQueryOptions = (vendorId: string, orderId: string) =>
  queryOptions({
    queryKey: trackingKeys.order(vendorId, orderId),
    queryFn: ({ signal }) => getOrder(vendorId, orderId, signal),
  });

export function useOrder(vendorId: string | null, orderId: string | null, isEnabled: boolean) {
  return useQuery({
    ...orderQueryOptions(vendorId ?? '', orderId ?? ''),
    enabled: isEnabled && Boolean(vendorId && orderId),
  });
}
