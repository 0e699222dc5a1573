import { WebhookDeliverySchema } from '@riderdesk/domain/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { developerKeys } from './developer-keys.ts';
import { webhookPath } from './webhook-path.ts';

/** POST /webhooks/endpoints/{endpointId}/test: a signed ping, queued (202). */
export async function sendWebhookTest(endpointId: string) {
  return api.post(webhookPath(endpointId, 'test'), {}, { schema: WebhookDeliverySchema, retries: 0 });
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: (_delivery, endpointId) =>
      queryClient.invalidateQueries({ queryKey: developerKeys.deliveries(endpointId) }),
  });
}
