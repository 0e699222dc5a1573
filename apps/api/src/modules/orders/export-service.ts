import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { isRtlLanguage } from '@riderdesk/domain/config';
import type { OrderExportQuery } from '@riderdesk/domain/contracts/order-list';
import type { HistoryDrill } from '@riderdesk/domain/insights/drill';
import { DIRECT_XLSX_MAX_ROWS, isWithinHistoryLimit } from '@riderdesk/domain/order-history';
import type { Db } from '../../db/db.ts';
import { keyedError } from '../../errors.ts';
import { CSV_TYPE, csvChunks, type ExportCell } from '../../infra/spreadsheet.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { VendorService } from '../vendors/service.ts';
import { EXPORT_STEPS, exportColumnWidths, exportHeadings, exportRow, type Translate } from './export-format.ts';
import { historyFilters } from './list-service.ts';
import { countOrderPage, type ExportRecord, findExportBatch, type OrderPageQuery } from './repo.ts';
import { type XlsxSheet, xlsxStream } from './xlsx-stream.ts';

export type OrderExportService = ReturnType<typeof orderExportService>;

// Rows read per query: the export holds one batch at a time, whatever the range.
export const EXPORT_BATCH_SIZE = 500;
// The direct XLSX download stops here and sends the merchant to the e-mailed export or the CSV (decision 046);
// the file is streamed either way (decision 107).
export const XLSX_EXPORT_MAX_ROWS = DIRECT_XLSX_MAX_ROWS;
// An e-mailed XLSX is stored in its request's parts (decision 108): a quarter of a busy outlet (decision 047).
export const XLSX_JOB_MAX_ROWS = 100_000;

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Readable | Buffer;
}

/** The filters an export is asked for, as the download and the e-mailed export both carry them. */
export type ExportFilters = Pick<OrderExportQuery, 'format' | 'from' | 'to' | 'status' | 'search' | 'lang'> &
  HistoryDrill & {
    include_outlets?: boolean;
  };

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A sheet's name from a title: at most 31 characters, none of `: \ / ? * [ ]` (the fallback when none is left). */
export function sheetName(title: string, fallback: string): string {
  return (
    title
      .replace(/[:\\/?*[\]]/g, ' ')
      .slice(0, 31)
      .trim() || fallback
  );
}

/** The period of an export: end not before start, at most the history's limit. */
export function checkExportRange(query: { from: string; to: string }): void {
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (to.getTime() < from.getTime()) throw keyedError(400, 'ValidationError', 'history.range.end-before-start', 'to');
  if (!isWithinHistoryLimit(from, to)) throw keyedError(400, 'ValidationError', 'history.range.too-long', 'to');
}

export type Catalogue = Record<string, unknown>;

export function translator(catalogue: Catalogue, fallback: Catalogue): Translate {
  const lookup = (from: Catalogue, key: string): string | null => {
    let node: unknown = from;
    for (const part of key.split('.')) {
      if (typeof node !== 'object' || node === null) return null;
      node = (node as Catalogue)[part];
    }
    return typeof node === 'string' ? node : null;
  };
  return (key) => lookup(catalogue, key) ?? lookup(fallback, key) ?? key;
}

/**
 * Keyset batches of the filtered orders, newest first: the history list's filters and order, read as the
 * export's narrow rows (`findExportBatch`, decision 103). The next batch is asked for before this one is
 * handed out, so the database reads it while the caller writes this one.
 */
async function* orderBatches(
  db: Db,
  query: Omit<OrderPageQuery, 'after' | 'limit'>,
  timeZone: string,
): AsyncGenerator<ExportRecord[]> {
  const read = (after: OrderPageQuery['after']) =>
    findExportBatch(db, { ...query, after, limit: EXPORT_BATCH_SIZE + 1 }, timeZone, EXPORT_STEPS);
  let next = read(null);
  for (;;) {
    const rows = await next;
    const batch = rows.slice(0, EXPORT_BATCH_SIZE);
    const last = batch.at(-1);
    const after = rows.length > EXPORT_BATCH_SIZE && last ? { at: last.cursor_at, id: last.order_id } : null;
    if (after) {
      next = read(after);
      // A caller that stops early never awaits it: its failure is then nobody's to hear.
      next.catch(() => {});
      // The query leaves for the database before the caller's synchronous work on this batch starts.
      await setImmediate();
    }
    if (batch.length > 0) yield batch;
    if (!after) return;
  }
}

