import { OrderCancelAnswerSchema, type OrderCancelBody } from '@riderdesk/domain/contracts/order-list';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { orderIdOfDetailKey, orderKeys } from '../../../shared/api/query-keys.ts';

const CANT_CANCEL_KEY = 'error.cant-cancel-order';

/** PUT /order/cancel (spec §7); the server answers 'action.attempt-cancel' and cancels asynchronously. */
export async function cancelOrder(body: OrderCancelBody): Promise<string> {
  return (await api.put(`${API_BASE}/order/cancel`, body, { schema: OrderCancelAnswerSchema })).result.message;
}

/** spec §8: the refusal for an order whose status no longer allows cancelling. */
export function isCantCancelError(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  return (
    error.message === CANT_CANCEL_KEY || error.code === CANT_CANCEL_KEY || error.firstTranslationKey === CANT_CANCEL_KEY
  );
}

/** Cancels, then refreshes the cached lists so the order moves to "cancelled" even without the live connection. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: async (_message, body) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
        // The detail is kept under the vendor selected when it was fetched, which may be the order's parent.
        queryClient.invalidateQueries({
          queryKey: orderKeys.details,
          predicate: (query) => orderIdOfDetailKey(query.queryKey) === body.order_id,
        }),
      ]);
    },
    onError: (error) => {
      // A refused cancel means our copy is stale: fetch what the order has become.
      if (isCantCancelError(error)) void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    },
  });
}
