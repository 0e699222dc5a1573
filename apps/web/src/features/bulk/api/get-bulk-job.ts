import { BulkJobDetailAnswerSchema } from '@riderdesk/domain/contracts/bulk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { bulkKeys } from './bulk-keys.ts';

/** While placement runs, the job is read again this often to move the progress bar. */
export const PLACEMENT_POLL_MS = 1000;

/** A page of a job's rows: those after a row number (0: from the first), all or only those with a problem. */
export interface BulkRowsPage {
  afterRow: number;
  onlyErrors: boolean;
}

/**
 * spec §7 GET /bulk-job/detail/{vendorId}/{jobId}: the job and a page of its rows with their outcome (the
 * first page unless `page` says which; a job holds up to 25 000 rows).
 */
export async function getBulkJob(vendorId: string, jobId: string, signal?: AbortSignal, page?: BulkRowsPage) {
  const path = `${API_BASE}/bulk-job/detail/${encodeURIComponent(vendorId)}/${encodeURIComponent(jobId)}`;
  const query = page
    ? `?${new URLSearchParams({ after_row: String(page.afterRow), only_errors: String(page.onlyErrors) })}`
    : '';
  return (await api.get(`${path}${query}`, { schema: BulkJobDetailAnswerSchema, signal })).body;
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

/**
 * One page of a job's rows for its table. Its key sits under the job's, so whatever refreshes the job (its
 * live update, the placement poll) refreshes the page shown; the previous page stays on screen meanwhile.
 */
export function useBulkJobRows(
  vendorId: string,
  jobId: string,
  page: BulkRowsPage,
  options: { enabled: boolean; isPolling: boolean },
) {
  return useQuery({
    queryKey: bulkKeys.rows(vendorId, jobId, page.afterRow, page.onlyErrors),
    queryFn: ({ signal }) => getBulkJob(vendorId, jobId, signal, page),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
    refetchInterval: options.isPolling ? PLACEMENT_POLL_MS : false,
  });
}
