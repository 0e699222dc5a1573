import { type Order, OrderUpdateAnswerSchema, type OrderUpdateBody } from '@riderdesk/domain/contracts/orders';
import { API_BASE, api } from '../../../shared/api/client.ts';

/** PUT /order/{orderId} (spec §7). */
export async function updateOrder(orderId: string, body: OrderUpdateBody): Promise<Order> {
  const answer = await api.put(`${API_BASE}/order/${encodeURIComponent(orderId)}`, body, {
    schema: OrderUpdateAnswerSchema,
  });
  return answer.result;
}
