import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../config.ts';
import { PAYOUT_METHODS } from '../ledger/settlement.ts';
import { VendorIdSchema } from './common.ts';

// The merchant Finance page's and the console finance section's calls (issue 38, decisions 178 and 179).

export const FinanceParamsSchema = z.object({ vendorId: VendorIdSchema });
export const SettlementParamsSchema = FinanceParamsSchema.extend({ settlementId: z.uuid() });
export const LineParamsSchema = FinanceParamsSchema.extend({ lineId: z.uuid() });

export const SettlementSchema = z.object({
  settlement_id: z.string(),
  vendor_id: z.string(),
  period_end: z.string(),
  credited_minor: z.number().int(),
  charged_minor: z.number().int(),
  net_minor: z.number().int(),
  status: z.enum(['pending', 'paid']),
  payout_method: z.enum(PAYOUT_METHODS).nullable(),
  paid_reference: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type Settlement = z.infer<typeof SettlementSchema>;

export const SettlementLineSchema = z.object({
  line_id: z.string(),
  order_id: z.string().nullable(),
  credited_minor: z.number().int(),
  charged_minor: z.number().int(),
  net_minor: z.number().int(),
  dispute_status: z.enum(['none', 'open', 'resolved']),
  dispute_reason: z.string().nullable(),
  resolution_note: z.string().nullable(),
  adjustment_minor: z.number().int().nullable(),
});
export type SettlementLine = z.infer<typeof SettlementLineSchema>;

export const FinanceSummarySchema = z.object({
  result: z.object({
    currency: z.string(),
    cash_held_minor: z.number().int(),
    next_settlement_estimate_minor: z.number().int(),
    collected_per_day: z.array(z.object({ day: z.string(), collected_minor: z.number().int() })),
    settlements: z.array(SettlementSchema),
    reconciliation: z.array(
      z.object({
        order_id: z.string(),
        collected_minor: z.number().int(),
        credited_minor: z.number().int(),
        charged_minor: z.number().int(),
        settlement_id: z.string().nullable(),
      }),
    ),
  }),
});
export type FinanceSummary = z.infer<typeof FinanceSummarySchema>['result'];

export const SettlementDetailSchema = z.object({
  result: z.object({ settlement: SettlementSchema, lines: z.array(SettlementLineSchema) }),
});

export const StatementQuerySchema = z.object({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
  lang: z.enum(SUPPORTED_LANGUAGES).default('en'),
});
export type StatementQuery = z.infer<typeof StatementQuerySchema>;

export const DisputeBodySchema = z.object({ reason: z.string().trim().min(3).max(500) });

export const DepositBodySchema = z.object({
  rider_id: z.uuid(),
  // Minor units, at most PKR 10 million in one deposit.
  amount_minor: z.number().int().positive().max(1_000_000_000),
  place: z.string().trim().min(2).max(120),
  receipt_number: z.string().trim().min(1).max(64),
});
export type DepositBody = z.infer<typeof DepositBodySchema>;

export const MarkPaidBodySchema = z.object({ reference: z.string().trim().min(1).max(120) });

export const ResolveDisputeBodySchema = z.object({
  adjustment_minor: z.number().int().min(-1_000_000_000).max(1_000_000_000),
  note: z.string().trim().min(3).max(500),
});

export const ConsoleSettlementsQuerySchema = z.object({ status: z.enum(['pending', 'paid']).optional() });
export const ConsoleSettlementParamsSchema = z.object({ settlementId: z.uuid() });
export const ConsoleLineParamsSchema = z.object({ lineId: z.uuid() });
