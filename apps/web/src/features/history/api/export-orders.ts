import type { ExportFormat } from '@riderdesk/domain/contracts/order-list';
import { drillParams } from '@riderdesk/domain/insights/drill';
import { useMutation } from '@tanstack/react-query';
import { API_BASE } from '../../../shared/api/client.ts';
import { downloadAuthorisedFile } from '../../../shared/api/download-file.ts';
import type { HistoryQuery } from './get-order-history.ts';

export interface ExportRequest {
  query: HistoryQuery;
  format: ExportFormat;
  language: string;
}

/** GET /vendor/{vendorId}/orders/export: the filtered orders as a file, downloaded at once. */
export async function exportOrders({ query, format, language }: ExportRequest): Promise<{ fileName: string }> {
  const params = new URLSearchParams({ format, from: query.from, to: query.to, lang: language });
  if (query.includeOutlets) params.set('include_outlets', 'true');
  if (query.status !== 'ANY') params.set('status', query.status);
  if (query.search.trim()) params.set('search', query.search.trim());
  for (const [name, value] of Object.entries(drillParams(query.drill))) params.set(name, value);
  return downloadAuthorisedFile(
    `${API_BASE}/vendor/${encodeURIComponent(query.vendorId)}/orders/export?${params}`,
    `orders.${format}`,
  );
}

export function useExportOrders() {
  return useMutation({ mutationFn: exportOrders });
}
