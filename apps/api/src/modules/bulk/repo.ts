import type { BulkJobStatus, BulkPlacementState, BulkRowInput, BulkRowStatus } from '@riderdesk/domain/bulk/bulk-sheet';
import { BULK_JOB_CHANGES_CHANNEL, type BulkJobUpdate } from '@riderdesk/domain/contracts/live';
import type { Db, SqlParam } from '../../db/db.ts';

export interface BulkJobRow {
  bulk_job_id: string;
  vendor_id: string;
  created_by: string | null;
  created_by_email: string | null;
  created_by_partner: string | null;
  file_name: string | null;
  created_at: Date;
  status: BulkJobStatus;
  placement: BulkPlacementState;
  total_rows: number;
  currency: string;
  valid_rows: number;
  placed_rows: number;
  failed_rows: number;
  total_fee_minor: number;
  payment_types: Record<string, number> | null;
}

export interface BulkRowRecord {
  bulk_job_id: string;
  row_number: number;
  status: BulkRowStatus;
  error_key: string | null;
  error_field: string | null;
  error_values: Record<string, string> | null;
  /** The row's other problems after the first (migration 123); null when it has at most one. */
  more_errors: { key: string; field: string | null; values: Record<string, string> | null }[] | null;
  input: BulkRowInput;
  /** Where a checked row's order goes (the cells' coordinates or the geocoded address); null unless VALID. */
  destination_latitude: number | null;
  destination_longitude: number | null;
  delivery_fee_minor: number | null;
  collection_point_id: string;
  scheduled_for: Date | null;
  order_id: string | null;
}

export type NewBulkRow = Omit<BulkRowRecord, 'bulk_job_id' | 'order_id'>;

/**
 * A row's cells are stored as a JSON array of their values in this order, without their names (decision
 * 102): a large file's rows are written as a third fewer bytes. The row number is the row's own column.
 * The list is the template's column order of migration 102, kept here rather than read from BULK_COLUMNS:
 * the template may change its order, stored rows keep theirs (a new cell goes at the end).
 */
const STORED_CELLS = [
  'customer_name',
  'phone_number',
  'address',
  'latitude',
  'longitude',
  'unit',
  'building',
  'rider_notes',
  'item_description',
  'amount',
  'payment_method',
  'delivery_type',
  'scheduled_time',
  'collection_point_id',
  'age_check',
  'handover_pin',
] as const satisfies readonly Exclude<keyof BulkRowInput, 'row_number'>[];

// Every cell is stored: a cell added to BulkRowInput and missing above makes this line fail to compile.
const everyCellStored: Exclude<keyof BulkRowInput, 'row_number' | (typeof STORED_CELLS)[number]> extends never
  ? true
  : never = true;
void everyCellStored;

/** The values of `STORED_CELLS`, in its order. */
type StoredCells = readonly BulkRowInput[(typeof STORED_CELLS)[number]][];

const storedCellsOf = (input: BulkRowInput): StoredCells => STORED_CELLS.map((name) => input[name]);

function inputOf(rowNumber: number, cells: StoredCells): BulkRowInput {
  const input: Record<string, unknown> = { row_number: rowNumber };
  STORED_CELLS.forEach((name, index) => {
    input[name] = cells[index] ?? null;
  });
  return input as unknown as BulkRowInput;
}

type StoredRow = Omit<BulkRowRecord, 'input' | 'delivery_fee_minor'> & {
  input: StoredCells;
  delivery_fee_minor: number | string | null;
};

// The columns `rowOf` reads a row back from.
const ROW_COLUMNS = `bulk_job_id, row_number, status, error_key, error_field, error_values, more_errors, input, destination_latitude,
  destination_longitude, delivery_fee_minor, collection_point_id, scheduled_for, order_id`;

const rowOf = (row: StoredRow): BulkRowRecord => ({
  ...row,
  input: inputOf(row.row_number, row.input),
  delivery_fee_minor: row.delivery_fee_minor === null ? null : Number(row.delivery_fee_minor),
});

