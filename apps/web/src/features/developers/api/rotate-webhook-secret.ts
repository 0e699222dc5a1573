import { WebhookEndpointWithSecretSchema } from '@riderdesk/domain/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { developerKeys } from './developer-keys.ts';
import { webhookPath } from './webhook-path.ts';

/** POST /webhooks/endpoints/{endpointId}/secret: a new signing secret, answered once; the old one stops signing. */
export async function rotateWebhookSecret(endpointId: string) {
  return api.post(webhookPath(endpointId, 'secret'), {}, { schema: WebhookEndpointWithSecretSchema, retries: 0 });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.endpoints }),
  });
}
