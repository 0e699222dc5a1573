import { OkResultSchema } from '@riderdesk/domain/contracts/common';
import { type SavedCard, SavedCardsAnswerSchema } from '@riderdesk/domain/contracts/payments';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';

const savedCardsKey = (vendorId: string) => ['request', 'saved-cards', vendorId] as const;

/** The saved cards of the card step (spec §3 creditCards). */
export async function getSavedCards(vendorId: string): Promise<SavedCard[]> {
  return (
    await api.get(`${API_BASE}/order/payment/cards/${encodeURIComponent(vendorId)}`, { schema: SavedCardsAnswerSchema })
  ).result;
}

export const savedCardsQueryOptions = (vendorId: string) =>
  queryOptions({ queryKey: savedCardsKey(vendorId), queryFn: () => getSavedCards(vendorId) });

export function useRemoveSavedCard(vendorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) =>
      api.delete(`${API_BASE}/order/payment/cards/${encodeURIComponent(vendorId)}/${encodeURIComponent(cardId)}`, {
        schema: OkResultSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedCardsKey(vendorId) }),
  });
}
