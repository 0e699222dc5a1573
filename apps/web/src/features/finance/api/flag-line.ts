import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { financeEndpoint } from './get-finance.ts';

/** POST …/finance/lines/{lineId}/dispute: the merchant flags a settlement line. */
export function flagLine({ vendorId, lineId, reason }: { vendorId: string; lineId: string; reason: string }) {
  return api.post(`${financeEndpoint(vendorId)}/lines/${encodeURIComponent(lineId)}/dispute`, { reason });
}

export function useFlagLine(vendorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: flagLine,
    onSuccess: () => client.invalidateQueries({ queryKey: ['finance', vendorId] }),
  });
}
