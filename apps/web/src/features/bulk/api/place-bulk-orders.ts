import { BulkPlaceOrdersAnswerSchema } from '@riderdesk/domain/contracts/bulk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { bulkKeys } from './bulk-keys.ts';

/**
 * spec §7 POST /bulk-job/place-orders/{jobId}. The server places a job once whatever happens, so this call
 * is safe to retry like an idempotent one.
 */
export async function placeBulkOrders(jobId: string) {
  const path = `${API_BASE}/bulk-job/place-orders/${encodeURIComponent(jobId)}`;
  return (await api.post(path, {}, { schema: BulkPlaceOrdersAnswerSchema, idempotencyKey: `bulk-${jobId}` })).body
    .bulk_job;
}

export function usePlaceBulkOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeBulkOrders,
    onSuccess: async (job) => {
      await queryClient.invalidateQueries({ queryKey: bulkKeys.detail(job.vendor_id, job.metadata.bulk_job_id) });
      await queryClient.invalidateQueries({ queryKey: bulkKeys.history(job.vendor_id) });
    },
  });
}
