import { WebhookEndpointSchema, type WebhookEndpointUpdateBody } from '@riderdesk/domain/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { developerKeys } from './developer-keys.ts';
import { webhookPath } from './webhook-path.ts';

/** PATCH /webhooks/endpoints/{endpointId}: its URL, events or language. */
export async function updateWebhookEndpoint({
  endpointId,
  body,
}: {
  endpointId: string;
  body: WebhookEndpointUpdateBody;
}) {
  return api.request(webhookPath(endpointId), { method: 'PATCH', body, schema: WebhookEndpointSchema, retries: 0 });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.endpoints }),
  });
}
