export interface PaceOptions {
  /** Calls a second. */
  rate: number;
  durationSeconds: number;
  /** A call due while this many others still wait is not made, and counted as skipped. */
  maxInFlight: number;
  /** One call; its latency is measured from the call to its settling. It must not reject. */
  send: () => Promise<void>;
}

/** The latency of every call made, in milliseconds, in the order they settled, and the calls not made. */
export function pace(options: PaceOptions): Promise<{ latencies: number[]; skipped: number }>;
