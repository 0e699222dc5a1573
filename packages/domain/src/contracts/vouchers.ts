import { z } from 'zod';
import { ORDER_AMOUNT_TYPES } from '../constants.ts';
import { MoneyInputSchema, resultOf, textSchema, tokenSchema, UnixSecondsSchema, VendorIdSchema } from './common.ts';

// spec §3: a voucher's type is one of the order amount types.
export const VOUCHER_TYPES = ORDER_AMOUNT_TYPES;
export type VoucherType = (typeof VOUCHER_TYPES)[number];

export const VoucherCodeSchema = textSchema(64, { min: 1, trim: true });

/** amount is in major units for 'amount', a percentage for 'percentage', ignored for 'deliveryFee'. */
export const VoucherSchema = z.object({
  code: VoucherCodeSchema,
  amount: MoneyInputSchema,
  type: z.enum(VOUCHER_TYPES),
});
export type Voucher = z.infer<typeof VoucherSchema>;

/** POST /voucher/validate (spec §7): the discount is computed on a signed fee quote. */
export const VoucherValidateBodySchema = z.object({
  code: VoucherCodeSchema,
  order: z.object({
    /** Unix seconds of the delivery: now, or preordered_for. */
    order_time: UnixSecondsSchema,
    delivery_fee: MoneyInputSchema,
    signature: tokenSchema(256),
  }),
  vendor_id: VendorIdSchema,
});
export type VoucherValidateBody = z.infer<typeof VoucherValidateBodySchema>;

/** delivery_fee and signature are the discounted fee and its own signature. */
export const VoucherValidationSchema = z.object({
  voucher: VoucherSchema,
  delivery_fee: z.number().min(0),
  signature: z.string().min(1),
});
export type VoucherValidation = z.infer<typeof VoucherValidationSchema>;
export const VoucherValidateAnswerSchema = resultOf(VoucherValidationSchema);
export type VoucherValidateAnswer = z.infer<typeof VoucherValidateAnswerSchema>;

/** GET /voucher/{code} (spec §7). */
export const VoucherParamsSchema = z.object({ code: VoucherCodeSchema });
export type VoucherParams = z.infer<typeof VoucherParamsSchema>;
export const VoucherDetailsSchema = VoucherSchema.extend({
  description: z.string().nullable(),
  valid_until: z.iso.datetime({ offset: true }).nullable(),
  is_active: z.boolean(),
});
export type VoucherDetails = z.infer<typeof VoucherDetailsSchema>;
export const VoucherDetailsAnswerSchema = resultOf(VoucherDetailsSchema);
export type VoucherDetailsAnswer = z.infer<typeof VoucherDetailsAnswerSchema>;
