import { ApiClientSchema } from '@riderdesk/domain/contracts/merchant-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { developerKeys } from './developer-keys.ts';

/** POST /merchant-api/clients/{clientId}/keys: rotation's new key, live beside the old one (at most two). */
export async function addApiClientKey({ clientId, publicKeyPem }: { clientId: string; publicKeyPem: string }) {
  return api.post(
    `${API_BASE}/merchant-api/clients/${encodeURIComponent(clientId)}/keys`,
    { public_key_pem: publicKeyPem },
    { schema: ApiClientSchema, retries: 0 },
  );
}

export function useAddApiClientKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addApiClientKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.clients }),
  });
}
