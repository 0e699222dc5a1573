import { type WebhookEndpointCreateBody, WebhookEndpointWithSecretSchema } from '@riderdesk/domain/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { developerKeys } from './developer-keys.ts';
import { webhookPath } from './webhook-path.ts';

/** POST /webhooks/endpoints: the answer carries the signing secret, once. Not retried: a repeat adds a second endpoint. */
export async function createWebhookEndpoint(body: WebhookEndpointCreateBody) {
  return api.post(webhookPath(), body, { schema: WebhookEndpointWithSecretSchema, retries: 0 });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.endpoints }),
  });
}
