import { CustomerMessagePreviewAnswerSchema } from '@riderdesk/domain/contracts/customer-messages';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { messageKeys, messagesPath } from './message-keys.ts';

/** GET /customer-messages/preview: every message of the outlet, in both languages, as the server writes it. */
export async function getMessagePreviews(vendorId: string, signal?: AbortSignal) {
  return (await api.get(messagesPath('preview', vendorId), { schema: CustomerMessagePreviewAnswerSchema, signal }))
    .result.previews;
}

export const useMessagePreviews = (vendorId: string | null) =>
  useQuery({
    queryKey: messageKeys.previews(vendorId ?? ''),
    queryFn: ({ signal }) => getMessagePreviews(vendorId ?? '', signal),
    enabled: vendorId !== null,
  });
