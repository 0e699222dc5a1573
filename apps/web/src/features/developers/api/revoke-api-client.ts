import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { developerKeys } from './developer-keys.ts';

/** DELETE /merchant-api/clients/{clientId}: its tokens stop at once, on every instance (decision 151). */
export async function revokeApiClient(clientId: string) {
  await api.delete(`${API_BASE}/merchant-api/clients/${encodeURIComponent(clientId)}`);
}

export function useRevokeApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.clients }),
  });
}
