import {
  type ExportFormat,
  OrderExportJobAnswerSchema,
  type OrderExportJobBody,
  OrderExportJobListAnswerSchema,
} from '@riderdesk/domain/contracts/order-list';
import { drillOf } from '@riderdesk/domain/insights/drill';
import { isExportJobPending } from '@riderdesk/domain/order-history';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../../shared/api/client.ts';
import { downloadAuthorisedFile } from '../../../shared/api/download-file.ts';
import type { ExportRequest } from './export-orders.ts';

/** While an e-mailed export is being prepared, the list is read again this often to move its progress. */
export const EXPORT_JOB_POLL_MS = 2000;

/** Query keys of the e-mailed exports; no other feature reads these. */
export const exportJobKeys = {
  list: (vendorId: string) => ['order-export-jobs', vendorId] as const,
};

const jobsPath = (vendorId: string) => `${API_BASE}/vendor/${encodeURIComponent(vendorId)}/orders/export-jobs`;

/** GET /vendor/{vendorId}/orders/export-jobs: the caller's latest e-mailed exports, newest first. */
export async function getExportJobs(vendorId: string, signal?: AbortSignal) {
  return (await api.get(jobsPath(vendorId), { schema: OrderExportJobListAnswerSchema, signal })).result.export_jobs;
}

export function useExportJobs(vendorId: string | null) {
  return useQuery({
    queryKey: exportJobKeys.list(vendorId ?? ''),
    queryFn: ({ signal }) => getExportJobs(vendorId ?? '', signal),
    enabled: vendorId !== null,
    refetchInterval: (query) =>
      query.state.data?.some((job) => isExportJobPending(job.status)) ? EXPORT_JOB_POLL_MS : false,
  });
}

/** POST /vendor/{vendorId}/orders/export-jobs: "Send by e-mail" with the page's filters. */
export async function requestExportJob({ query, format, language }: ExportRequest) {
  const body: OrderExportJobBody = {
    format,
    from: query.from,
    to: query.to,
    include_outlets: query.includeOutlets,
    lang: language === 'ur_alt' ? 'ur_alt' : 'en',
    ...(query.status !== 'ANY' ? { status: query.status } : {}),
    ...(query.search.trim() ? { search: query.search.trim() } : {}),
    ...drillOf(query.drill),
  };
  return (await api.post(jobsPath(query.vendorId), body, { schema: OrderExportJobAnswerSchema })).result.export_job;
}

export function useRequestExportJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestExportJob,
    onSuccess: (job) => queryClient.invalidateQueries({ queryKey: exportJobKeys.list(job.vendor_id) }),
  });
}

/** The file of a ready e-mailed export, for the signed-in merchant (the e-mailed link is not needed here). */
export function downloadExportJobFile(vendorId: string, exportId: string, format: ExportFormat) {
  return downloadAuthorisedFile(`${jobsPath(vendorId)}/${encodeURIComponent(exportId)}/file`, `orders.${format}`);
}

export function useDownloadExportJobFile() {
  return useMutation({
    mutationFn: ({ vendorId, exportId, format }: { vendorId: string; exportId: string; format: ExportFormat }) =>
      downloadExportJobFile(vendorId, exportId, format),
  });
}
