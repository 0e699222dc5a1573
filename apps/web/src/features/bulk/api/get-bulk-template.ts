import { toApiRequestError } from '../../../shared/api/api-error.ts';
import { API_BASE, authorizationHeader } from '../../../shared/api/client.ts';
import { getSession } from '../../../shared/session/session-store.ts';
import { readStorage } from '../../../shared/storage.ts';

/** spec §7 GET /bulk-job/example-file: the template in the user's language, as a file. */
export async function getBulkTemplate(language: string): Promise<Blob> {
  const headers: Record<string, string> = {};
  const authorization = authorizationHeader(readStorage, getSession());
  if (authorization) headers.Authorization = authorization;
  const response = await fetch(`${API_BASE}/bulk-job/example-file?language=${encodeURIComponent(language)}`, {
    headers,
  });
  if (!response.ok) throw await toApiRequestError(response);
  return response.blob();
}

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
