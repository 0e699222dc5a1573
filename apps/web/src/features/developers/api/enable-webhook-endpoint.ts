import { WebhookEndpointSchema } from '@riderdesk/domain/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { developerKeys } from './developer-keys.ts';
import { webhookPath } from './webhook-path.ts';

/** POST /webhooks/endpoints/{endpointId}/enable: after a disabling for failures in a row. */
export async function enableWebhookEndpoint(endpointId: string) {
  return api.post(webhookPath(endpointId, 'enable'), {}, { schema: WebhookEndpointSchema });
}

export function useEnableWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.endpoints }),
  });
}
