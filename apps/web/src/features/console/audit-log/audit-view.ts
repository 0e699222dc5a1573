import { TZDate } from '@date-fns/tz';
import type { AuditEntry, AuditState } from '@riderdesk/domain/contracts/console-audit';
import type { AuditSearchForm } from '@riderdesk/domain/validation/console-forms';

/** The audit log page's view (decision 170): its search as the API's query, its entries as rows. */

export const EMPTY_SEARCH: AuditSearchForm = {
  operatorId: '',
  action: '',
  targetType: '',
  targetId: '',
  from: '',
  to: '',
};

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The instant a clock in the country's zone shows at a date input's wall time ('2026-05-04T10:30'), or null. */
export function instantOfWallTime(wallTime: string, timeZone: string): string | null {
  const match = WALL_TIME.exec(wallTime);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return new Date(new TZDate(year, month - 1, day, hour, minute, 0, timeZone).getTime()).toISOString();
}

/** The API's query of a search: only what was given; times as instants of the country's zone. */
export function auditQueryOf(form: AuditSearchForm, timeZone: string): Record<string, string> {
  const query: Record<string, string> = {};
  if (form.operatorId) query.operator_id = form.operatorId;
  if (form.action) query.action = form.action;
  if (form.targetType) query.target_type = form.targetType;
  if (form.targetId.trim()) query.target_id = form.targetId.trim();
  const from = instantOfWallTime(form.from, timeZone);
  const to = instantOfWallTime(form.to, timeZone);
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}

/**
 * A search opened from a link (another section's "see in the audit log"): its operator and target; the rest
 * empty.
 */
export function searchOfLink(params: URLSearchParams): AuditSearchForm {
  return {
    ...EMPTY_SEARCH,
    operatorId: params.get('operator_id') ?? '',
    targetType: params.get('target_type') ?? '',
    targetId: params.get('target_id') ?? '',
  };
}

/** One field a change touched: its value before and after, as text (null where it had none). */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

const textOf = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/**
 * The fields whose value differs between before and after, in the order the states name them. A creation shows
 * every field of the after; an entry whose before and after are the same (an invitation sent again) shows none.
 */
export function changesOf(before: AuditState, after: AuditState): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, before: textOf(before?.[field]), after: textOf(after?.[field]) }))
    .filter((change) => change.before !== change.after);
}

export interface AuditRowView {
  id: string;
  at: Date;
  /** Who made the change; null is the command line. */
  who: { name: string; email: string } | null;
  action: string;
  /** The action's text in the console's catalogue; a page shows the action itself when it has none. */
  actionKey: string;
  target: string;
  changes: AuditChange[];
}

export function auditRow(entry: AuditEntry): AuditRowView {
  return {
    id: entry.id,
    at: new Date(entry.at),
    who: entry.operator ? { name: entry.operator.name, email: entry.operator.email } : null,
    action: entry.action,
    actionKey: `console.audit.action.${entry.action}`,
    target: `${entry.target.type} ${entry.target.id}`,
    changes: changesOf(entry.before, entry.after),
  };
}

/** The search's action choices, grouped by target type: each action, and each type for all of its actions. */
export function actionChoices(
  actions: readonly string[],
  label: (action: string) => string,
  allOf: (type: string) => string,
): { group: string; items: { value: string; label: string }[] }[] {
  const groups = new Map<string, string[]>();
  for (const action of actions) {
    const type = action.split('.')[0] ?? action;
    groups.set(type, [...(groups.get(type) ?? []), action]);
  }
  return [...groups].map(([type, members]) => ({
    group: type,
    items: [{ value: type, label: allOf(type) }, ...members.map((action) => ({ value: action, label: label(action) }))],
  }));
}