/** A job's rows selected by `clauses` (its where and order), each read back as the checks wrote it. */
async function selectRows(db: Db, clauses: string, params: readonly SqlParam[]): Promise<BulkRowRecord[]> {
  const rows = await db.query<StoredRow>(`select ${ROW_COLUMNS} from bulk_job_rows ${clauses}`, params);
  return rows.map(rowOf);
}

// The job with its totals, counted from its rows so they can never disagree with them.
const JOB_SELECT = `
  select j.bulk_job_id, j.vendor_id, j.created_by, u.email as created_by_email, j.created_by_partner, j.file_name,
         j.created_at, j.status, j.placement, j.total_rows, j.currency,
         coalesce(c.valid_rows, 0)::int as valid_rows,
         coalesce(c.placed_rows, 0)::int as placed_rows,
         coalesce(c.failed_rows, 0)::int as failed_rows,
         coalesce(c.total_fee_minor, 0)::bigint as total_fee_minor,
         c.payment_types
    from bulk_jobs j
    left join users u on u.id = j.created_by
    left join lateral (
      select count(*) filter (where r.status in ('VALID', 'PLACED', 'FAILED')) as valid_rows,
             count(*) filter (where r.status = 'PLACED') as placed_rows,
             count(*) filter (where r.status = 'FAILED') as failed_rows,
             sum(r.delivery_fee_minor) filter (where r.status in ('VALID', 'PLACED', 'FAILED')) as total_fee_minor,
             (select jsonb_object_agg(p.method, p.n)
                from (select r2.input->>${STORED_CELLS.indexOf('payment_method')} as method, count(*)::int as n
                        from bulk_job_rows r2
                       where r2.bulk_job_id = j.bulk_job_id and r2.status in ('VALID', 'PLACED', 'FAILED')
                       group by 1) p) as payment_types
        from bulk_job_rows r
       where r.bulk_job_id = j.bulk_job_id
    ) c on true`;

function toJob(row: BulkJobRow): BulkJobRow {
  return { ...row, total_fee_minor: Number(row.total_fee_minor) };
}

