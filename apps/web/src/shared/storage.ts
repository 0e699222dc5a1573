// spec §3: local storage keys. The first five are named by the spec; the rest are ours.
export const STORAGE_KEYS = {
  guestToken: 'guest-token',
  guestOrders: 'guest-orders',
  godroidToken: 'godroid-token',
  godroidLocale: 'godroid-locale',
  godroidTosRequired: 'godroid-tos-required',
  session: 'riderdesk-session',
  language: 'riderdesk-language',
  outletToggles: 'riderdesk-outlet-toggles',
  // spec §9 "Persisted state": the history filters' date range and status.
  historyFilters: 'riderdesk-history-filters',
  // The insights page's period (issue 39), kept like History's.
  insightsRange: 'riderdesk-insights-range',
  lastVendor: 'riderdesk-last-vendor',
  // The remote flag sources and the maintenance texts, for a start while the API is down (spec §7).
  maintenanceSources: 'riderdesk-maintenance-sources',
  // Followed by '<user>:<branch>': a request not sent yet (features/request/request-draft.ts).
  requestDraftPrefix: 'riderdesk-request-draft:',
  // A guest's last pickup and contact, offered again on the next visit (this browser only).
  guestLastPickup: 'riderdesk-guest-last-pickup',
  // Set while a session the server ended has not been followed by a login: a page opened meanwhile (a
  // navigation of the same tab, another tab) still says "You are now disconnected." (session-store.ts).
  disconnected: 'riderdesk-disconnected',
} as const;

/** localStorage can throw (private mode, quota, disabled storage); the app must keep working. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value simply won't survive a reload.
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
