import { WebhookDeliverySchema } from '@riderdesk/domain/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { developerKeys } from './developer-keys.ts';
import { webhookPath } from './webhook-path.ts';

/** POST /webhooks/endpoints/{endpointId}/deliveries/{deliveryId}/redeliver: the same event id, sent again (202). */
export async function redeliverWebhook({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) {
  return api.post(
    webhookPath(endpointId, 'deliveries', deliveryId, 'redeliver'),
    {},
    {
      schema: WebhookDeliverySchema,
      retries: 0,
    },
  );
}

export function useRedeliverWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhook,
    onSuccess: (_delivery, { endpointId }) =>
      queryClient.invalidateQueries({ queryKey: developerKeys.deliveries(endpointId) }),
  });
}
