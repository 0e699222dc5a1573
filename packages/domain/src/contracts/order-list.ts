import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../config.ts';
import { PAGE_SIZE_ACTIVE, PAGE_SIZE_HISTORY } from '../constants.ts';
import { HistoryDrillBodySchema, HistoryDrillSchema } from '../insights/drill.ts';
import { EXPORT_JOB_STATUSES, HISTORY_SEARCH_MAX_LENGTH } from '../order-history.ts';
import {
  CANCEL_NOTE_MAX_LENGTH,
  MERCHANT_CANCEL_REASONS,
  OTHER_CANCEL_REASON,
  STATUS_FILTERS,
} from '../order-status.ts';
import { PROOF_KINDS } from '../orders/proofs.ts';
import { STATEMENT_MONTH_PATTERN } from '../orders/statement.ts';
import { InstantInputSchema, queryNumberSchema, resultOf, textSchema, tokenSchema, VendorIdSchema } from './common.ts';
import { OrderIdSchema, OrderSchema } from './orders.ts';

// Query strings carry booleans as text; anything but 'true' is false, as the browser only ever sends true.
const QueryBoolean = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

/** GET /vendor/{vendorId}/orders (spec §7). */
export const OrderListParamsSchema = z.object({ vendorId: VendorIdSchema });
export type OrderListParams = z.infer<typeof OrderListParamsSchema>;

export const OrderListQuerySchema = z.object({
  /** Opaque: the `pagination_key` of the previous page. */
  pagination_key: tokenSchema(512).optional(),
  from: InstantInputSchema.optional(),
  to: InstantInputSchema.optional(),
  // spec §9 page sizes: history 30, active 200 (the largest a page may be).
  count: queryNumberSchema(z.number().int().min(1).max(PAGE_SIZE_ACTIVE)).default(PAGE_SIZE_HISTORY),
  /** A parent also lists its outlets' orders. */
  include_outlets: QueryBoolean,
  customer_phone_number: textSchema(32, { min: 1, trim: true }).optional(),
  /** Pre-orders whose preordered_for lies in [from, to], instead of orders created in it. */
  scheduled: QueryBoolean,
  /** spec §4 status filter values; ANY (the default) filters nothing. */
  status: z.enum(STATUS_FILTERS).optional(),
  /** spec §4 search: an order id, or part of a customer phone or name, ignoring spaces. */
  search: textSchema(HISTORY_SEARCH_MAX_LENGTH, { trim: true }).optional(),
  /** The narrowing of a click from insights (weekday and hour, a duration bucket, a cancellation reason). */
  ...HistoryDrillSchema.shape,
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * GET /vendor/{vendorId}/orders/export: the orders the history filters select, as a file. Unlike the
 * list, the range is required and bounded (HISTORY_MAX_RANGE_DAYS).
 */
export const OrderExportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS),
  from: InstantInputSchema,
  to: InstantInputSchema,
  include_outlets: QueryBoolean,
  status: z.enum(STATUS_FILTERS).optional(),
  search: textSchema(HISTORY_SEARCH_MAX_LENGTH, { trim: true }).optional(),
  ...HistoryDrillSchema.shape,
  /** The language of the column headings and status labels. */
  lang: z.enum(SUPPORTED_LANGUAGES).default('en'),
});
export type OrderExportQuery = z.infer<typeof OrderExportQuerySchema>;

/**
 * POST /vendor/{vendorId}/orders/export-jobs: "Send by e-mail" — the same filters as the download, built by
 * a background job and e-mailed to the caller as a signed link (docs/decisions/047-e-mailed-exports.md).
 */
export const OrderExportJobBodySchema = z.object({
  format: z.enum(EXPORT_FORMATS),
  from: InstantInputSchema,
  to: InstantInputSchema,
  include_outlets: z.boolean().default(false),
  status: z.enum(STATUS_FILTERS).optional(),
  search: textSchema(HISTORY_SEARCH_MAX_LENGTH, { trim: true }).optional(),
  ...HistoryDrillBodySchema.shape,
  lang: z.enum(SUPPORTED_LANGUAGES).default('en'),
});
export type OrderExportJobBody = z.input<typeof OrderExportJobBodySchema>;

export const OrderExportJobParamsSchema = z.object({ vendorId: VendorIdSchema, exportId: z.uuid() });
export type OrderExportJobParams = z.infer<typeof OrderExportJobParamsSchema>;

