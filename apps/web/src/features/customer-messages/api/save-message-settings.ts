import {
  CustomerMessageSettingsAnswerSchema,
  type CustomerMessageSettingsBody,
} from '@riderdesk/domain/contracts/customer-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { messageKeys, messagesPath } from './message-keys.ts';

/** PUT /customer-messages/settings. */
export async function saveMessageSettings(body: CustomerMessageSettingsBody) {
  return (
    await api.request(messagesPath('settings'), {
      method: 'PUT',
      body,
      schema: CustomerMessageSettingsAnswerSchema,
      retries: 0,
    })
  ).result;
}

export function useSaveMessageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessageSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(messageKeys.settings(settings.vendor_id), settings);
      return queryClient.invalidateQueries({ queryKey: messageKeys.previews(settings.vendor_id) });
    },
  });
}
