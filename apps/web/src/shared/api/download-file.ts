import { getSession } from '../session/session-store.ts';
import { readStorage } from '../storage.ts';
import { toApiRequestError } from './api-error.ts';
import { authorizationHeader } from './client.ts';

const fileNameOf = (disposition: string | null, fallback: string) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

/**
 * Fetches an authorised file with the Authorization header (never a token in the URL) and saves it from a
 * blob: a plain link could not carry the header.
 */
export async function downloadAuthorisedFile(fileUrl: string, fallbackName: string): Promise<{ fileName: string }> {
  const headers: Record<string, string> = {};
  const authorization = authorizationHeader(readStorage, getSession());
  if (authorization) headers.Authorization = authorization;
  const response = await fetch(fileUrl, { headers });
  if (!response.ok) throw await toApiRequestError(response);
  const blob = await response.blob();
  const fileName = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is freed after the current task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return { fileName };
}
