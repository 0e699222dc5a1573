import type { InsightsChart } from '@riderdesk/domain/contracts/insights';
import type { ExportFormat } from '@riderdesk/domain/contracts/order-list';
import { useMutation } from '@tanstack/react-query';
import { downloadAuthorisedFile } from '../../../shared/api/download-file.ts';
import { type InsightsRequest, insightsEndpoint, insightsParams } from './get-insights.ts';

export interface InsightsExportRequest {
  request: InsightsRequest;
  chart: InsightsChart;
  format: ExportFormat;
  language: string;
}

/** GET /vendor/{vendorId}/insights/export: one chart's numbers as CSV or XLSX, downloaded at once. */
export function exportInsights({ request, chart, format, language }: InsightsExportRequest) {
  const params = insightsParams(request);
  params.set('chart', chart);
  params.set('format', format);
  params.set('lang', language);
  return downloadAuthorisedFile(
    `${insightsEndpoint(request.vendorId)}/export?${params}`,
    `insights-${chart}.${format}`,
  );
}

export function useExportInsights() {
  return useMutation({ mutationFn: exportInsights });
}
