import { randomUUID } from 'node:crypto';
import { preprocessStatus } from '@riderdesk/domain/bulk/bulk-flow';
import { BULK_MAX_ROWS, type BulkRowInput, columnsOfHeader, rowInputOf } from '@riderdesk/domain/bulk/bulk-sheet';
import type { BulkJobCreateBody } from '@riderdesk/domain/contracts/bulk';
import { BULK_UPLOAD_CHECKING } from '@riderdesk/domain/contracts/live';
import type { GeoPoint } from '@riderdesk/domain/money';
import { AppError, keyedError } from '../../../errors.ts';
import { withReadSnapshot } from '../../../infra/read-snapshot.ts';
import type { Caller } from '../../../plugins/auth.ts';
import type { BulkContext } from '../deps.ts';
import { checkBulkFile } from '../file-checks.ts';
import { inPool, yieldToEventLoop } from '../in-pool.ts';
import { parseBulkFile } from '../parse-file.ts';
import * as repo from '../repo.ts';
import { flagsPerVendor } from '../row-orders.ts';
import { rowWriter } from '../row-writer.ts';
import { detailPage } from '../views.ts';
import { checkRow, collectionPoints } from './check-row.ts';

/**
 * Rows checked at once: each waits mostly on the database (or the geocoder), so a few in flight use a
 * PostgreSQL pool far better than one; on the embedded engine they simply take turns.
 */
const PARALLEL_ROWS = 8;

/**
 * Rows checked before they are handed to the writer: the database stores one segment while the next is
 * checked (decision 097). The writer's statement batch, so each segment is one statement.
 */
const CHECK_SEGMENT_ROWS = 500;

/** An upload's checking is announced about this many times, and never more often than every so many rows. */
const UPLOAD_PROGRESS_STEPS = 20;
const UPLOAD_PROGRESS_MIN_ROWS = 50;

/** The file checked before it is parsed, parsed off the event loop, and its header matched in any language. */
async function readRows(
  { sheetTexts }: BulkContext,
  content: string,
  fileName: string | undefined,
): Promise<BulkRowInput[]> {
  const bytes = Buffer.from(content, 'base64');
  const checked = checkBulkFile(bytes, fileName);
  const { rows } = await parseBulkFile(bytes, checked, BULK_MAX_ROWS);
  const [header = [], ...data] = rows;
  const { columns, missing } = columnsOfHeader(header, sheetTexts.aliases);
  if (missing.length > 0) {
    const texts = sheetTexts.textsOf('en');
    throw new AppError(400, 'MissingColumns', 'bulk.error.missing-columns', [
      {
        field: 'content',
        message: 'bulk.error.missing-columns',
        meta: {
          translation_key: 'bulk.error.missing-columns',
          values: { columns: missing.map((column) => texts.headers[column]).join(', ') },
        },
      },
    ]);
  }
  const inputs = data
    .map((cells, index) => rowInputOf(cells, columns, index + 2))
    .filter((row): row is BulkRowInput => row !== null);
  if (inputs.length === 0) throw keyedError(400, 'NoRows', 'bulk.error.no-rows', 'content');
  if (inputs.length > BULK_MAX_ROWS) {
    throw new AppError(400, 'TooManyRows', 'bulk.error.too-many-rows', [
      {
        field: 'content',
        message: 'bulk.error.too-many-rows',
        meta: { translation_key: 'bulk.error.too-many-rows', values: { max: String(BULK_MAX_ROWS) } },
      },
    ]);
  }
  return inputs;
}

/**
 * spec §7 POST /bulk-job/create: the file is checked before it is parsed, parsed off the event loop, and
 * every row checked like a single order; the job and its rows are stored together.
 */
