import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type {
  OrderExportJob,
  OrderExportJobBodySchema,
  OrderExportLinkQuery,
} from '@riderdesk/domain/contracts/order-list';
import { drillOf } from '@riderdesk/domain/insights/drill';
import { EXPORT_LINK_TTL_DAYS, exportPeriodText } from '@riderdesk/domain/order-history';
import type { z } from 'zod';
import type { Db } from '../../db/db.ts';
import { AppError, keyedError } from '../../errors.ts';
import type { JobContext } from '../../infra/jobs/job-queue.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { VendorService } from '../vendors/service.ts';
import type { Translate } from './export-format.ts';
import * as repo from './export-job-repo.ts';
import { checkExportRange, type ExportFilters, type OrderExportService, XLSX_JOB_MAX_ROWS } from './export-service.ts';

export type OrderExportJobService = ReturnType<typeof orderExportJobService>;

/** A ready file as a download sends it: its name, type and size, and its bytes as they are read. */
export type ExportDownload = repo.StoredFile & { body: Readable };

/** The payload of the `order-export` queue: the request row holds everything else. */
export interface ExportJobPayload {
  export_id: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
// A person waits for one or two files at a time; more is a script or a stuck finger.
export const MAX_PENDING_EXPORTS_PER_USER = 3;
// The history page lists this many of the caller's latest requests.
const LISTED_EXPORTS = 10;
// Progress is written at most every this many rows (a batch is 500).
const PROGRESS_EVERY_ROWS = 2_000;
// A stored file's parts (decision 108): what the job holds while writing, and a download while reading.
export const FILE_PART_BYTES = 1024 * 1024;
// Retries after the first attempt; the last one's failure is shown to the merchant.
export const EXPORT_JOB_RETRIES = 2;

/** The signature of an e-mailed link: the export and its expiry, under AUTH_SECRET. */
function linkSignature(secret: string, exportId: string, expires: number): string {
  return createHmac('sha256', secret).update(`order-export\n${exportId}\n${expires}`).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

function toView(row: repo.ExportJobRow): OrderExportJob {
  return {
    export_id: row.export_id,
    vendor_id: row.vendor_id,
    format: row.format,
    status: row.status,
    done: row.done_rows,
    total: row.total_rows,
    email: row.email,
    error: row.error_key,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
  };
}

/**
 * "Send by e-mail" (issue "Order history"; docs/decisions/047-e-mailed-exports.md): a request row, a job on
 * the shared queue (decision 029) that writes the file into that row, and an e-mail with a signed link that
 * stops working after EXPORT_LINK_TTL_DAYS.
 */
export function orderExportJobService(deps: {
  db: Db;
  vendors: VendorService;
  exports: OrderExportService;
  mailer: Mailer;
  emailOfUser: (userId: string) => Promise<string>;
  now: () => Date;
  secret: string;
  previousSecrets: readonly string[];
  publicUrl: string;
  serviceName: string;
  timeZone: string;
}) {
  const { db, vendors, exports, now } = deps;

  const linkOf = (exportId: string, expiresAt: Date) => {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const query = new URLSearchParams({
      expires: String(expires),
      signature: linkSignature(deps.secret, exportId, expires),
    });
    return `${deps.publicUrl}/api/v1/order-exports/${exportId}/file?${query}`;
  };

  async function ownJob(caller: Caller, vendorId: string, exportId: string): Promise<repo.ExportJobRow> {
    const user = requireUserCaller(caller);
    await vendors.vendorOfCaller(caller, vendorId);
    const row = await repo.findExportJob(db, exportId);
    if (!row || row.vendor_id !== vendorId || row.user_id !== user.userId) {
      throw keyedError(404, 'NotFound', 'history.export.not-found');
    }
    return row;
  }

  /**
   * What every export e-mail names, in the merchant's language: the branch by its name (its id when it is
   * gone), the period in the country's time zone, and the file's format.
   */
  async function mailValues(row: repo.ExportJobRow, t: Translate) {
    return {
      service: deps.serviceName,
      vendor: (await vendors.nameOf(row.vendor_id)) ?? row.vendor_id,
      period: exportPeriodText(row.filters, row.filters.lang, deps.timeZone),
      format: t(`history.export.jobs.format.${row.format}`),
    };
  }

  async function mailLink(row: repo.ExportJobRow): Promise<void> {
    if (!row.expires_at) return;
    const t = await exports.texts(row.filters.lang);
    const values = {
      ...(await mailValues(row, t)),
      link: linkOf(row.export_id, row.expires_at),
      days: EXPORT_LINK_TTL_DAYS,
      rows: row.total_rows ?? row.done_rows,
    };
    await deps.mailer.send({
      to: row.email,
      subject: fill(t('history.export.mail.subject'), values),
      text: fill(t('history.export.mail.body'), values),
    });
    await repo.markMailed(db, row.export_id, now());
  }

  async function mailFailure(row: repo.ExportJobRow, errorKey: string): Promise<void> {
    const t = await exports.texts(row.filters.lang);
    const values = { ...(await mailValues(row, t)), reason: t(errorKey) };
    await deps.mailer.send({
      to: row.email,
      subject: fill(t('history.export.mail.failed-subject'), values),
      text: fill(t('history.export.mail.failed-body'), values),
    });
  }

  async function fail(row: repo.ExportJobRow, errorKey: string): Promise<void> {
    await repo.markFailed(db, row.export_id, errorKey, now());
    await repo.deleteFileParts(db, row.export_id);
    await mailFailure(row, errorKey);
  }

  return {
    /** POST /vendor/{vendorId}/orders/export-jobs: the request, and its job, in one transaction. */
    async request(
      caller: Caller,
      vendorId: string,
      body: z.output<typeof OrderExportJobBodySchema>,
      send: (payload: ExportJobPayload, tx: Db) => Promise<unknown>,
    ): Promise<OrderExportJob> {
      const user = requireUserCaller(caller);
      await vendors.vendorOfCaller(caller, vendorId);
      checkExportRange(body);
      const at = now();
      await repo.deleteExpired(db, at, new Date(at.getTime() - EXPORT_LINK_TTL_DAYS * DAY_MS));
      if ((await repo.countPendingExportJobs(db, user.userId)) >= MAX_PENDING_EXPORTS_PER_USER) {
        throw keyedError(429, 'TooManyExports', 'history.export.too-many-jobs');
      }
      const email = await deps.emailOfUser(user.userId);
      const filters: ExportFilters = {
        format: body.format,
        from: body.from,
        to: body.to,
        include_outlets: body.include_outlets,
        status: body.status,
        search: body.search,
        ...drillOf(body),
        lang: body.lang,
      };
      const exportId = randomUUID();
      await db.transaction(async (tx) => {
        await repo.insertExportJob(tx, {
          export_id: exportId,
          vendor_id: vendorId,
          user_id: user.userId,
          email,
          format: body.format,
          filters,
          created_at: at,
        });
        await send({ export_id: exportId }, tx);
      });
      const row = await repo.findExportJob(db, exportId);
      return toView(row!);
    },

    /** GET /vendor/{vendorId}/orders/export-jobs: the caller's latest requests for this vendor. */
    async list(caller: Caller, vendorId: string): Promise<OrderExportJob[]> {
      const user = requireUserCaller(caller);
      await vendors.vendorOfCaller(caller, vendorId);
      const rows = await repo.listExportJobs(db, vendorId, user.userId, LISTED_EXPORTS);
      const at = now().getTime();
      return rows.filter((row) => !row.expires_at || row.expires_at.getTime() > at).map(toView);
    },

    async get(caller: Caller, vendorId: string, exportId: string): Promise<OrderExportJob> {
      return toView(await ownJob(caller, vendorId, exportId));
    },

    /** GET /vendor/{vendorId}/orders/export-jobs/{exportId}/file: the file, for its signed-in owner. */
    async file(caller: Caller, vendorId: string, exportId: string): Promise<ExportDownload> {
      await ownJob(caller, vendorId, exportId);
      const file = await repo.findReadyFile(db, exportId, now());
      if (!file) throw keyedError(404, 'NotFound', 'history.export.link-expired');
      return { ...file, body: partsOf(db, exportId) };
    },

    /** GET /order-exports/{exportId}/file?expires&signature: the e-mailed link, no session needed. */
    async fileByLink(exportId: string, query: OrderExportLinkQuery) {
      const isSigned = [deps.secret, ...deps.previousSecrets].some((secret) =>
        sameText(query.signature, linkSignature(secret, exportId, query.expires)),
      );
      // A wrong signature and an expired link answer alike: the link no longer opens anything.
      const file =
        isSigned && query.expires * 1000 > now().getTime() ? await repo.findReadyFile(db, exportId, now()) : null;
      if (!file) throw keyedError(404, 'NotFound', 'history.export.link-expired');
      return { ...file, body: partsOf(db, exportId) };
    },

    /** The `order-export` job: count, write the file in keyset batches, store it, e-mail the link. */
    async run(payload: ExportJobPayload, job: JobContext): Promise<void> {
      let row = await repo.findExportJob(db, payload.export_id);
      if (!row || row.status === 'FAILED') return;
      if (row.status !== 'READY') {
        try {
          // Access is checked again when the job runs: it may have been withdrawn since the request.
          await vendors.vendorOfCaller({ kind: 'user', userId: row.user_id, sessionId: '' }, row.vendor_id);
        } catch {
          await fail(row, 'history.export.no-access');
          return;
        }
        const total = await exports.count(row.vendor_id, row.filters);
        if (row.format === 'xlsx' && total > XLSX_JOB_MAX_ROWS) {
          await fail(row, 'history.export.job-too-large');
          return;
        }
        await repo.markRunning(db, row.export_id, total);
        await job.progress(0, total);
        let reported = 0;
        try {
          const file = await exports.jobFile(
            row.vendor_id,
            row.filters,
            async (done) => {
              if (done - reported < PROGRESS_EVERY_ROWS) return;
              reported = done;
              await repo.recordProgress(db, row!.export_id, done);
            },
            job.signal,
          );
          // A retried job starts its file again.
          await repo.deleteFileParts(db, row.export_id);
          const bytes = await storeParts(db, row.export_id, file.body);
          const at = now();
          await repo.markReady(
            db,
            row.export_id,
            { fileName: file.fileName, contentType: file.contentType, rows: file.rows(), bytes },
            at,
            new Date(at.getTime() + EXPORT_LINK_TTL_DAYS * DAY_MS),
          );
        } catch (error) {
          if (error instanceof AppError && error.statusCode === 422) {
            await fail(row, 'history.export.job-too-large');
            return;
          }
          if (job.attempt > EXPORT_JOB_RETRIES) await fail(row, 'history.export.job-failed');
          throw error;
        }
        row = (await repo.findExportJob(db, payload.export_id))!;
      }
      if (row.status === 'READY' && !row.mailed_at) await mailLink(row);
    },
  };
}

/**
 * Stores a file's stream in parts of FILE_PART_BYTES (the last one shorter) as it arrives, so the job never
 * holds more than a part and one chunk; answers the file's size.
 */
async function storeParts(db: Db, exportId: string, body: AsyncIterable<Buffer | string>): Promise<number> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let part = 0;
  let total = 0;
  for await (const chunk of body) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    pending.push(bytes);
    pendingBytes += bytes.length;
    total += bytes.length;
    while (pendingBytes >= FILE_PART_BYTES) {
      const joined = Buffer.concat(pending);
      await repo.storeFilePart(db, exportId, part++, joined.subarray(0, FILE_PART_BYTES));
      pending = [joined.subarray(FILE_PART_BYTES)];
      pendingBytes = joined.length - FILE_PART_BYTES;
    }
  }
  if (pendingBytes > 0) await repo.storeFilePart(db, exportId, part, Buffer.concat(pending));
  return total;
}

/** A stored file's bytes, one part read at a time as the download takes them. */
function partsOf(db: Db, exportId: string): Readable {
  return Readable.from(
    (async function* () {
      for (let part = 0; ; part++) {
        const data = await repo.readFilePart(db, exportId, part);
        if (!data) return;
        yield data;
      }
    })(),
  );
}

function requireUserCaller(caller: Caller): Extract<Caller, { kind: 'user' }> {
  // A GoDroid partner has no e-mail address to send the link to.
  if (caller.kind !== 'user') throw keyedError(403, 'Forbidden', 'history.export.needs-account');
  return caller;
}
