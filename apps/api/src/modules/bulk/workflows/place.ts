import { placementStatus } from '@riderdesk/domain/bulk/bulk-flow';
import { ageCheckOf, handoverPinOf } from '@riderdesk/domain/bulk/bulk-sheet';
import type { BulkJob, BulkRowError } from '@riderdesk/domain/contracts/bulk';
import type { GeoPoint } from '@riderdesk/domain/money';
import type { Db } from '../../../db/db.ts';
import { keyedError } from '../../../errors.ts';
import type { JobContext } from '../../../infra/jobs/job-queue.ts';
import { withReadSnapshot } from '../../../infra/read-snapshot.ts';
import { type Caller, isCallerStillHonoured } from '../../../plugins/auth.ts';
import { type BulkContext, jobOfCaller, type PlacementRequest } from '../deps.ts';
import { inPool, yieldToEventLoop } from '../in-pool.ts';
import * as repo from '../repo.ts';
import { assertOrderFlags, flagsPerVendor, orderBodyOf, rowErrorOf } from '../row-orders.ts';
import { jobView } from '../views.ts';

/** The rows left when the login or partner token that started their placement stopped being honoured. */
const STARTER_GONE: BulkRowError = { key: 'bulk.error.placement-stopped', field: null, values: null };

/**
 * Rows placed in one transaction, and so between two `bulk_job_update` pushes: one commit (and one notice
 * counting the job's rows) per chunk instead of per row, while a chunk stays short enough to hold its locks
 * briefly.
 */
const PLACEMENT_CHUNK = 25;

/** Chunks placed at once: a few transactions in flight keep a PostgreSQL pool busy; PGlite takes turns. */
const PARALLEL_CHUNKS = 4;

/**
 * spec §7 POST /bulk-job/place-orders/{jobId}: asks for placement once. A repeated call (a retry, a double
 * click) finds the job already claimed and answers its state; the queue job is keyed by the bulk job, so
 * it exists once whatever happens.
 */
export async function requestPlacement(
  context: BulkContext,
  caller: Caller,
  jobId: string,
  enqueue: (request: PlacementRequest, tx: Db) => Promise<unknown>,
): Promise<BulkJob> {
  const { db, now } = context;
  const job = await jobOfCaller(context, caller, jobId);
  if (job.status === 'PREPROCESS_FAIL') throw keyedError(409, 'NothingToPlace', 'bulk.error.nothing-to-place');
  await db.transaction(async (tx) => {
    if (!(await repo.claimPlacement(tx, jobId, now()))) return;
    await enqueue({ bulk_job_id: jobId, caller }, tx);
    await repo.notifyJobChange(tx, jobId);
  });
  return jobView((await repo.findJob(db, jobId))!);
}

/**
 * The placement job: each remaining row is checked again (its quote may have expired, the hours may have
 * closed) and, in one transaction, becomes an order and is marked with it. A row already marked is never
 * placed again, so a retry after a crash resumes where the last commit left off (decision 053).
 */
