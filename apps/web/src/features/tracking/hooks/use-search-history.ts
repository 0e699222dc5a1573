import { pushSearchTerm } from '@riderdesk/domain/search-history';
import { useCallback, useSyncExternalStore } from 'react';
import { readJson, writeStorage } from '../../../shared/storage.ts';

export const SEARCH_HISTORY_KEY = 'riderdesk-tracking-searches';

const listeners = new Set<() => void>();
let snapshot: string[] | null = null;

const read = (): string[] => {
  if (snapshot === null) {
    const stored = readJson<unknown>(SEARCH_HISTORY_KEY);
    snapshot = Array.isArray(stored) ? stored.filter((term): term is string => typeof term === 'string') : [];
  }
  return snapshot;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const write = (next: string[]) => {
  snapshot = next;
  writeStorage(SEARCH_HISTORY_KEY, next.length ? JSON.stringify(next) : null);
  for (const listener of listeners) listener();
};

/** Forget the cached copy so the next read comes from storage (tests clear storage between cases). */
export function resetSearchHistoryCache(): void {
  snapshot = null;
}

/** spec §4/§9: the last 10 unique search terms, newest first, kept across visits. */
export function useSearchHistory() {
  const terms = useSyncExternalStore(subscribe, read, read);
  const remember = useCallback((term: string) => write(pushSearchTerm(read(), term)), []);
  const clear = useCallback(() => write([]), []);
  return { terms, remember, clear };
}
