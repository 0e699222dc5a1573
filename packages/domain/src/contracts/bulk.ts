import { z } from 'zod';
import {
  BULK_DELIVERY_TYPES,
  BULK_JOB_STATUSES,
  BULK_PLACEMENT_STATES,
  BULK_ROW_STATUSES,
} from '../bulk/bulk-sheet.ts';
import { BULK_FILE_MAX_BYTES } from '../constants.ts';
import { IdSchema, queryNumberSchema, textSchema, VendorIdSchema } from './common.ts';

/** The base64 text of a file of at most BULK_FILE_MAX_BYTES (spec §5): 4 characters per 3 bytes. */
export const BULK_CONTENT_MAX_CHARACTERS = Math.ceil(BULK_FILE_MAX_BYTES / 3) * 4;
/** Characters of a file name kept with its job. */
export const BULK_FILE_NAME_MAX = 200;

export const BulkJobIdSchema = z.uuid();

/**
 * spec §7 POST /bulk-job/create: vendor_id and content, the file as base64. The size is bounded here; the
 * type, structure and decompressed size are checked by the server before anything parses it.
 */
export const BulkJobCreateBodySchema = z.object({
  // Blank is answered by the service with the spec §5 key (a vendor must be selected).
  vendor_id: textSchema(64),
  content: z
    .string()
    .max(BULK_CONTENT_MAX_CHARACTERS, 'bulk.error.too-large')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'bulk.error.invalid-format'),
  /** The file's name as the merchant chose it; `.csv` files are read as CSV. */
  file_name: textSchema(BULK_FILE_NAME_MAX, { trim: true }).optional(),
  /** Chosen by the browser to follow this upload's checking on the live socket (`bulk_job_update`). */
  upload_id: z.uuid().optional(),
});
export type BulkJobCreateBody = z.infer<typeof BulkJobCreateBodySchema>;

/** Why a row cannot be placed: a translation key, the cell it is about, and the key's values. */
export const BulkRowErrorSchema = z.object({
  key: z.string(),
  field: z.string().nullable(),
  values: z.record(z.string(), z.string()).nullable(),
});
export type BulkRowError = z.infer<typeof BulkRowErrorSchema>;

/** spec §3 bulk job row: its number in the sheet, status, error, order details, fee and collection point. */
export const BulkRowSchema = z.object({
  row_number: z.number().int(),
  status: z.enum(BULK_ROW_STATUSES),
  error: BulkRowErrorSchema.nullable(),
  /** Every problem of the row, `error` first; empty when it has none. */
  errors: z.array(BulkRowErrorSchema),
  order_id: z.string().nullable(),
  /** In major units of `currency`; null when the row has no fee (it failed before pricing). */
  delivery_fee: z.number().nullable(),
  collection_point: z.string(),
  customer_name: z.string(),
  phone_number: z.string(),
  drop_off_address: z.string(),
  item_description: z.string(),
  amount: z.string(),
  payment_method: z.string(),
  delivery_type: z.enum(BULK_DELIVERY_TYPES).or(z.string()),
  /** ISO instant of a scheduled row. */
  scheduled_for: z.string().nullable(),
});
export type BulkRow = z.infer<typeof BulkRowSchema>;

export const BulkTotalsSchema = z.object({
  total_rows: z.number().int(),
  orders_to_be_placed: z.number().int(),
  orders_placed: z.number().int(),
  errors: z.number().int(),
});
export type BulkTotals = z.infer<typeof BulkTotalsSchema>;

/** spec §3 bulk job. */
export const BulkJobSchema = z.object({
  metadata: z.object({ bulk_job_id: BulkJobIdSchema }),
  vendor_id: z.string(),
  file_name: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(BULK_JOB_STATUSES),
  placement: z.enum(BULK_PLACEMENT_STATES),
  totals: BulkTotalsSchema,
  preprocess_metadata: z.object({ success_row_count: z.number().int() }),
  /** Sum of the placeable rows' fees, in major units. */
  total_fee: z.number(),
  currency: z.string(),
  /** Placeable rows per payment type (the confirmation dialog lists them). */
  payment_types: z.record(z.string(), z.number().int()),
});
export type BulkJob = z.infer<typeof BulkJobSchema>;

/** Rows in one page of a job's detail, unless the call asks for fewer; the browser shows this many at once. */
export const BULK_DETAIL_PAGE_ROWS = 50;
/** The most rows one page of a job's detail may hold. */
export const BULK_DETAIL_MAX_ROWS = 500;

/**
 * spec §7 POST /bulk-job/create and GET /bulk-job/detail answer: body.bulk_job and body.orders — one page of
 * the rows in sheet order (a job holds up to 25 000), and `next_after_row` to ask for the next page with
 * (null on the last).
 */
export const BulkJobDetailAnswerSchema = z.object({
  code: z.literal(200),
  body: z.object({
    bulk_job: BulkJobSchema,
    orders: z.array(BulkRowSchema),
    next_after_row: z.number().int().nullable(),
  }),
});
export type BulkJobDetailAnswer = z.infer<typeof BulkJobDetailAnswerSchema>;

/** spec §7 GET /bulk-job/all/{vendorId}: code 200 and a list. */
export const BulkJobListAnswerSchema = z.object({ code: z.literal(200), body: z.array(BulkJobSchema) });
export type BulkJobListAnswer = z.infer<typeof BulkJobListAnswerSchema>;

/** spec §7 POST /bulk-job/place-orders/{jobId}: the job, with its placement under way or done. */
export const BulkPlaceOrdersAnswerSchema = z.object({
  code: z.literal(200),
  body: z.object({ bulk_job: BulkJobSchema }),
});
export type BulkPlaceOrdersAnswer = z.infer<typeof BulkPlaceOrdersAnswerSchema>;

export const BulkJobParamsSchema = z.object({ jobId: BulkJobIdSchema });
export const BulkVendorParamsSchema = z.object({ vendorId: VendorIdSchema });
export const BulkJobDetailParamsSchema = z.object({ vendorId: VendorIdSchema, jobId: BulkJobIdSchema });
/**
 * GET /bulk-job/detail: a page of rows after a row number (keyset), at most `limit`; `only_errors` keeps the
 * rows with a problem (refused when checked, or failed when placed).
 */
export const BulkJobDetailQuerySchema = z.object({
  after_row: queryNumberSchema(z.number().int().min(0).max(1_000_000)).optional(),
  limit: queryNumberSchema(z.number().int().min(1).max(BULK_DETAIL_MAX_ROWS)).default(BULK_DETAIL_PAGE_ROWS),
  only_errors: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type BulkJobDetailQuery = z.infer<typeof BulkJobDetailQuerySchema>;

export const BulkTemplateQuerySchema = z.object({ language: IdSchema.optional() });
