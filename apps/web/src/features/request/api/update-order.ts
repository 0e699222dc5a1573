import { type Order, OrderUpdateAnswerSchema, type OrderUpdateBody } from '@riderdesk/domain/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { orderKeys } from '../../../shared/api/query-keys.ts';

/** PUT /order/{orderId} (spec §7): answers the updated order. */
export async function updateOrder(orderId: string, body: OrderUpdateBody): Promise<Order> {
  const answer = await api.put(`${API_BASE}/order/${encodeURIComponent(orderId)}`, body, {
    schema: OrderUpdateAnswerSchema,
  });
  return answer.result;
}

/** Updates an order: the cached copy becomes the answer and the lists holding it are read again. */
export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: OrderUpdateBody }) => updateOrder(orderId, body),
    onSuccess: (order, { orderId, body }) => {
      queryClient.setQueryData(orderKeys.detail(body.vendor_id, orderId), order);
      return queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });
}
