import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { developerKeys } from './developer-keys.ts';

/** DELETE /merchant-api/clients/{clientId}/keys/{keyId}: the end of a rotation, once the client has switched. */
export async function revokeApiClientKey({ clientId, keyId }: { clientId: string; keyId: string }) {
  await api.delete(
    `${API_BASE}/merchant-api/clients/${encodeURIComponent(clientId)}/keys/${encodeURIComponent(keyId)}`,
  );
}

export function useRevokeApiClientKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiClientKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.clients }),
  });
}
