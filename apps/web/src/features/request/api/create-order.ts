import { OrderCreateAnswerSchema, type OrderCreateBody } from '@riderdesk/domain/contracts/orders';
import { API_BASE, api } from '../../../shared/api/client.ts';

/**
 * POST /order (spec §7). The Idempotency-Key is made once per submission; the client's retries
 * send the same key, so a retried request cannot place the order twice.
 */
export async function createOrder(body: OrderCreateBody, idempotencyKey: string): Promise<string> {
  const answer = await api.post(`${API_BASE}/order`, body, { schema: OrderCreateAnswerSchema, idempotencyKey });
  return answer.result.order_id;
}
