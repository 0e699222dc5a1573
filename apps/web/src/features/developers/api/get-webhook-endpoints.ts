import { WebhookEndpointListSchema } from '@riderdesk/domain/contracts/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { developerKeys } from './developer-keys.ts';
import { webhookPath } from './webhook-path.ts';

/** GET /webhooks/endpoints: every endpoint of the caller's vendors. */
export async function getWebhookEndpoints(signal?: AbortSignal) {
  return (await api.get(webhookPath(), { schema: WebhookEndpointListSchema, signal })).endpoints;
}

export const webhookEndpointsQueryOptions = () =>
  queryOptions({ queryKey: developerKeys.endpoints, queryFn: ({ signal }) => getWebhookEndpoints(signal) });

export const useWebhookEndpoints = () => useQuery(webhookEndpointsQueryOptions());
