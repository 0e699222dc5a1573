import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { developerKeys } from './developer-keys.ts';
import { webhookPath } from './webhook-path.ts';

/** DELETE /webhooks/endpoints/{endpointId}. */
export async function deleteWebhookEndpoint(endpointId: string) {
  await api.delete(webhookPath(endpointId));
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.endpoints }),
  });
}
