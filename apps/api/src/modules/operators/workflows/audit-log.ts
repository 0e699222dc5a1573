import { AUDIT_EXPORT_MAX } from '@riderdesk/domain/console/audit';
import type { AuditEntry, AuditFilters, AuditPage, AuditQuery } from '@riderdesk/domain/contracts/console-audit';
import { parseTimeIdCursor, timeIdCursorOf } from '@riderdesk/domain/time-id-cursor';
import { csvChunks, type ExportCell } from '../../../infra/spreadsheet.ts';
import { badCursor, type OperatorsDeps } from '../deps.ts';
import * as repo from '../repo.ts';

const EXPORT_BATCH = 1000;

function filterOf(filters: AuditFilters, before: repo.AuditFilter['before']): repo.AuditFilter {
  return {
    operatorId: filters.operator_id ?? null,
    action: filters.action ?? null,
    targetType: filters.target_type ?? null,
    targetId: filters.target_id ?? null,
    from: filters.from ? new Date(filters.from) : null,
    to: filters.to ? new Date(filters.to) : null,
    before,
  };
}

function entryView(row: repo.AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    operator:
      row.operator_id === null
        ? null
        : { id: row.operator_id, email: row.operator_email ?? '', name: row.operator_name ?? '' },
    action: row.action,
    target: { type: row.target_type, id: row.target_id },
    before: row.before,
    after: row.after,
  };
}

/** GET /console/audit-log: a page of the entries the filters select, newest first. */
export async function searchAuditLog(deps: OperatorsDeps, query: AuditQuery): Promise<AuditPage> {
  const before = query.cursor === undefined ? null : parseTimeIdCursor(query.cursor);
  if (query.cursor !== undefined && before === null) throw badCursor();
  const rows = await repo.searchAudit(deps.db, filterOf(query, before), query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(entryView),
    next_cursor: rows.length > query.limit && last ? timeIdCursorOf(last.at, last.id) : null,
  };
}

export const AUDIT_EXPORT_HEADINGS = [
  'at',
  'operator_id',
  'operator_email',
  'operator_name',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
] as const;

const json = (state: Record<string, unknown> | null) => (state === null ? null : JSON.stringify(state));

/** An entry as a CSV row: every text cell goes through the export's neutralising (infra/spreadsheet.ts). */
function exportRow(row: repo.AuditRow): ExportCell[] {
  return [
    row.at.toISOString(),
    row.operator_id,
    row.operator_email,
    row.operator_name,
    row.action,
    row.target_type,
    row.target_id,
    json(row.before),
    json(row.after),
  ];
}

async function* batchesOf(deps: OperatorsDeps, filters: AuditFilters): AsyncGenerator<repo.AuditRow[]> {
  let before: repo.AuditFilter['before'] = null;
  for (let sent = 0; sent < AUDIT_EXPORT_MAX; ) {
    const batch = await repo.searchAudit(
      deps.db,
      filterOf(filters, before),
      Math.min(EXPORT_BATCH, AUDIT_EXPORT_MAX - sent),
    );
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (!last || batch.length < EXPORT_BATCH) return;
    sent += batch.length;
    before = { at: last.at, id: last.id };
  }
}

/**
 * GET /console/audit-log/export: the same entries as CSV (UTF-8 with BOM), newest first, at most AUDIT_EXPORT_MAX,
 * read and streamed a thousand at a time. Cells are written as the orders' export writes them: text that a
 * spreadsheet would run as a formula is neutralised (OWASP "CSV injection"), bidi controls are left out.
 */
export function exportAuditLog(deps: OperatorsDeps, filters: AuditFilters): AsyncGenerator<Buffer> {
  return csvChunks(batchesOf(deps, filters), AUDIT_EXPORT_HEADINGS, exportRow);
}
