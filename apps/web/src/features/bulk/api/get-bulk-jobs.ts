import { BulkJobListAnswerSchema } from '@riderdesk/domain/contracts/bulk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { bulkKeys } from './bulk-keys.ts';

/** spec §7 GET /bulk-job/all/{vendorId}: the vendor's placed jobs, newest first. */
export async function getBulkJobs(vendorId: string, signal?: AbortSignal) {
  return (
    await api.get(`${API_BASE}/bulk-job/all/${encodeURIComponent(vendorId)}`, {
      schema: BulkJobListAnswerSchema,
      signal,
    })
  ).body;
}

export const bulkJobsQueryOptions = (vendorId: string) =>
  queryOptions({ queryKey: bulkKeys.history(vendorId), queryFn: ({ signal }) => getBulkJobs(vendorId, signal) });

/** spec §2: the history follows the selected vendor; a vendor change loads that vendor's jobs. */
export function useBulkJobs(vendorId: string | null) {
  return useQuery({ ...bulkJobsQueryOptions(vendorId ?? ''), enabled: Boolean(vendorId) });
}