export async function create(context: BulkContext, caller: Caller, body: BulkJobCreateBody) {
  const { db, vendors, geo, flags, now, country } = context;
  // spec §5: a vendor must be selected; authorisation comes before anything about the file is said.
  if (!body.vendor_id.trim()) throw keyedError(400, 'ValidationError', 'bulk.error.no-vendor', 'vendor_id');
  const jobVendor = await vendors.vendorOfCaller(caller, body.vendor_id.trim());
  const inputs = await readRows(context, body.content, body.file_name);

  const geocoded = new Map<string, Promise<GeoPoint | null>>();
  const rowContext = {
    jobVendor,
    flagsOf: flagsPerVendor(flags),
    collectionPoint: collectionPoints(context, caller, jobVendor),
    geocode: (address: string, near: GeoPoint) => {
      const key = address.toLowerCase();
      let point = geocoded.get(key);
      if (!point) {
        point = geo.geocodeAddress(address, near);
        geocoded.set(key, point);
      }
      return point;
    },
  };
  const firstRowOf = new Map<string, number>();
  let validRows = 0;
  // The browser follows the checking on the live socket when it named its upload.
  const uploadId = body.upload_id ?? null;
  const announce = async (rowsChecked: number) => {
    if (!uploadId) return;
    await repo.notifyUploadProgress(db, {
      bulk_job_id: uploadId,
      upload_id: uploadId,
      vendor_id: jobVendor.vendor_id,
      parent_vendor_id: jobVendor.parent_vendor_id,
      status: BULK_UPLOAD_CHECKING,
      placement: 'NOT_STARTED',
      orders_placed: 0,
      orders_to_be_placed: 0,
      rows_checked: rowsChecked,
      total_rows: inputs.length,
    });
  };
  const announceEvery = Math.max(UPLOAD_PROGRESS_MIN_ROWS, Math.ceil(inputs.length / UPLOAD_PROGRESS_STEPS));
  let rowsChecked = 0;

  const jobId = randomUUID();
  // The job and its rows commit together; on PostgreSQL the checked rows are written while later rows are
  // still being checked, unless rows wait on the geocoder (decision 097).
  const isGeocoding = inputs.some((input) => input.latitude === null && input.longitude === null && input.address);
  const writer = rowWriter<repo.NewBulkRow>(
    db,
    {
      start: (tx) =>
        repo.insertJob(tx, {
          bulk_job_id: jobId,
          vendor_id: jobVendor.vendor_id,
          created_by: caller.kind === 'user' ? caller.userId : null,
          created_by_partner: caller.kind === 'godroid' ? caller.vendorId : null,
          file_name: body.file_name ?? null,
          created_at: now(),
          status: preprocessStatus({ total_rows: inputs.length, orders_to_be_placed: 0 }),
          total_rows: inputs.length,
          currency: country.currency,
        }),
      write: (tx, rows) => repo.insertRows(tx, jobId, rows),
    },
    db.listenTarget?.kind === 'postgres' && !isGeocoding,
  );

  await announce(0);
  try {
    // The rows share their reads: the caller's vendors, the collection points, the hours (decision 054).
    await withReadSnapshot(async () => {
      for (let start = 0; start < inputs.length; start += CHECK_SEGMENT_ROWS) {
        const segment = inputs.slice(start, start + CHECK_SEGMENT_ROWS);
        const checked = await inPool(segment, PARALLEL_ROWS, async (input) => {
          await yieldToEventLoop();
          const result = await checkRow(context, caller, input, rowContext);
          if (++rowsChecked % announceEvery === 0) await announce(rowsChecked);
          return result;
        });
        // Duplicates are judged in the sheet's order: the first of equal rows is the one placed.
        const rows: repo.NewBulkRow[] = [];
        for (const [index, { row, duplicateKey }] of checked.entries()) {
          const input = segment[index]!;
          const first = duplicateKey === null ? undefined : firstRowOf.get(duplicateKey);
          if (first !== undefined) {
            rows.push({
              ...row,
              status: 'INVALID',
              destination_latitude: null,
              destination_longitude: null,
              error_key: 'bulk.error.duplicate-row',
              error_field: 'phone_number',
              error_values: { row: String(first) },
              more_errors: null,
            });
            continue;
          }
          if (duplicateKey !== null) firstRowOf.set(duplicateKey, input.row_number);
          if (row.status === 'VALID') validRows++;
          rows.push(row);
        }
        writer.add(rows);
      }
    });
  } catch (error) {
    await writer.abort();
    throw error;
  }
  await writer.commit((tx) =>
    repo.setJobStatus(tx, jobId, preprocessStatus({ total_rows: inputs.length, orders_to_be_placed: validRows })),
  );
  const job = await repo.findJob(db, jobId);
  return detailPage(context, job!);
}
