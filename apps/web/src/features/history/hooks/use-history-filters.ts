import { DATE_PRESETS } from '@riderdesk/domain/date-presets';
import { DEFAULT_HISTORY_RANGE, type HistoryDateRange } from '@riderdesk/domain/order-history';
import { STATUS_FILTERS, type StatusFilter } from '@riderdesk/domain/order-status';
import { useCallback, useState } from 'react';
import { readJson, STORAGE_KEYS, writeStorage } from '../../../shared/storage.ts';

export interface HistoryFilters {
  range: HistoryDateRange;
  status: StatusFilter;
}

const DEFAULT_FILTERS: HistoryFilters = { range: DEFAULT_HISTORY_RANGE, status: 'ANY' };
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What storage holds is checked like any outside input: an edited or old value falls back to the default. */
export function parseStoredFilters(value: unknown): HistoryFilters {
  if (typeof value !== 'object' || value === null) return DEFAULT_FILTERS;
  const { range, status } = value as { range?: Record<string, unknown>; status?: unknown };
  const safeStatus = STATUS_FILTERS.includes(status as StatusFilter) ? (status as StatusFilter) : 'ANY';
  const preset = range?.preset;
  if (!DATE_PRESETS.includes(preset as HistoryDateRange['preset']))
    return { range: DEFAULT_HISTORY_RANGE, status: safeStatus };
  if (preset !== 'Custom')
    return { range: { preset: preset as Exclude<HistoryDateRange['preset'], 'Custom'> }, status: safeStatus };
  const day = (input: unknown) => (typeof input === 'string' && CALENDAR_DAY.test(input) ? input : null);
  return { range: { preset: 'Custom', start: day(range?.start), end: day(range?.end) }, status: safeStatus };
}

/**
 * The filters a link carries (`start`, `end` and `status` of the history URL, paths.history): a custom period and
 * a status, checked like stored ones; null when the link names neither.
 */
export function linkedFiltersOf(search: URLSearchParams): HistoryFilters | null {
  const start = search.get('start');
  const end = search.get('end');
  const status = search.get('status');
  if (start === null && end === null && status === null) return null;
  const stored = readJson(STORAGE_KEYS.historyFilters) as Partial<HistoryFilters> | null;
  return parseStoredFilters({
    range: start !== null || end !== null ? { preset: 'Custom', start, end } : (stored?.range ?? DEFAULT_HISTORY_RANGE),
    status: status ?? 'ANY',
  });
}

/**
 * spec §9 "Persisted state": the date range and the status survive visits; the search does not. Filters a link
 * opened the page on replace them, as if chosen.
 */
export function useHistoryFilters(linked: HistoryFilters | null = null) {
  const [filters, setFilters] = useState<HistoryFilters>(() => {
    if (!linked) return parseStoredFilters(readJson(STORAGE_KEYS.historyFilters));
    writeStorage(STORAGE_KEYS.historyFilters, JSON.stringify(linked));
    return linked;
  });
  const update = useCallback((change: Partial<HistoryFilters>) => {
    setFilters((current) => {
      const next = { ...current, ...change };
      writeStorage(STORAGE_KEYS.historyFilters, JSON.stringify(next));
      return next;
    });
  }, []);
  return [filters, update] as const;
}
