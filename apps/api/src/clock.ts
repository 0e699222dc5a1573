/** The clock every expiry, service-hours check and seed is measured against; tests and demos move it. */
export type Clock = () => Date;

export const wallClock: Clock = () => new Date();

/**
 * CLOCK_AT: a clock that reads `start` when created and then advances in real time, so a whole server
 * (and the browser driven against it) can be tried at a given hour, e.g. at night when service is closed.
 */
export function clockStartingAt(start: Date | null): Clock {
  if (!start) return wallClock;
  const offset = start.getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}
