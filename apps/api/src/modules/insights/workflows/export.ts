import { Readable } from 'node:stream';
import { isRtlLanguage } from '@riderdesk/domain/config';
import type { InsightsExportQuery } from '@riderdesk/domain/contracts/insights';
import { insightsTable } from '@riderdesk/domain/insights/tables';
import { BOM, CSV_TYPE, csvRecord } from '../../../infra/spreadsheet.ts';
import type { Caller } from '../../../plugins/auth.ts';
import { columnWidth } from '../../orders/export-format.ts';
import { type ExportFile, sheetName, XLSX_TYPE } from '../../orders/export-service.ts';
import { xlsxStream } from '../../orders/xlsx-stream.ts';
import type { InsightsDeps } from '../deps.ts';
import { insightsOf } from './figures.ts';

// The widest number or day a chart's table holds, in characters.
const CELL_WIDTH = 12;

/**
 * GET /vendor/{vendorId}/insights/export: one chart's numbers, as the page's table shows them, through the
 * history export's writer and its safety rules (a text cell that would run as a formula stays text).
 */
export async function exportChart(
  deps: InsightsDeps,
  caller: Caller,
  vendorId: string,
  query: InsightsExportQuery,
): Promise<ExportFile> {
  const insights = await insightsOf(deps, caller, vendorId, query);
  const t = await deps.texts(query.lang);
  const table = insightsTable(insights, query.chart, t);
  const baseName = `insights-${query.chart}-${vendorId}-${query.start}-${query.end}`.replace(/[^\w.-]/g, '_');
  if (query.format === 'csv') {
    const text =
      BOM + csvRecord(table.headings, { neutralise: false }) + table.rows.map((row) => csvRecord(row)).join('');
    return { fileName: `${baseName}.csv`, contentType: CSV_TYPE, body: Buffer.from(text, 'utf8') };
  }
  const body = xlsxStream(
    {
      name: sheetName(t(`insights.chart.${query.chart}`), 'Insights'),
      headings: table.headings,
      widths: table.headings.map((heading) => columnWidth(CELL_WIDTH, heading)),
      rightToLeft: isRtlLanguage(query.lang),
    },
    Readable.from([table.rows]),
  );
  return { fileName: `${baseName}.xlsx`, contentType: XLSX_TYPE, body };
}
