/** Dispatcher and simulator settings, parsed with the rest of the environment in src/config.ts. */
export interface DispatchConfig {
  /** Runs the automatic dispatcher (releases, offers, time limits, delays). */
  dispatcher: boolean;
  dispatchIntervalMs: number;
  /** spec §8 cancel reason no_courier: nobody accepted within this many minutes of waiting. */
  noCourierMinutes: number;
  offerTimeoutSeconds: number;
  /** A pre-order is released this long before its time minus the pickup estimate. */
  preorderLeadMinutes: number;
  /** Riders farther than this from the pickup are not offered the order. */
  dispatchRadiusKm: number;
  /** A rider holding this much cash (minor units) or more is offered no new cash order (decision 178). */
  riderCashLimitMinor: number;
  /** Virtual riders driven through the rider service. */
  simulator: boolean;
  /** Simulated seconds per real second (60: one simulated minute per second). */
  simSpeed: number;
  simTickMs: number;
  simUnreachableProbability: number;
  simDeclineProbability: number;
  /** Public tracking calls per IP per minute. */
  publicRateLimit: number;
}
