import type { ExportFormat } from '@riderdesk/domain/contracts/order-list';
import type { ExportJobStatus } from '@riderdesk/domain/order-history';
import type { Db } from '../../db/db.ts';
import type { ExportFilters } from './export-service.ts';

// The `order_export_jobs` table (migration 047): e-mailed exports and their files.

export interface ExportJobRow {
  export_id: string;
  vendor_id: string;
  user_id: string;
  email: string;
  format: ExportFormat;
  filters: ExportFilters;
  status: ExportJobStatus;
  done_rows: number;
  total_rows: number | null;
  error_key: string | null;
  file_name: string | null;
  created_at: Date;
  expires_at: Date | null;
  mailed_at: Date | null;
}

const COLUMNS = `export_id::text as export_id, vendor_id, user_id::text as user_id, email, format, filters, status,
  done_rows, total_rows, error_key, file_name, created_at, expires_at, mailed_at`;

export async function insertExportJob(
  db: Db,
  job: Pick<ExportJobRow, 'export_id' | 'vendor_id' | 'user_id' | 'email' | 'format' | 'filters' | 'created_at'>,
): Promise<void> {
  await db.query(
    `insert into order_export_jobs (export_id, vendor_id, user_id, email, format, filters, status, created_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, 'QUEUED', $7)`,
    [job.export_id, job.vendor_id, job.user_id, job.email, job.format, JSON.stringify(job.filters), job.created_at],
  );
}

export async function findExportJob(db: Db, exportId: string): Promise<ExportJobRow | null> {
  const [row] = await db.query<ExportJobRow>(`select ${COLUMNS} from order_export_jobs where export_id = $1`, [
    exportId,
  ]);
  return row ?? null;
}

/** The caller's requests for one vendor, newest first. */
export async function listExportJobs(db: Db, vendorId: string, userId: string, limit: number): Promise<ExportJobRow[]> {
  return db.query<ExportJobRow>(
    `select ${COLUMNS} from order_export_jobs where vendor_id = $1 and user_id = $2
      order by created_at desc, export_id limit $3`,
    [vendorId, userId, limit],
  );
}

/** Requests of this user still waiting or running, over every vendor. */
export async function countPendingExportJobs(db: Db, userId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from order_export_jobs where user_id = $1 and status in ('QUEUED', 'RUNNING')`,
    [userId],
  );
  return row?.n ?? 0;
}

export async function markRunning(db: Db, exportId: string, total: number): Promise<void> {
  await db.query(
    `update order_export_jobs set status = 'RUNNING', total_rows = $2, done_rows = 0, error_key = null
      where export_id = $1 and status in ('QUEUED', 'RUNNING')`,
    [exportId, total],
  );
}

export async function recordProgress(db: Db, exportId: string, done: number): Promise<void> {
  await db.query(`update order_export_jobs set done_rows = $2 where export_id = $1 and status = 'RUNNING'`, [
    exportId,
    done,
  ]);
}

/** A retried job writes its file again from the first part. */
export async function deleteFileParts(db: Db, exportId: string): Promise<void> {
  await db.query('delete from order_export_file_parts where export_id = $1', [exportId]);
}

export async function storeFilePart(db: Db, exportId: string, part: number, data: Buffer): Promise<void> {
  await db.query(`insert into order_export_file_parts (export_id, part, data) values ($1, $2, decode($3, 'base64'))`, [
    exportId,
    part,
    data.toString('base64'),
  ]);
}

/** The file's parts are all stored: the request is ready, and its link lives until `expiresAt`. */
export async function markReady(
  db: Db,
  exportId: string,
  file: { fileName: string; contentType: string; rows: number; bytes: number },
  at: Date,
  expiresAt: Date,
): Promise<void> {
  await db.query(
    `update order_export_jobs set status = 'READY', file_name = $2, content_type = $3, file_bytes = $4,
       done_rows = $5, total_rows = $5, completed_at = $6, expires_at = $7
      where export_id = $1 and status in ('QUEUED', 'RUNNING')`,
    [exportId, file.fileName, file.contentType, file.bytes, file.rows, at, expiresAt],
  );
}

export async function markFailed(db: Db, exportId: string, errorKey: string, at: Date): Promise<void> {
  await db.query(
    `update order_export_jobs set status = 'FAILED', error_key = $2, completed_at = $3
      where export_id = $1 and status in ('QUEUED', 'RUNNING')`,
    [exportId, errorKey, at],
  );
}

export async function markMailed(db: Db, exportId: string, at: Date): Promise<void> {
  await db.query('update order_export_jobs set mailed_at = $2 where export_id = $1', [exportId, at]);
}

/** The stored file of a ready export whose link has not expired at `now`. */
export interface StoredFile {
  vendor_id: string;
  user_id: string;
  file_name: string;
  content_type: string;
  file_bytes: number;
}

/** A ready file's name, type and size while its link has not expired; its bytes are read part by part. */
export async function findReadyFile(db: Db, exportId: string, now: Date): Promise<StoredFile | null> {
  const [row] = await db.query<StoredFile>(
    `select vendor_id, user_id::text as user_id, file_name, content_type, file_bytes::float8 as file_bytes
       from order_export_jobs
      where export_id = $1 and status = 'READY' and expires_at > $2`,
    [exportId, now],
  );
  return row ?? null;
}

/** One part of a stored file, null past the last. */
export async function readFilePart(db: Db, exportId: string, part: number): Promise<Buffer | null> {
  const [row] = await db.query<{ data: string }>(
    `select encode(data, 'base64') as data from order_export_file_parts where export_id = $1 and part = $2`,
    [exportId, part],
  );
  return row ? Buffer.from(row.data, 'base64') : null;
}

/** Expired files go, with their rows (the link is dead anyway), and so do requests that never got a file. */
export async function deleteExpired(db: Db, now: Date, unfinishedBefore: Date): Promise<number> {
  const rows = await db.query(
    `delete from order_export_jobs where expires_at <= $1 or (expires_at is null and created_at <= $2) returning 1`,
    [now, unfinishedBefore],
  );
  return rows.length;
}
