import { z } from 'zod';
import {
  AUDIT_ACTION_SEARCH_PATTERN,
  AUDIT_PAGE_MAX,
  AUDIT_PAGE_SIZE,
  AUDIT_TARGET_TYPE_PATTERN,
} from '../console/audit.ts';
import { InstantInputSchema, textSchema, tokenSchema } from './common.ts';

/** The console's audit log (issue 36, decision 170): admins search it and export it as CSV. */

/** What a change was made to: a type (`operator`, `vendor`, `voucher`) and that thing's id. */
export const AuditTargetSchema = z.object({ type: z.string(), id: z.string() });
export type AuditTarget = z.infer<typeof AuditTargetSchema>;

/** The state before and after a change, as the module that made it shows it (never a secret). */
export const AuditStateSchema = z.record(z.string(), z.unknown()).nullable();
export type AuditState = z.infer<typeof AuditStateSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  /** Who made the change; null for the command line (`npm run ops`). */
  operator: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  target: AuditTargetSchema,
  before: AuditStateSchema,
  after: AuditStateSchema,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/**
 * GET /api/v1/console/audit-log and /audit-log/export: every filter is optional; `from` and `to` bound the time
 * (`from` included, `to` not). `action` matches the action, or every action it is the first part of.
 */
export const AuditFiltersSchema = z.object({
  operator_id: z.uuid().optional(),
  action: textSchema(100).regex(AUDIT_ACTION_SEARCH_PATTERN).optional(),
  target_type: textSchema(50).regex(AUDIT_TARGET_TYPE_PATTERN).optional(),
  target_id: textSchema(100, { min: 1 }).optional(),
  from: InstantInputSchema.optional(),
  to: InstantInputSchema.optional(),
});
export type AuditFilters = z.infer<typeof AuditFiltersSchema>;

export const AuditQuerySchema = AuditFiltersSchema.extend({
  cursor: tokenSchema(100).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** Newest first; `next_cursor` is null on the last page. */
export const AuditPageSchema = z.object({ entries: z.array(AuditEntrySchema), next_cursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPageSchema>;
