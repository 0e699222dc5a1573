import type { OrderConfirmCashBody } from '@riderdesk/domain/contracts/order-list';
import { OrderAnswerSchema } from '@riderdesk/domain/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { orderIdOfDetailKey, orderKeys } from '../../../shared/api/query-keys.ts';

/** PUT /order/confirm-cash (decision 175): the merchant confirms a cash order for its customer. */
export async function confirmCashOrder(body: OrderConfirmCashBody) {
  return (await api.put(`${API_BASE}/order/confirm-cash`, body, { schema: OrderAnswerSchema, retries: 0 })).result;
}

/** Confirms, then refreshes the cached copies so the order shows confirmed even without the live connection. */
export function useConfirmCashOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmCashOrder,
    onSettled: async (_order, _error, body) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
        queryClient.invalidateQueries({
          queryKey: orderKeys.details,
          predicate: (query) => orderIdOfDetailKey(query.queryKey) === body.order_id,
        }),
      ]);
    },
  });
}
