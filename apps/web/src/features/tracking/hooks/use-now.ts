import { useEffect, useState } from 'react';

/** The current time, refreshed on an interval so time-based rules (pre-order due, cancel window) move on. */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
