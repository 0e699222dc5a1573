/**
 * The merchant API's per-client budgets and its audit trail (issue 35, decision 161).
 */

/** Calls a client may make per minute that read (GET, HEAD) — MERCHANT_API_READS_PER_MINUTE. */
export const DEFAULT_READS_PER_MINUTE = 600;
/** Calls a client may make per minute that write (POST, PUT, PATCH, DELETE) — MERCHANT_API_WRITES_PER_MINUTE. */
export const DEFAULT_WRITES_PER_MINUTE = 120;
export const RATE_WINDOW_MS = 60_000;

export type ApiCallKind = 'read' | 'write';

/** Which budget a call spends: reads are GET and HEAD, every other method writes. */
export function callKindOf(method: string): ApiCallKind {
  const upper = method.toUpperCase();
  return upper === 'GET' || upper === 'HEAD' || upper === 'OPTIONS' ? 'read' : 'write';
}

/** The audit trail keeps a call this many days (a daily job deletes older ones). */
export const AUDIT_RETENTION_DAYS = 30;
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;

/** The first instant still kept at `now`. */
export function auditKeptSince(now: Date): Date {
  return new Date(now.getTime() - AUDIT_RETENTION_DAYS * 24 * 60 * 60_000);
}