/** GET /vendor/{vendorId}/orders/export: the history filters' orders as CSV (streamed) or XLSX. */
export function orderExportService(deps: {
  db: Db;
  vendors: VendorService;
  phonePrefix: string;
  countryCode: string;
  timeZone: string;
  localesDir: string;
  now: () => Date;
}) {
  const { db, vendors, timeZone } = deps;
  const catalogues = new Map<string, Promise<Catalogue>>();
  const catalogue = (language: string) => {
    let loaded = catalogues.get(language);
    if (!loaded) {
      loaded = readFile(path.join(deps.localesDir, `${language}.json`), 'utf8').then(
        (text) => JSON.parse(text) as Catalogue,
        () => ({}),
      );
      catalogues.set(language, loaded);
    }
    return loaded;
  };

  const pageQuery = (vendorId: string, query: ExportFilters) => ({
    vendorId,
    includeOutlets: query.include_outlets === true,
    isScheduled: false,
    from: query.from,
    to: query.to,
    customerPhone: null,
    ...historyFilters(query, { phonePrefix: deps.phonePrefix, code: deps.countryCode, timeZone }, deps.now()),
  });
  const baseNameOf = (vendorId: string) =>
    `orders-${vendorId}-${deps.now().toISOString().slice(0, 10)}`.replace(/[^\w.-]/g, '_');

  return {
    async export(caller: Caller, vendorId: string, query: OrderExportQuery): Promise<ExportFile> {
      await vendors.assertCallerVendor(caller, vendorId);
      checkExportRange(query);
      const t = translator(await catalogue(query.lang), await catalogue('en'));
      const filters = pageQuery(vendorId, query);
      // Refused before the first byte is sent: once the file streams, its status is already 200.
      if (query.format === 'xlsx' && (await countOrderPage(db, filters)) > XLSX_EXPORT_MAX_ROWS) {
        throw keyedError(422, 'ExportTooLarge', 'history.export.too-large');
      }
      const batches = orderBatches(db, filters, timeZone);
      const baseName = baseNameOf(vendorId);
      const row = (order: ExportRecord) => exportRow(order, t);
      if (query.format === 'csv') {
        return {
          fileName: `${baseName}.csv`,
          contentType: CSV_TYPE,
          body: Readable.from(csvChunks(batches, exportHeadings(t), row)),
        };
      }
      return {
        fileName: `${baseName}.xlsx`,
        contentType: XLSX_TYPE,
        body: xlsxStream(sheetOf(t, query.lang), rowsOf(batches, row)),
      };
    },

    /** The locale catalogue of `language` (English where it has no text), for the e-mail. */
    async texts(language: string): Promise<Translate> {
      return translator(await catalogue(language), await catalogue('en'));
    },

    /** How many orders an export of these filters holds. */
    count(vendorId: string, query: ExportFilters): Promise<number> {
      return countOrderPage(db, pageQuery(vendorId, query));
    },

    /**
     * The file of an e-mailed export (a background job, the caller's access checked by it), as a stream the
     * job stores part by part (decision 108): `onRows` hears the rows written so far after every batch, and
     * `rows()` tells them all once the stream has ended.
     */
    async jobFile(
      vendorId: string,
      query: ExportFilters,
      onRows: (done: number) => Promise<void>,
      signal?: AbortSignal,
    ): Promise<ExportFile & { body: Readable; rows: () => number }> {
      const t = translator(await catalogue(query.lang), await catalogue('en'));
      let rows = 0;
      const counted = async function* (batches: AsyncGenerator<ExportRecord[]>) {
        for await (const batch of batches) {
          signal?.throwIfAborted();
          yield batch;
          rows += batch.length;
          await onRows(rows);
        }
      };
      const batches = counted(orderBatches(db, pageQuery(vendorId, query), timeZone));
      const baseName = baseNameOf(vendorId);
      const row = (order: ExportRecord) => exportRow(order, t);
      if (query.format === 'csv') {
        return {
          fileName: `${baseName}.csv`,
          contentType: CSV_TYPE,
          body: Readable.from(csvChunks(batches, exportHeadings(t), row)),
          rows: () => rows,
        };
      }
      return {
        fileName: `${baseName}.xlsx`,
        contentType: XLSX_TYPE,
        body: xlsxStream(sheetOf(t, query.lang), rowsOf(batches, row, XLSX_JOB_MAX_ROWS)),
        rows: () => rows,
      };
    },
  };
}

/** The export's sheet: named after the history page, its headings in the export's language. */
function sheetOf(t: Translate, language: string): XlsxSheet {
  const headings = exportHeadings(t);
  return {
    name: sheetName(t('history.title'), 'Orders'),
    headings,
    widths: exportColumnWidths(headings),
    rightToLeft: isRtlLanguage(language),
  };
}

/** The export's rows batch by batch, refused past `maxRows` (orders placed while an e-mailed file is built). */
async function* rowsOf(
  batches: AsyncIterable<ExportRecord[]>,
  row: (order: ExportRecord) => ExportCell[],
  maxRows = Number.POSITIVE_INFINITY,
): AsyncGenerator<ExportCell[][]> {
  let count = 0;
  for await (const batch of batches) {
    count += batch.length;
    if (count > maxRows) throw keyedError(422, 'ExportTooLarge', 'history.export.too-large');
    yield batch.map(row);
  }
}
