import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { placementStatus, preprocessStatus } from '@riderdesk/domain/bulk/bulk-flow';
import {
  ageCheckOf,
  BULK_MAX_ROWS,
  type BulkRowInput,
  columnsOfHeader,
  duplicateKeyOf,
  isBulkDeliveryType,
  isBulkPaymentType,
  rowInputOf,
  scheduledTimeOf,
} from '@riderdesk/domain/bulk/bulk-sheet';
import { LOGIN_PICKUP_ESTIMATION } from '@riderdesk/domain/constants';
import {
  BULK_DETAIL_PAGE_ROWS,
  type BulkJob,
  type BulkJobCreateBody,
  type BulkJobDetailQuery,
  type BulkRow,
  type BulkRowError,
} from '@riderdesk/domain/contracts/bulk';
import { type FlaggedOrderParts, flagsOfOrder, type OrderFlagName } from '@riderdesk/domain/contracts/flags';
import { BULK_UPLOAD_CHECKING } from '@riderdesk/domain/contracts/live';
import { fromMinor, type GeoPoint, toMinor } from '@riderdesk/domain/money';
import { orderCreateBodyProblems } from '@riderdesk/domain/validation/order-body';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { AppError, keyedError } from '../../errors.ts';
import type { JobContext } from '../../infra/jobs/job-queue.ts';
import { withReadSnapshot } from '../../infra/read-snapshot.ts';
import { type Caller, isCallerStillHonoured } from '../../plugins/auth.ts';
import type { FlagService } from '../flags/service.ts';
import type { GeoService } from '../geo/service.ts';
import type { OrderService } from '../orders/service.ts';
import type { PricingService } from '../pricing/service.ts';
import type { VendorRow } from '../vendors/model.ts';
import type { VendorService } from '../vendors/service.ts';
import { hasPickupAddress } from '../vendors/vendor-access.ts';
import { checkBulkFile } from './file-checks.ts';
import { parseBulkFile } from './parse-file.ts';
import * as repo from './repo.ts';
import { buildResultsFile } from './results-file.ts';
import { rowWriter } from './row-writer.ts';
import { loadSheetTexts } from './sheet-texts.ts';
import { buildTemplate } from './template.ts';

export type BulkService = ReturnType<typeof bulkService>;

export interface BulkDeps {
  db: Db;
  config: AppConfig;
  vendors: VendorService;
  orders: OrderService;
  pricing: PricingService;
  geo: GeoService;
  flags: Pick<FlagService, 'variations'>;
  now: () => Date;
}

/** The placement job's payload: the job and who asked, whose rights every row is placed with. */
export interface PlacementRequest {
  bulk_job_id: string;
  caller: Caller;
}

const HISTORY_LIMIT = 100;

/** The rows left when the login or partner token that started their placement stopped being honoured. */
const STARTER_GONE: BulkRowError = { key: 'bulk.error.placement-stopped', field: null, values: null };
// On the embedded database a query runs on this thread and resolves as a microtask, so a loop of queries
// would hold the event loop until it ends: every row yields, and other merchants' requests are answered
// between rows.

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

/** Runs `work` over `items`, `size` at a time, answering the results in the items' order. */
async function inPool<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, lane));
  return results;
}

/**
 * Rows placed in one transaction, and so between two `bulk_job_update` pushes: one commit (and one notice
 * counting the job's rows) per chunk instead of per row, while a chunk stays short enough to hold its locks
 * briefly.
 */
const PLACEMENT_CHUNK = 25;

/** An upload's checking is announced about this many times, and never more often than every so many rows. */
const UPLOAD_PROGRESS_STEPS = 20;
const UPLOAD_PROGRESS_MIN_ROWS = 50;

/** Chunks placed at once: a few transactions in flight keep a PostgreSQL pool busy; PGlite takes turns. */
const PARALLEL_CHUNKS = 4;

const yieldToEventLoop = () => setImmediate();

// The spec §5 chain's fields and the create's error fields, as the sheet's columns.
const COLUMN_OF_FIELD: Record<string, string> = {
  vendor: 'collection_point_id',
  destinationUnitNumber: 'unit',
  destinationName: 'customer_name',
  destinationPhoneNumber: 'phone_number',
  orderDescription: 'item_description',
  destinationTextAddress: 'address',
  coordinates: 'address',
  orderAmount: 'amount',
  paymentMethod: 'payment_method',
  'customer.location': 'address',
  'customer.location.address': 'address',
  'customer.location.notes': 'rider_notes',
  'customer.location.latitude': 'latitude',
  'customer.location.longitude': 'longitude',
  'customer.phone_number': 'phone_number',
  'customer.name': 'customer_name',
  'order.description': 'item_description',
  'order.amount': 'amount',
  'order.payment_method': 'payment_method',
  preordered_for: 'scheduled_time',
  vat_number: 'vat_number',
  vendor_id: 'collection_point_id',
  delivery_fee: 'address',
};

