import { type Order, OrderAnswerSchema } from '@riderdesk/domain/contracts/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';

/** GET /order?vendorId&orderId (spec §7), the order an edit starts from. */
export async function getOrder(vendorId: string, orderId: string): Promise<Order> {
  const params = new URLSearchParams({ vendorId, orderId });
  return (await api.get(`${API_BASE}/order?${params}`, { schema: OrderAnswerSchema })).result;
}

export const orderQueryOptions = (vendorId: string, orderId: string) =>
  queryOptions({ queryKey: ['order', vendorId, orderId], queryFn: () => getOrder(vendorId, orderId) });

export function useOrderToEdit(vendorId: string | null, orderId: string | null) {
  return useQuery({ ...orderQueryOptions(vendorId ?? '', orderId ?? ''), enabled: Boolean(vendorId && orderId) });
}
