import { BulkJobDetailAnswerSchema } from '@riderdesk/domain/contracts/bulk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { bulkKeys } from './bulk-keys.ts';

/** While placement runs, the job is read again this often to move the progress bar. */
export const PLACEMENT_POLL_MS = 1000;

/** spec §7 GET /bulk-job/detail/{vendorId}/{jobId}: the job and its rows with their outcome. */
export async function getBulkJob(vendorId: string, jobId: string, signal?: AbortSignal) {
  const path = `${API_BASE}/bulk-job/detail/${encodeURIComponent(vendorId)}/${encodeURIComponent(jobId)}`;
  return (await api.get(path, { schema: BulkJobDetailAnswerSchema, signal })).body;
}

export const bulkJobQueryOptions = (vendorId: string, jobId: string) =>
  queryOptions({
    queryKey: bulkKeys.detail(vendorId, jobId),
    queryFn: ({ signal }) => getBulkJob(vendorId, jobId, signal),
    refetchInterval: (query) => (query.state.data?.bulk_job.placement === 'IN_PROGRESS' ? PLACEMENT_POLL_MS : false),
  });

export function useBulkJob(vendorId: string | null, jobId: string | null) {
  return useQuery({ ...bulkJobQueryOptions(vendorId ?? '', jobId ?? ''), enabled: Boolean(vendorId && jobId) });
}
