import { OrderCreateAnswerSchema, type OrderCreateBody } from '@riderdesk/domain/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { orderKeys } from '../../../shared/api/query-keys.ts';

/**
 * POST /order (spec §7). The Idempotency-Key is made once per submission; the client's retries
 * send the same key, so a retried request cannot place the order twice.
 */
export async function createOrder(body: OrderCreateBody, idempotencyKey: string): Promise<string> {
  const answer = await api.post(`${API_BASE}/order`, body, { schema: OrderCreateAnswerSchema, idempotencyKey });
  return answer.result.order_id;
}

/** Places an order; the order lists are read again, so tracking shows it even before a live update. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: OrderCreateBody; idempotencyKey: string }) =>
      createOrder(body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.lists }),
  });
}
