import { PublicTrackingAnswerSchema } from '@riderdesk/domain/contracts/public-tracking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { publicTrackingQueryOptions } from './get-public-tracking.ts';

/** POST /public/tracking/{token}/confirm (decision 175): the recipient confirms a cash order; answers the page. */
export async function confirmPublicOrder(token: string) {
  return (
    await api.request(`${API_BASE}/public/tracking/${encodeURIComponent(token)}/confirm`, {
      method: 'POST',
      schema: PublicTrackingAnswerSchema,
      retries: 0,
      skipRefresh: true,
    })
  ).result;
}

/** Confirms and shows the page's answer at once. */
export function useConfirmPublicOrder(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmPublicOrder(token),
    onSuccess: (tracking) => queryClient.setQueryData(publicTrackingQueryOptions(token).queryKey, tracking),
    onError: () => queryClient.invalidateQueries({ queryKey: publicTrackingQueryOptions(token).queryKey }),
  });
}
