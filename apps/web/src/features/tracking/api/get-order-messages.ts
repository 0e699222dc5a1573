import { OrderMessagesAnswerSchema } from '@riderdesk/domain/contracts/customer-messages';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';

/** GET /customer-messages/orders/{orderId}: what the customer was sent for the order, and what they replied. */
export async function getOrderMessages(vendorId: string, orderId: string, signal?: AbortSignal) {
  const path = `${API_BASE}/customer-messages/orders/${encodeURIComponent(orderId)}?${new URLSearchParams({ vendor_id: vendorId })}`;
  return (await api.get(path, { schema: OrderMessagesAnswerSchema, signal })).result;
}

// Receipts come from the providers without a change of the order: the list is asked again now and then while shown.
const RECEIPT_REFRESH_MS = 20_000;

/** Asked again whenever the order changes (its updated_at is part of the key), and every 20 s while open. */
export const useOrderMessages = (vendorId: string, orderId: string, orderUpdatedAt: string) =>
  useQuery({
    queryKey: ['order-messages', vendorId, orderId, orderUpdatedAt],
    queryFn: ({ signal }) => getOrderMessages(vendorId, orderId, signal),
    refetchInterval: RECEIPT_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
