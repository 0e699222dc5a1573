import {
  ACTIVE_DELIVERIES_CHECK_MS,
  ACTIVE_DELIVERIES_STALE_FAST_MS,
  ACTIVE_DELIVERIES_STALE_MS,
} from '@riderdesk/domain/constants';
import { useEffect, useRef } from 'react';

/**
 * spec §9: every 5 s on the tracking route, refresh the active deliveries when the last update is
 * older than 60 s (dynamic time estimation or guest) or else 300 s. The live connection normally
 * keeps the lists current; this covers a connection that silently stopped delivering.
 */
export function useFallbackRefresh(options: {
  isEnabled: boolean;
  isFast: boolean;
  lastUpdateAt: () => number;
  refresh: () => void;
}): void {
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    if (!options.isEnabled) return;
    const timer = window.setInterval(() => {
      const { isFast, lastUpdateAt, refresh } = latest.current;
      const staleAfter = isFast ? ACTIVE_DELIVERIES_STALE_FAST_MS : ACTIVE_DELIVERIES_STALE_MS;
      if (Date.now() - lastUpdateAt() > staleAfter) refresh();
    }, ACTIVE_DELIVERIES_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [options.isEnabled]);
}
