import { toApiRequestError } from '../../../shared/api/api-error.ts';
import { API_BASE, authorizationHeader } from '../../../shared/api/client.ts';
import { getSession } from '../../../shared/session/session-store.ts';
import { readStorage } from '../../../shared/storage.ts';

/** A spreadsheet the API writes, fetched with the Authorization header (a plain link could not carry it). */
async function getSpreadsheet(path: string, language: string): Promise<Blob> {
  const headers: Record<string, string> = {};
  const authorization = authorizationHeader(readStorage, getSession());
  if (authorization) headers.Authorization = authorization;
  const response = await fetch(`${API_BASE}${path}?language=${encodeURIComponent(language)}`, { headers });
  if (!response.ok) throw await toApiRequestError(response);
  return response.blob();
}

/** spec §7 GET /bulk-job/example-file: the template in the user's language, as a file. */
export const getBulkTemplate = (language: string) => getSpreadsheet('/bulk-job/example-file', language);

/** The job's rows with their outcome, to correct the refused ones and upload them again. */
export const getBulkResultsFile = (vendorId: string, jobId: string, language: string) =>
  getSpreadsheet(`/bulk-job/results-file/${encodeURIComponent(vendorId)}/${encodeURIComponent(jobId)}`, language);

/** Hands a file to the browser's downloads, named as the spec names the template. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
