import { CustomerMessageSettingsAnswerSchema } from '@riderdesk/domain/contracts/customer-messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { messageKeys, messagesPath } from './message-keys.ts';

/** GET /customer-messages/settings: an outlet's triggers, channels, language and quiet hours. */
export async function getMessageSettings(vendorId: string, signal?: AbortSignal) {
  return (await api.get(messagesPath('settings', vendorId), { schema: CustomerMessageSettingsAnswerSchema, signal }))
    .result;
}

export const messageSettingsQueryOptions = (vendorId: string) =>
  queryOptions({
    queryKey: messageKeys.settings(vendorId),
    queryFn: ({ signal }) => getMessageSettings(vendorId, signal),
  });

export const useMessageSettings = (vendorId: string | null) =>
  useQuery({ ...messageSettingsQueryOptions(vendorId ?? ''), enabled: vendorId !== null });
