import { WebhookDeliveryListSchema } from '@riderdesk/domain/contracts/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { developerKeys } from './developer-keys.ts';
import { webhookPath } from './webhook-path.ts';

/** GET /webhooks/endpoints/{endpointId}/deliveries: the recent deliveries, newest first. */
export async function getWebhookDeliveries(endpointId: string, signal?: AbortSignal) {
  return (await api.get(webhookPath(endpointId, 'deliveries'), { schema: WebhookDeliveryListSchema, signal }))
    .deliveries;
}

/** While a delivery is on its way its row is asked for again, so its answer shows without a reload. */
export const PENDING_DELIVERY_REFRESH_MS = 2000;

export const webhookDeliveriesQueryOptions = (endpointId: string) =>
  queryOptions({
    queryKey: developerKeys.deliveries(endpointId),
    queryFn: ({ signal }) => getWebhookDeliveries(endpointId, signal),
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.state === 'pending' || delivery.state === 'sending')
        ? PENDING_DELIVERY_REFRESH_MS
        : false,
  });

export const useWebhookDeliveries = (endpointId: string) => useQuery(webhookDeliveriesQueryOptions(endpointId));
