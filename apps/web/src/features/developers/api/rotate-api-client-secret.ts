import { ApiClientSecretRotatedSchema } from '@riderdesk/domain/contracts/merchant-api';
import type { PreviousSecretHours } from '@riderdesk/domain/merchant-api/credentials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { developerKeys } from './developer-keys.ts';

/**
 * POST /merchant-api/clients/{clientId}/secret: a new client secret, answered once; the previous one works on for
 * the hours chosen. Not retried: a second rotation would make yet another secret and drop the first new one.
 */
export async function rotateApiClientSecret({
  clientId,
  previousSecretHours,
}: {
  clientId: string;
  previousSecretHours: PreviousSecretHours;
}) {
  return api.post(
    `${API_BASE}/merchant-api/clients/${encodeURIComponent(clientId)}/secret`,
    { previous_secret_hours: previousSecretHours },
    { schema: ApiClientSecretRotatedSchema, retries: 0 },
  );
}

export function useRotateApiClientSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateApiClientSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.clients }),
  });
}