/**
 * What a row answers when a part of it needs a flag that is off for its collection point (spec §6): the
 * sheet's scheduled time is a pre-order; a voucher or a VAT number, which the sheet has no column for, would
 * be refused as the single order is.
 */
const ROW_FLAG_REFUSALS: Record<OrderFlagName, { key: string; field: string }> = {
  PreOrder: { key: 'bulk.error.scheduled-disabled', field: 'preordered_for' },
  Voucher: { key: 'error.feature-disabled', field: 'voucher' },
  PaymentVat: { key: 'error.feature-disabled', field: 'vat_number' },
};

/** The flags of each collection point a job's rows name, read once per job. */
function flagsPerVendor(flags: Pick<FlagService, 'variations'>) {
  const read = new Map<string, Promise<Record<string, boolean>>>();
  return (vendorId: string) => {
    let found = read.get(vendorId);
    if (!found) {
      found = flags.variations({ vendorId });
      read.set(vendorId, found);
    }
    return found;
  };
}

/** Refuses a row's order whose voucher, pre-order time or VAT number needs a flag that is off for its vendor. */
async function assertOrderFlags(
  order: { vendor_id: string } & FlaggedOrderParts,
  flagsOf: (vendorId: string) => Promise<Record<string, boolean>>,
): Promise<void> {
  const needed = flagsOfOrder(order);
  if (needed.length === 0) return;
  const variations = await flagsOf(order.vendor_id);
  const off = needed.find((name) => variations[name] !== true);
  if (off) throw keyedError(403, 'FeatureDisabled', ROW_FLAG_REFUSALS[off].key, ROW_FLAG_REFUSALS[off].field);
}

const notFound = () => keyedError(404, 'NotFound', 'bulk.error.job-not-found', 'jobId');

/** An expected refusal of one row, as the row keeps it; anything else is a fault and propagates. */
function rowErrorOf(error: unknown): BulkRowError {
  if (!(error instanceof AppError)) throw error;
  const [entry] = error.errors;
  const key = entry?.meta.translation_key ?? error.message;
  return {
    key,
    field: entry?.field ? (COLUMN_OF_FIELD[entry.field] ?? null) : null,
    values: entry?.meta.values ?? null,
  };
}

/**
 * The order a row asks for, as POST /order would receive it before its fee is quoted: built when the row is
 * checked and again, from the same cells, when it is placed (decision 102).
 */
function orderBodyOf(
  input: BulkRowInput,
  collectionPoint: VendorRow,
  destination: GeoPoint | null,
  scheduledFor: Date | null,
  isAgeCheckRequired: boolean,
) {
  const amount =
    input.amount === '' ? null : Number.isFinite(Number(input.amount)) ? Number(input.amount) : input.amount;
  return {
    vendor_id: collectionPoint.vendor_id,
    customer: {
      location: {
        latitude: destination?.lat ?? null,
        longitude: destination?.lng ?? null,
        // spec §3: unit, building and text joined with commas.
        address: [input.unit, input.building, input.address].filter(Boolean).join(', '),
        notes: input.rider_notes,
      },
      phone_number: input.phone_number,
      name: input.customer_name,
    },
    order: {
      payment_method: input.payment_method,
      amount,
      description: input.item_description,
      cold_bag_needed: false,
    },
    vat_number: null,
    preordered_for: scheduledFor ? Math.floor(scheduledFor.getTime() / 1000) : null,
    age_validation_required: isAgeCheckRequired,
    login_pickup_estimation: collectionPoint.login_pickup_estimation ?? LOGIN_PICKUP_ESTIMATION,
    delivery_fee: 0,
    signature: '',
  };
}

interface CheckedRow {
  row: repo.NewBulkRow;
  duplicateKey: string | null;
}

