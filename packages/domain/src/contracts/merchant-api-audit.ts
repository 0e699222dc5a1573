import { z } from 'zod';
import { AUDIT_PAGE_MAX, AUDIT_PAGE_SIZE } from '../merchant-api/limits.ts';
import { IdSchema, tokenSchema, VendorIdSchema } from './common.ts';

/**
 * GET /api/v1/merchant-api/audit: the merchant API's calls of the caller's clients, newest first (issue 35,
 * decision 161). Without vendor_id, every vendor the caller may act for; client_id narrows to one client.
 * `cursor` is the previous page's `next_cursor` (opaque).
 */
export const ApiAuditQuerySchema = z.object({
  vendor_id: VendorIdSchema.optional(),
  client_id: IdSchema.optional(),
  cursor: tokenSchema(100).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_SIZE),
});
export type ApiAuditQuery = z.infer<typeof ApiAuditQuerySchema>;

/** One call: its route is the pattern (`/merchant/api/v1/orders/:order_id`), never the URL with its ids. */
export const ApiAuditCallSchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  client_id: z.string(),
  client_name: z.string(),
  method: z.string(),
  route: z.string(),
  status: z.number().int(),
  latency_ms: z.number().int().min(0),
});
export type ApiAuditCall = z.infer<typeof ApiAuditCallSchema>;

/** `next_cursor` is null on the last page. */
export const ApiAuditListSchema = z.object({
  calls: z.array(ApiAuditCallSchema),
  next_cursor: z.string().nullable(),
});
export type ApiAuditList = z.infer<typeof ApiAuditListSchema>;
