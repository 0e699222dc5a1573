import type { ExportFormat } from '@riderdesk/domain/contracts/order-list';
import { useMutation } from '@tanstack/react-query';
import { toApiRequestError } from '../../../shared/api/api-error.ts';
import { API_BASE, authorizationHeader } from '../../../shared/api/client.ts';
import { getSession } from '../../../shared/session/session-store.ts';
import { readStorage } from '../../../shared/storage.ts';
import type { HistoryQuery } from './get-order-history.ts';

export interface ExportRequest {
  query: HistoryQuery;
  format: ExportFormat;
  language: string;
}

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

/** GET /vendor/{vendorId}/orders/export: the filtered orders as a file, downloaded at once. */
export async function exportOrders({ query, format, language }: ExportRequest): Promise<{ fileName: string }> {
  const params = new URLSearchParams({ format, from: query.from, to: query.to, lang: language });
  if (query.includeOutlets) params.set('include_outlets', 'true');
  if (query.status !== 'ANY') params.set('status', query.status);
  if (query.search.trim()) params.set('search', query.search.trim());
  return downloadAuthorisedFile(
    `${API_BASE}/vendor/${encodeURIComponent(query.vendorId)}/orders/export?${params}`,
    `orders.${format}`,
  );
}

export function useExportOrders() {
  return useMutation({ mutationFn: exportOrders });
}