export async function place(
  { db, now, vendors, pricing, orders, flags, sheetTexts }: BulkContext,
  request: PlacementRequest,
  job: Pick<JobContext, 'progress' | 'signal'>,
): Promise<void> {
  const { bulk_job_id: jobId, caller } = request;
  const pending = await repo.rowsToPlace(db, jobId);
  // The counts the chunks announce: from the rows once, then moved on by each chunk's commits.
  const startedWith = await repo.findJob(db, jobId);
  if (!startedWith) return;
  const chunks: number[][] = [];
  for (let start = 0; start < pending.length; start += PLACEMENT_CHUNK) {
    chunks.push(pending.slice(start, start + PLACEMENT_CHUNK));
  }
  let done = 0;
  // Set once whoever started the placement may no longer place (logged out, removed, token revoked).
  let isStarterGone = false;
  // A flag turned off since the upload refuses the rows that need it.
  const flagsOf = flagsPerVendor(flags);

  /** A row's order as POST /order would write it now: a fresh quote, every check of a create. */
  async function prepare(row: repo.BulkRowRecord, destination: GeoPoint) {
    const collectionPoint = await vendors.vendorOfCaller(caller, row.collection_point_id);
    // A checked row's cell is one of the words read when it was checked; a row stored before the column is no.
    const isAgeCheckRequired = ageCheckOf(row.input.age_check, sheetTexts.ageCheckWords) === true;
    // An empty cell (or a row stored before the column) leaves the PIN to the collection point.
    const isHandoverPinRequired = handoverPinOf(row.input.handover_pin, sheetTexts.ageCheckWords) ?? undefined;
    const body = orderBodyOf(
      row.input,
      collectionPoint,
      destination,
      row.scheduled_for,
      isAgeCheckRequired,
      isHandoverPinRequired,
    );
    await assertOrderFlags(body, flagsOf);
    const quote = await pricing.quoteFee(caller, {
      vendor_id: body.vendor_id,
      source: { lat: collectionPoint.latitude ?? 0, lon: collectionPoint.longitude ?? 0 },
      destination: { lat: destination.lat, lon: destination.lng },
      delivery_type: 'food',
    });
    const { order } = await orders.checkCreate(caller, {
      ...body,
      delivery_fee: quote.fee,
      signature: quote.signature,
    });
    return order;
  }

  // A chunk's rows share their reads (the caller's vendors, the collection points, the hours) and one
  // transaction: each order is written with its row's mark, so a crash loses or repeats no row.
  await inPool(chunks, PARALLEL_CHUNKS, (rowNumbers) =>
    withReadSnapshot(async () => {
      if (job.signal?.aborted) throw new Error('bulk placement stopped; the next attempt resumes it');
      if (isStarterGone) return;
      await yieldToEventLoop();
      const ready: { rowNumber: number; order: Awaited<ReturnType<typeof prepare>> }[] = [];
      for (const row of await repo.findRows(db, jobId, rowNumbers)) {
        const { destination_latitude: lat, destination_longitude: lng } = row;
        if (lat === null || lng === null || row.order_id || row.status !== 'VALID') continue;
        try {
          ready.push({ rowNumber: row.row_number, order: await prepare(row, { lat, lng }) });
        } catch (error) {
          await repo.markRowFailed(db, jobId, row.row_number, rowErrorOf(error));
        }
      }
      if (ready.length === 0) return;
      const placed = await db.transaction(async (tx) => {
        // The orders are written with the rights of whoever started the placement, so only while that
        // login or partner token is still honoured, checked in the transaction that writes them.
        if (!(await isCallerStillHonoured(tx, caller, now()))) {
          isStarterGone = true;
          return 0;
        }
        const placeable = await repo.lockRowsToPlace(
          tx,
          jobId,
          ready.map((entry) => entry.rowNumber),
        );
        // The chunk's orders, their first history entries and their rows' marks: a statement each.
        const toPlace = ready.filter((entry) => placeable.has(entry.rowNumber));
        const orderIds = await orders.placePrepared(
          tx,
          toPlace.map((entry) => entry.order),
        );
        await repo.markRowsPlaced(
          tx,
          jobId,
          toPlace.map((entry, index) => ({ rowNumber: entry.rowNumber, orderId: orderIds[index]! })),
        );
        await job.progress(done + toPlace.length, pending.length, tx);
        await repo.notifyJobChange(tx, jobId, {
          orders_placed: startedWith.placed_rows + done + toPlace.length,
          orders_to_be_placed: startedWith.valid_rows,
        });
        return toPlace.length;
      });
      done += placed;
    }),
  );
  if (isStarterGone) await repo.failRowsToPlace(db, jobId, STARTER_GONE);
  const finished = await repo.findJob(db, jobId);
  if (!finished) return;
  await db.transaction(async (tx) => {
    const status = placementStatus({ total_rows: finished.total_rows, orders_placed: finished.placed_rows });
    await repo.finishPlacement(tx, jobId, status);
    await repo.notifyJobChange(tx, jobId);
  });
}