export async function insertJob(
  tx: Db,
  job: {
    bulk_job_id: string;
    vendor_id: string;
    created_by: string | null;
    created_by_partner: string | null;
    file_name: string | null;
    created_at: Date;
    status: BulkJobStatus;
    total_rows: number;
    currency: string;
  },
): Promise<void> {
  await tx.query(
    `insert into bulk_jobs (bulk_job_id, vendor_id, created_by, created_by_partner, file_name, created_at, status,
                            total_rows, currency)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      job.bulk_job_id,
      job.vendor_id,
      job.created_by,
      job.created_by_partner,
      job.file_name,
      job.created_at,
      job.status,
      job.total_rows,
      job.currency,
    ],
  );
}

/** The job's status once its rows are checked (written in the same transaction as the job and its rows). */
export async function setJobStatus(tx: Db, jobId: string, status: BulkJobStatus): Promise<void> {
  await tx.query('update bulk_jobs set status = $2 where bulk_job_id = $1', [jobId, status]);
}

// Rows go in by batches: one statement per row would make a 25 000-row file 25 000 round trips.
const INSERT_BATCH = 500;

export async function insertRows(tx: Db, jobId: string, rows: readonly NewBulkRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    await tx.query(
      `insert into bulk_job_rows (bulk_job_id, row_number, status, error_key, error_field, error_values, more_errors,
                                  input, destination_latitude, destination_longitude, delivery_fee_minor,
                                  collection_point_id, scheduled_for)
       select $1, r.row_number, r.status, r.error_key, r.error_field, r.error_values, r.more_errors, r.input,
              r.destination_latitude, r.destination_longitude, r.delivery_fee_minor, r.collection_point_id,
              r.scheduled_for
         from json_to_recordset($2::json) as r(row_number int, status text, error_key text, error_field text,
              error_values json, more_errors json, input json, destination_latitude double precision,
              destination_longitude double precision, delivery_fee_minor bigint, collection_point_id text,
              scheduled_for timestamptz)`,
      [jobId, JSON.stringify(batch.map((row) => ({ ...row, input: storedCellsOf(row.input) })))],
    );
  }
}

/** A job of one of `vendorIds`; null for another merchant's job, exactly like an unknown id. */
export async function findJobOfVendors(
  db: Db,
  jobId: string,
  vendorIds: readonly string[],
): Promise<BulkJobRow | null> {
  const [row] = await db.query<BulkJobRow>(`${JOB_SELECT} where j.bulk_job_id = $1 and j.vendor_id = any($2)`, [
    jobId,
    vendorIds,
  ]);
  return row ? toJob(row) : null;
}

export async function findJob(db: Db, jobId: string): Promise<BulkJobRow | null> {
  const [row] = await db.query<BulkJobRow>(`${JOB_SELECT} where j.bulk_job_id = $1`, [jobId]);
  return row ? toJob(row) : null;
}

/** spec §4: the history lists only jobs at the placement stage, newest first. */
/**
 * The vendor's jobs with something to show: placed or placing, and checked ones with rows still to place (a
 * merchant who left before placing finds them again); a file without a valid row is not listed.
 */
export async function listJobs(db: Db, vendorId: string, limit: number): Promise<BulkJobRow[]> {
  const rows = await db.query<BulkJobRow>(
    `${JOB_SELECT} where j.vendor_id = $1 and (j.placement <> 'NOT_STARTED' or j.status <> 'PREPROCESS_FAIL')
      order by j.created_at desc, j.bulk_job_id limit $2`,
    [vendorId, limit],
  );
  return rows.map(toJob);
}

export async function listRows(db: Db, jobId: string): Promise<BulkRowRecord[]> {
  return selectRows(db, 'where bulk_job_id = $1 order by row_number', [jobId]);
}

/**
 * One page of a job's rows in sheet order after `afterRow` (keyset on the primary key), one more than
 * `limit` so the caller knows whether a next page exists; `onlyErrors` keeps the rows with a problem.
 */
export async function listRowPage(
  db: Db,
  jobId: string,
  page: { afterRow: number; limit: number; onlyErrors: boolean },
): Promise<BulkRowRecord[]> {
  return selectRows(
    db,
    `where bulk_job_id = $1 and row_number > $2 and ($4::boolean is false or error_key is not null)
     order by row_number limit $3`,
    [jobId, page.afterRow, page.limit + 1, page.onlyErrors],
  );
}

/** The row numbers still to place, in order. */
export async function rowsToPlace(db: Db, jobId: string): Promise<number[]> {
  const rows = await db.query<{ row_number: number }>(
    `select row_number from bulk_job_rows where bulk_job_id = $1 and status = 'VALID' and order_id is null
      order by row_number`,
    [jobId],
  );
  return rows.map((row) => row.row_number);
}

/** The rows of a placement chunk, in their sheet order. */
export async function findRows(db: Db, jobId: string, rowNumbers: readonly number[]): Promise<BulkRowRecord[]> {
  return selectRows(db, 'where bulk_job_id = $1 and row_number = any($2::int[]) order by row_number', [
    jobId,
    rowNumbers.map(String),
  ]);
}

/**
 * Locks a chunk's rows for their placement and answers those still to be placed: a row placed or refused
 * by an earlier attempt (committed before a crash) is left alone.
 */
export async function lockRowsToPlace(tx: Db, jobId: string, rowNumbers: readonly number[]): Promise<Set<number>> {
  const rows = await tx.query<{ row_number: number }>(
    `select row_number from bulk_job_rows
      where bulk_job_id = $1 and row_number = any($2::int[]) and status = 'VALID' and order_id is null
      order by row_number for update`,
    [jobId, rowNumbers.map(String)],
  );
  return new Set(rows.map((row) => row.row_number));
}

/** Marks each row with its new order; a row already marked keeps its order (`order_id is null`). */
export async function markRowsPlaced(
  tx: Db,
  jobId: string,
  placed: readonly { rowNumber: number; orderId: string }[],
): Promise<void> {
  if (placed.length === 0) return;
  await tx.query(
    `update bulk_job_rows r
        set status = 'PLACED', order_id = p.order_id, error_key = null, error_field = null, error_values = null,
            more_errors = null
       from unnest($2::int[], $3::text[]) as p(row_number, order_id)
      where r.bulk_job_id = $1 and r.row_number = p.row_number and r.order_id is null`,
    [jobId, placed.map((entry) => String(entry.rowNumber)), placed.map((entry) => entry.orderId)],
  );
}

export async function markRowFailed(
  tx: Db,
  jobId: string,
  rowNumber: number,
  error: { key: string; field: string | null; values: Record<string, string> | null },
): Promise<void> {
  await tx.query(
    `update bulk_job_rows set status = 'FAILED', error_key = $3, error_field = $4, error_values = $5, more_errors = null
      where bulk_job_id = $1 and row_number = $2 and order_id is null`,
    [jobId, rowNumber, error.key, error.field, error.values ? JSON.stringify(error.values) : null],
  );
}

/** Every row still waiting for its order, marked failed with `error` (a placement that cannot go on). */
export async function failRowsToPlace(
  db: Db,
  jobId: string,
  error: { key: string; field: string | null; values: Record<string, string> | null },
): Promise<void> {
  await db.query(
    `update bulk_job_rows set status = 'FAILED', error_key = $2, error_field = $3, error_values = $4, more_errors = null
      where bulk_job_id = $1 and status = 'VALID' and order_id is null`,
    [jobId, error.key, error.field, error.values ? JSON.stringify(error.values) : null],
  );
}

/** Claims placement once: true for the call that moved the job from NOT_STARTED. */
export async function claimPlacement(tx: Db, jobId: string, at: Date): Promise<boolean> {
  const rows = await tx.query<{ bulk_job_id: string }>(
    `update bulk_jobs set placement = 'IN_PROGRESS', placement_requested_at = $2
      where bulk_job_id = $1 and placement = 'NOT_STARTED' and status <> 'PREPROCESS_FAIL'
      returning bulk_job_id`,
    [jobId, at],
  );
  return rows.length > 0;
}

export async function finishPlacement(tx: Db, jobId: string, status: BulkJobStatus): Promise<void> {
  await tx.query(`update bulk_jobs set placement = 'DONE', status = $2 where bulk_job_id = $1`, [jobId, status]);
}

/** Announces how far an upload's checking has gone, before its job exists (no transaction to wait for). */
export async function notifyUploadProgress(db: Db, update: BulkJobUpdate): Promise<void> {
  await db.query('select pg_notify($1, $2)', [BULK_JOB_CHANGES_CHANNEL, JSON.stringify(update)]);
}

/**
 * Announces where the job stands, committed with the change. Its counts are taken from its rows, or — for a
 * placement chunk, which knows them and must not count a 25 000-row job once per chunk — given.
 */
export async function notifyJobChange(
  tx: Db,
  jobId: string,
  counts?: { orders_placed: number; orders_to_be_placed: number },
): Promise<void> {
  const placed = counts
    ? '$3::int'
    : `(select count(*) from bulk_job_rows r where r.bulk_job_id = j.bulk_job_id and r.status = 'PLACED')`;
  const toBePlaced = counts
    ? '$4::int'
    : `(select count(*) from bulk_job_rows r
         where r.bulk_job_id = j.bulk_job_id and r.status in ('VALID', 'PLACED', 'FAILED'))`;
  await tx.query(
    `select pg_notify($1, json_build_object(
        'bulk_job_id', j.bulk_job_id, 'vendor_id', j.vendor_id, 'parent_vendor_id', v.parent_vendor_id,
        'status', j.status, 'placement', j.placement,
        'orders_placed', ${placed},
        'orders_to_be_placed', ${toBePlaced}
      )::text)
       from bulk_jobs j join vendors v on v.vendor_id = j.vendor_id where j.bulk_job_id = $2`,
    counts
      ? [BULK_JOB_CHANGES_CHANNEL, jobId, counts.orders_placed, counts.orders_to_be_placed]
      : [BULK_JOB_CHANGES_CHANNEL, jobId],
  );
}