export function bulkService({ db, config, vendors, orders, pricing, geo, flags, now }: BulkDeps) {
  const { country } = config.deployment;
  const { currency } = country;
  const sheetTexts = loadSheetTexts(config.localesDir, country.languages);

  /** The spec §7 job as the browser reads it. */
  function jobView(job: repo.BulkJobRow): BulkJob {
    return {
      metadata: { bulk_job_id: job.bulk_job_id },
      vendor_id: job.vendor_id,
      file_name: job.file_name,
      created_by: job.created_by_email ?? job.created_by_partner,
      created_at: job.created_at.toISOString(),
      status: job.status,
      placement: job.placement,
      totals: {
        total_rows: job.total_rows,
        orders_to_be_placed: job.valid_rows,
        orders_placed: job.placed_rows,
        errors: job.total_rows - job.valid_rows + job.failed_rows,
      },
      preprocess_metadata: { success_row_count: job.valid_rows },
      total_fee: fromMinor(job.total_fee_minor, job.currency),
      currency: job.currency,
      payment_types: job.payment_types ?? {},
    };
  }

  function rowView(row: repo.BulkRowRecord | (repo.NewBulkRow & { order_id: null })): BulkRow {
    const { input } = row;
    return {
      row_number: row.row_number,
      status: row.status,
      error: row.error_key ? { key: row.error_key, field: row.error_field, values: row.error_values } : null,
      errors: row.error_key
        ? [{ key: row.error_key, field: row.error_field, values: row.error_values }, ...(row.more_errors ?? [])]
        : [],
      order_id: row.order_id,
      delivery_fee: row.delivery_fee_minor === null ? null : fromMinor(row.delivery_fee_minor, currency),
      collection_point: row.collection_point_id,
      customer_name: input.customer_name,
      phone_number: input.phone_number,
      drop_off_address: [input.unit, input.building, input.address].filter(Boolean).join(', '),
      item_description: input.item_description,
      amount: input.amount,
      payment_method: input.payment_method,
      delivery_type: input.delivery_type,
      scheduled_for: row.scheduled_for ? row.scheduled_for.toISOString() : null,
    };
  }

  /** The job and one page of its rows (a job holds up to 25 000: the whole of it is the results file). */
  async function detail(job: repo.BulkJobRow, query: Partial<BulkJobDetailQuery> = {}) {
    const limit = query.limit ?? BULK_DETAIL_PAGE_ROWS;
    const rows = await repo.listRowPage(db, job.bulk_job_id, {
      afterRow: query.after_row ?? 0,
      limit,
      onlyErrors: query.only_errors ?? false,
    });
    const page = rows.slice(0, limit);
    return {
      bulk_job: jobView(job),
      orders: page.map(rowView),
      next_after_row: rows.length > limit ? page[page.length - 1]!.row_number : null,
    };
  }

  /** The job's vendor, and every outlet under it the caller may use, as collection points of its rows. */
  function collectionPoints(caller: Caller, jobVendor: VendorRow) {
    const cache = new Map<string, Promise<VendorRow | null>>();
    return (id: string): Promise<VendorRow | null> => {
      if (id === jobVendor.vendor_id) return Promise.resolve(jobVendor);
      let found = cache.get(id);
      if (!found) {
        found = vendors
          .vendorOfCaller(caller, id)
          .then((vendor) => (vendor.parent_vendor_id === jobVendor.vendor_id ? vendor : null))
          .catch(() => null);
        cache.set(id, found);
      }
      return found;
    };
  }

  /**
   * One row through the rules of a single order (decision 052): the cells the request page fixes by its
   * controls, the collection point, the geocoded address, the spec §5 chain, a signed fee, then every check
   * POST /order makes (payment method, address, pre-order window, service hours, deliverability, fee).
   */
  async function checkRow(
    caller: Caller,
    input: BulkRowInput,
    context: {
      collectionPoint: (id: string) => Promise<VendorRow | null>;
      geocode: (address: string, near: GeoPoint) => Promise<GeoPoint | null>;
      jobVendor: VendorRow;
      flagsOf: (vendorId: string) => Promise<Record<string, boolean>>;
    },
  ): Promise<CheckedRow> {
    const collectionPointId = input.collection_point_id || context.jobVendor.vendor_id;
    const base: repo.NewBulkRow = {
      row_number: input.row_number,
      status: 'INVALID',
      error_key: null,
      error_field: null,
      error_values: null,
      more_errors: null,
      input,
      destination_latitude: null,
      destination_longitude: null,
      delivery_fee_minor: null,
      collection_point_id: collectionPointId,
      scheduled_for: null,
    };
    try {
      // The row's cells are judged each on its own, so a refused row lists every problem it has at once.
      const problems: BulkRowError[] = [];
      const note = (key: string, field: string | null, values: Record<string, string> | null = null) => {
        if (!problems.some((problem) => problem.key === key && problem.field === field)) {
          problems.push({ key, field, values });
        }
      };
      if (input.payment_method && !isBulkPaymentType(input.payment_method)) {
        note('bulk.error.payment-type', 'payment_method');
      }
      // Decision 117: no one is at a card form when a bulk row is placed, so it is never paid by card.
      if (input.payment_method === 'ONLINE_PAYMENT') note('bulk.error.online-payment', 'payment_method');
      let scheduledFor: Date | null = null;
      if (!isBulkDeliveryType(input.delivery_type)) note('bulk.error.delivery-type', 'delivery_type');
      else if (input.delivery_type === 'SCHEDULED') {
        scheduledFor = input.scheduled_time === null ? null : scheduledTimeOf(input.scheduled_time, country.timeZone);
        if (input.scheduled_time === null) note('bulk.error.scheduled-time-missing', 'scheduled_time');
        else if (!scheduledFor) note('bulk.error.scheduled-time-invalid', 'scheduled_time');
      }
      base.scheduled_for = scheduledFor;
      const isAgeCheckRequired = ageCheckOf(input.age_check, sheetTexts.ageCheckWords);
      if (isAgeCheckRequired === null) note('bulk.error.age-check', 'age_check');

      const collectionPoint = await context.collectionPoint(collectionPointId);
      if (!collectionPoint) note('bulk.error.collection-point', 'collection_point_id', { id: collectionPointId });
      else if (!hasPickupAddress(collectionPoint)) note('bulk.error.collection-point-address', 'collection_point_id');
      const origin =
        collectionPoint && hasPickupAddress(collectionPoint)
          ? { lat: collectionPoint.latitude!, lng: collectionPoint.longitude! }
          : null;

      let point: GeoPoint | null = null;
      const hasLatitude = input.latitude !== null;
      if (hasLatitude || input.longitude !== null) {
        if (input.latitude === null || input.longitude === null || Number.isNaN(input.latitude + input.longitude)) {
          note('validation.invalid-coordinates', hasLatitude ? 'longitude' : 'latitude');
        } else {
          point = { lat: input.latitude, lng: input.longitude };
        }
      } else if (input.address && origin) {
        point = await context.geocode(input.address, origin);
      }

      const body = orderBodyOf(
        input,
        collectionPoint ?? context.jobVendor,
        point,
        scheduledFor,
        isAgeCheckRequired === true,
      );
      // spec §6: a scheduled row is a pre-order, refused at its cell when PreOrder is off for its vendor.
      if (collectionPoint) {
        try {
          await assertOrderFlags(body, context.flagsOf);
        } catch (error) {
          const refusal = rowErrorOf(error);
          note(refusal.key, refusal.field, refusal.values);
        }
      }
      // spec §5 chain, every field's first problem, in the chain's order after the sheet's own checks.
      for (const problem of orderCreateBodyProblems(body, { countryCode: country.code, vendorId: body.vendor_id })) {
        const field = COLUMN_OF_FIELD[problem.field] ?? null;
        // Coordinates already refused by their cell, or unknown because the collection point is, say no more.
        if (problem.field === 'coordinates' && (problems.some((known) => known.key === problem.key) || !origin)) {
          continue;
        }
        note(problem.key, field);
      }
      if (problems.length > 0) {
        // The first problem is the row's error (spec §3); the others follow it.
        const [first, ...more] = problems;
        return {
          row: {
            ...base,
            error_key: first!.key,
            error_field: first!.field,
            error_values: first!.values,
            more_errors: more.length > 0 ? more : null,
          },
          duplicateKey: null,
        };
      }

      const quote = await pricing.quoteFee(caller, {
        vendor_id: body.vendor_id,
        source: { lat: origin!.lat, lon: origin!.lng },
        destination: { lat: point!.lat, lon: point!.lng },
        delivery_type: 'food',
      });
      const signed = { ...body, delivery_fee: quote.fee, signature: quote.signature };
      base.delivery_fee_minor = toMinor(quote.fee, currency);
      await orders.assertCreatable(caller, signed);
      return {
        row: { ...base, status: 'VALID', destination_latitude: point!.lat, destination_longitude: point!.lng },
        duplicateKey: duplicateKeyOf(input),
      };
    } catch (error) {
      const rowError = rowErrorOf(error);
      return {
        row: { ...base, error_key: rowError.key, error_field: rowError.field, error_values: rowError.values },
        duplicateKey: null,
      };
    }
  }

  async function readRows(content: string, fileName: string | undefined): Promise<BulkRowInput[]> {
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

  async function jobOfCaller(caller: Caller, jobId: string): Promise<repo.BulkJobRow> {
    const vendorIds = await vendors.vendorIdsForCaller(caller);
    const job = await repo.findJobOfVendors(db, jobId, vendorIds);
    // Another merchant's job answers exactly like an unknown one.
    if (!job) throw notFound();
    return job;
  }

  return {
    /** spec §7 GET /bulk-job/example-file, in the merchant's language. */
    async template(language: string | undefined, caller: Caller): Promise<Buffer> {
      const supported = language && country.languages.includes(language) ? language : country.defaultLanguage;
      const [vendorId] = await vendors.vendorIdsForCaller(caller);
      return buildTemplate(sheetTexts.textsOf(supported), { collectionPointId: vendorId ?? '' });
    },

    /**
     * spec §7 POST /bulk-job/create: the file is checked before it is parsed, parsed off the event loop, and
     * every row checked like a single order; the job and its rows are stored together.
     */
    async create(caller: Caller, body: BulkJobCreateBody) {
      // spec §5: a vendor must be selected; authorisation comes before anything about the file is said.
      if (!body.vendor_id.trim()) throw keyedError(400, 'ValidationError', 'bulk.error.no-vendor', 'vendor_id');
      const jobVendor = await vendors.vendorOfCaller(caller, body.vendor_id.trim());
      const inputs = await readRows(body.content, body.file_name);

      const geocoded = new Map<string, Promise<GeoPoint | null>>();
      const context = {
        jobVendor,
        flagsOf: flagsPerVendor(flags),
        collectionPoint: collectionPoints(caller, jobVendor),
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
              currency,
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
              const result = await checkRow(caller, input, context);
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
      return detail(job!);
    },

    /** spec §7 GET /bulk-job/detail/{vendorId}/{jobId}: the job and a page of its rows. */
    async detail(caller: Caller, vendorId: string, jobId: string, query: BulkJobDetailQuery) {
      await vendors.vendorOfCaller(caller, vendorId);
      const job = await jobOfCaller(caller, jobId);
      if (job.vendor_id !== vendorId) throw notFound();
      return detail(job, query);
    },

    /** The job's rows with their outcome as a workbook, in the merchant's language (beyond spec §7). */
    async resultsFile(caller: Caller, vendorId: string, jobId: string, language: string | undefined): Promise<Buffer> {
      await vendors.vendorOfCaller(caller, vendorId);
      const job = await jobOfCaller(caller, jobId);
      if (job.vendor_id !== vendorId) throw notFound();
      const rows = await repo.listRows(db, jobId);
      const supported = language && country.languages.includes(language) ? language : country.defaultLanguage;
      return buildResultsFile(rows, rows.map(rowView), sheetTexts.textsOf(supported));
    },

    /**
     * spec §7 GET /bulk-job/all/{vendorId}: jobs at the placement stage, newest first (spec §4), and the checked
     * jobs not placed yet, so a merchant can come back to them.
     */
    async history(caller: Caller, vendorId: string): Promise<BulkJob[]> {
      await vendors.vendorOfCaller(caller, vendorId);
      return (await repo.listJobs(db, vendorId, HISTORY_LIMIT)).map(jobView);
    },

    /**
     * spec §7 POST /bulk-job/place-orders/{jobId}: asks for placement once. A repeated call (a retry, a double
     * click) finds the job already claimed and answers its state; the queue job is keyed by the bulk job, so
     * it exists once whatever happens.
     */
    async requestPlacement(
      caller: Caller,
      jobId: string,
      enqueue: (request: PlacementRequest, tx: Db) => Promise<unknown>,
    ): Promise<BulkJob> {
      const job = await jobOfCaller(caller, jobId);
      if (job.status === 'PREPROCESS_FAIL') throw keyedError(409, 'NothingToPlace', 'bulk.error.nothing-to-place');
      await db.transaction(async (tx) => {
        if (!(await repo.claimPlacement(tx, jobId, now()))) return;
        await enqueue({ bulk_job_id: jobId, caller }, tx);
        await repo.notifyJobChange(tx, jobId);
      });
      return jobView((await repo.findJob(db, jobId))!);
    },

    /**
     * The placement job: each remaining row is checked again (its quote may have expired, the hours may have
     * closed) and, in one transaction, becomes an order and is marked with it. A row already marked is never
     * placed again, so a retry after a crash resumes where the last commit left off (decision 053).
     */
    async place(request: PlacementRequest, job: Pick<JobContext, 'progress' | 'signal'>): Promise<void> {
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
        const body = orderBodyOf(row.input, collectionPoint, destination, row.scheduled_for, isAgeCheckRequired);
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
    },
  };
}
