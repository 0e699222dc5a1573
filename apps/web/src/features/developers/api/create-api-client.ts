import { type ApiClientCreateBody, ApiClientCreatedSchema } from '@riderdesk/domain/contracts/merchant-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { developerKeys } from './developer-keys.ts';

/** POST /merchant-api/clients: the answer carries the client secret, once. Not retried: a repeat makes a second client. */
export async function createApiClient(body: ApiClientCreateBody) {
  return api.post(`${API_BASE}/merchant-api/clients`, body, { schema: ApiClientCreatedSchema, retries: 0 });
}

export function useCreateApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.clients }),
  });
}
