import type { HistoryDateRange } from '@riderdesk/domain/order-history';
import { useCallback, useState } from 'react';
import { readJson, STORAGE_KEYS, writeStorage } from '../../../shared/storage.ts';
import { parseStoredRange } from '../insights-view.ts';

/** The period the page shows, kept across visits as History keeps its own. */
export function useInsightsRange() {
  const [range, setRange] = useState<HistoryDateRange>(() => parseStoredRange(readJson(STORAGE_KEYS.insightsRange)));
  const update = useCallback((next: HistoryDateRange) => {
    writeStorage(STORAGE_KEYS.insightsRange, JSON.stringify(next));
    setRange(next);
  }, []);
  return [range, update] as const;
}
