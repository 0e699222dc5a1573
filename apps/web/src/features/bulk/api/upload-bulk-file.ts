import { type BulkJobDetailAnswer, BulkJobDetailAnswerSchema } from '@riderdesk/domain/contracts/bulk';
import { ApiErrorSchema } from '@riderdesk/domain/contracts/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { API_BASE, authorizationHeader } from '../../../shared/api/client.ts';
import { getSession } from '../../../shared/session/session-store.ts';
import { readStorage } from '../../../shared/storage.ts';
import { bulkKeys } from './bulk-keys.ts';

export interface UploadInput {
  vendorId: string;
  file: File;
  /** Share of the file sent so far, 0 to 1. */
  onProgress?: (sent: number) => void;
  /** Names the upload so its checking can be followed on the live socket. */
  uploadId?: string;
}

/** The file as base64, the way POST /bulk-job/create carries it (spec §7 `content`). */
export function fileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function failure(status: number | null, text: string): ApiRequestError {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // A proxy's HTML page or nothing at all.
  }
  const parsed = ApiErrorSchema.safeParse(body);
  if (parsed.success) return new ApiRequestError({ ...parsed.data, status: parsed.data.status || status });
  return new ApiRequestError({ status, code: status === null ? 'NETWORK_ERROR' : `HTTP_${status}`, message: text });
}

/**
 * spec §7 POST /bulk-job/create. Sent with XMLHttpRequest because fetch reports no upload progress, and the
 * upload step shows a real progress bar (spec §4 UPLOADING_EXCEL_FILE). Not retried: an upload makes a job.
 */
export async function uploadBulkFile({
  vendorId,
  file,
  onProgress,
  uploadId,
}: UploadInput): Promise<BulkJobDetailAnswer['body']> {
  const content = await fileAsBase64(file);
  const body = JSON.stringify({ vendor_id: vendorId, content, file_name: file.name, upload_id: uploadId });
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}/bulk-job/create`);
    request.setRequestHeader('Content-Type', 'application/json');
    request.setRequestHeader('Accept', 'application/json');
    const authorization = authorizationHeader(readStorage, getSession());
    if (authorization) request.setRequestHeader('Authorization', authorization);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.upload.onload = () => onProgress?.(1);
    request.onerror = () => reject(failure(null, 'Network error'));
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(failure(request.status, request.responseText));
        return;
      }
      try {
        resolve(BulkJobDetailAnswerSchema.parse(JSON.parse(request.responseText)).body);
      } catch (error) {
        reject(error);
      }
    };
    request.send(body);
  });
}

export function useUploadBulkFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBulkFile,
    onSuccess: (answer) => {
      queryClient.setQueryData(
        bulkKeys.detail(answer.bulk_job.vendor_id, answer.bulk_job.metadata.bulk_job_id),
        answer,
      );
    },
  });
}
