import { useCallback, useSyncExternalStore } from 'react';
import { readJson, STORAGE_KEYS, writeStorage } from '../../../shared/storage.ts';

type Toggles = Record<string, boolean>;
const listeners = new Set<() => void>();
let snapshot: Toggles | null = null;

const read = (): Toggles => {
  snapshot ??= readJson<Toggles>(STORAGE_KEYS.outletToggles) ?? {};
  return snapshot;
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * spec §9: vendor outlet toggles are persisted; one per parent vendor. A parent's outlets are included
 * until the user turns them off: a parent's own list is empty, its orders are its outlets'. The toggle
 * only applies where it is shown (a parent, the country parameter on).
 */
export function useIncludeOutlets(vendorId: string | null) {
  const toggles = useSyncExternalStore(subscribe, read, read);
  const setIncludeOutlets = useCallback(
    (value: boolean) => {
      if (!vendorId) return;
      snapshot = { ...read(), [vendorId]: value };
      writeStorage(STORAGE_KEYS.outletToggles, JSON.stringify(snapshot));
      for (const listener of listeners) listener();
    },
    [vendorId],
  );
  return [vendorId ? (toggles[vendorId] ?? true) : false, setIncludeOutlets] as const;
}
