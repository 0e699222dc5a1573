import { z } from 'zod';
import { isRealLocalDateTime, VOUCHER_STATUSES } from '../voucher-rules.ts';
import { MoneyInputSchema, textSchema, VendorIdSchema } from './common.ts';
import { VOUCHER_TYPES } from './vouchers.ts';

/** The console's Vouchers page (issue 36): roles admin and operations. */

export const CONSOLE_VOUCHER_ERRORS = {
  exists: 'console.vouchers.error.exists',
  notFound: 'console.vouchers.error.not-found',
  value: 'console.vouchers.error.value',
  percentage: 'console.vouchers.error.percentage',
  window: 'console.vouchers.error.window',
  perVendor: 'console.vouchers.error.per-vendor',
  date: 'console.vouchers.error.date',
  code: 'console.vouchers.error.code',
  unknownVendor: 'console.vouchers.error.unknown-vendor',
} as const;

/** Letters, digits, - and _: read off a flyer and typed in; stored uppercase. */
export const ConsoleVoucherCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, CONSOLE_VOUCHER_ERRORS.code)
  .transform((code) => code.toUpperCase());

/** A wall-clock time in the country's time zone, `2026-12-31T23:59`. */
const LocalDateTimeSchema = z.string().refine(isRealLocalDateTime, CONSOLE_VOUCHER_ERRORS.date);
const LimitSchema = z.number().int().min(1).max(10_000_000).nullable();

/** What an operator sets on a voucher (the code only when creating it: uses are counted by it). */
export const ConsoleVoucherFieldsSchema = z
  .object({
    type: z.enum(VOUCHER_TYPES),
    /** Major units for amount, 1-100 for percentage, 0 for deliveryFee. */
    value: MoneyInputSchema,
    description: textSchema(200, { trim: true }).nullable(),
    valid_from: LocalDateTimeSchema.nullable(),
    valid_until: LocalDateTimeSchema.nullable(),
    max_uses: LimitSchema,
    max_uses_per_vendor: LimitSchema,
    /** The least delivery fee (before the discount) it applies to, in major units. */
    min_order_value: MoneyInputSchema.nullable(),
    /** Empty: every vendor. A parent's voucher is its collection points' too. */
    vendor_ids: z.array(VendorIdSchema).max(200),
  })
  .superRefine((body, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (body.type !== 'deliveryFee' && body.value <= 0) issue('value', CONSOLE_VOUCHER_ERRORS.value);
    if (body.type === 'percentage' && body.value > 100) issue('value', CONSOLE_VOUCHER_ERRORS.percentage);
    // Both are zero-padded wall-clock times, so text order is time order.
    if (body.valid_from && body.valid_until && body.valid_until <= body.valid_from) {
      issue('valid_until', CONSOLE_VOUCHER_ERRORS.window);
    }
    if (body.max_uses !== null && body.max_uses_per_vendor !== null && body.max_uses_per_vendor > body.max_uses) {
      issue('max_uses_per_vendor', CONSOLE_VOUCHER_ERRORS.perVendor);
    }
  });
export type ConsoleVoucherFields = z.infer<typeof ConsoleVoucherFieldsSchema>;

/** POST /api/v1/console/vouchers */
export const ConsoleVoucherCreateBodySchema = z.intersection(
  z.object({ code: ConsoleVoucherCodeSchema }),
  ConsoleVoucherFieldsSchema,
);
export type ConsoleVoucherCreateBody = z.infer<typeof ConsoleVoucherCreateBodySchema>;

/** PUT /api/v1/console/vouchers/{code} */
export const ConsoleVoucherUpdateBodySchema = ConsoleVoucherFieldsSchema;

export const ConsoleVoucherParamsSchema = z.object({ code: textSchema(64, { min: 1, trim: true }) });

/** POST /api/v1/console/vouchers/{code}/pause: paused, or in use again. */
export const ConsoleVoucherPauseBodySchema = z.object({ is_paused: z.boolean() });

export const ConsoleVoucherSchema = z.object({
  code: z.string(),
  type: z.enum(VOUCHER_TYPES),
  value: z.number(),
  currency: z.string(),
  description: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_vendor: z.number().int().nullable(),
  min_order_value: z.number().nullable(),
  vendor_ids: z.array(z.string()),
  status: z.enum(VOUCHER_STATUSES),
  /** Orders placed with it, cancelled ones left out, and what it took off their fees (major units). */
  uses: z.number().int(),
  discount_given: z.number(),
  created_at: z.iso.datetime(),
});
export type ConsoleVoucher = z.infer<typeof ConsoleVoucherSchema>;

export const ConsoleVoucherListSchema = z.object({ vouchers: z.array(ConsoleVoucherSchema) });

export const ConsoleVoucherUseSchema = z.object({
  order_id: z.string(),
  vendor_id: z.string(),
  vendor_name: z.string(),
  status: z.string(),
  created_at: z.iso.datetime(),
  discount: z.number(),
});
export type ConsoleVoucherUse = z.infer<typeof ConsoleVoucherUseSchema>;

export const ConsoleVoucherUsesSchema = z.object({ uses: z.array(ConsoleVoucherUseSchema) });
