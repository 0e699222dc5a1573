import { type OutletAnswer, OutletAnswerSchema, type OutletBodyInput } from '@riderdesk/domain/contracts/outlets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { vendorKeys } from '../../../shared/api/query-keys.ts';

/** POST /outlet, or PUT /outlet/{vendorId} when editing (spec §7: the same body). */
export async function saveOutlet(vendorId: string | null, body: OutletBodyInput): Promise<OutletAnswer['result']> {
  const answer = vendorId
    ? await api.put(`${API_BASE}/outlet/${encodeURIComponent(vendorId)}`, body, { schema: OutletAnswerSchema })
    : await api.post(`${API_BASE}/outlet`, body, { schema: OutletAnswerSchema });
  return answer.result;
}

/** Saves a collection point; the branch list then reads the vendors again. */
export function useSaveOutlet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendorId, body }: { vendorId: string | null; body: OutletBodyInput }) => saveOutlet(vendorId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
  });
}