export const OrderExportJobSchema = z.object({
  export_id: z.uuid(),
  vendor_id: z.string(),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_JOB_STATUSES),
  /** Rows written so far, and of how many (null until counted). */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative().nullable(),
  /** Where the link goes. */
  email: z.string(),
  /** A message key when the job failed. */
  error: z.string().nullable(),
  created_at: z.string(),
  /** When the file and its link stop working (READY only). */
  expires_at: z.string().nullable(),
});
export type OrderExportJob = z.infer<typeof OrderExportJobSchema>;
export const OrderExportJobAnswerSchema = resultOf(z.object({ export_job: OrderExportJobSchema }));
export const OrderExportJobListAnswerSchema = resultOf(z.object({ export_jobs: z.array(OrderExportJobSchema) }));
export type OrderExportJobListAnswer = z.infer<typeof OrderExportJobListAnswerSchema>;

/** GET /order-exports/{exportId}/file: the e-mailed link, signed and valid until `expires` (Unix seconds). */
export const OrderExportLinkParamsSchema = z.object({ exportId: z.uuid() });
export const OrderExportLinkQuerySchema = z.object({
  expires: queryNumberSchema(
    z
      .number()
      .int()
      .positive()
      .max(2 ** 40),
  ),
  signature: tokenSchema(128),
});
export type OrderExportLinkQuery = z.infer<typeof OrderExportLinkQuerySchema>;

export const OrderListAnswerSchema = resultOf(
  z.object({
    data: z.array(OrderSchema),
    pagination: z.object({ pagination_key: z.string().nullable() }),
  }),
);
export type OrderListAnswer = z.infer<typeof OrderListAnswerSchema>;

/** PUT /order/cancel (spec §7). */
export const OrderCancelBodySchema = z
  .object({
    vendor_id: VendorIdSchema,
    order_id: OrderIdSchema,
    // A merchant cancels for one of its own reasons; the rider's and the platform's are not its to give.
    reason: z.enum(MERCHANT_CANCEL_REASONS),
    /** The merchant's words, with "Other reason" only (and required there). */
    note: textSchema(CANCEL_NOTE_MAX_LENGTH, { trim: true, tooLong: 'cancel.note.too-long' }).optional(),
  })
  .superRefine((body, context) => {
    const isOther = body.reason === OTHER_CANCEL_REASON;
    if (isOther && !body.note) context.addIssue({ code: 'custom', path: ['note'], message: 'cancel.note.required' });
    if (!isOther && body.note !== undefined) {
      context.addIssue({ code: 'custom', path: ['note'], message: 'cancel.note.only-with-other' });
    }
  });
export type OrderCancelBody = z.infer<typeof OrderCancelBodySchema>;
export const ATTEMPT_CANCEL_MESSAGE = 'action.attempt-cancel' as const;
export const OrderCancelAnswerSchema = resultOf(z.object({ message: z.literal(ATTEMPT_CANCEL_MESSAGE) }));
export type OrderCancelAnswer = z.infer<typeof OrderCancelAnswerSchema>;

/**
 * PUT /order/confirm-cash (decision 175): the merchant confirms, after calling the customer, a cash order waiting
 * for its customer; a rider is then sent. Answers the order.
 */
export const OrderConfirmCashBodySchema = z.object({ vendor_id: VendorIdSchema, order_id: OrderIdSchema });
export type OrderConfirmCashBody = z.infer<typeof OrderConfirmCashBodySchema>;

/** GET /order/{orderId}/proofs/{kind}: the photo itself (image/jpeg or image/png). */
export const OrderProofParamsSchema = z.object({ orderId: OrderIdSchema, kind: z.enum(PROOF_KINDS) });
export type OrderProofParams = z.infer<typeof OrderProofParamsSchema>;

export const STATEMENT_FORMATS = ['xlsx', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/**
 * GET /vendor/{vendorId}/statement: a month's delivered and returned orders with their fees and the cash
 * collected, and totals (docs/decisions/048-monthly-statements.md).
 */
export const StatementQuerySchema = z.object({
  month: z.string().regex(STATEMENT_MONTH_PATTERN, 'validation.month'),
  format: z.enum(STATEMENT_FORMATS),
  /** A parent's statement covers its outlets too, with a subtotal for each. */
  include_outlets: QueryBoolean,
  lang: z.enum(SUPPORTED_LANGUAGES).default('en'),
});
export type StatementQuery = z.infer<typeof StatementQuerySchema>;
