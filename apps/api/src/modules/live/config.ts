/** Live socket settings; not read from the environment, tests shorten them. */
export interface LiveConfig {
  /** How often every socket's session is checked, so an idle socket (no pushes) still ends with its session. */
  sessionSweepMs: number;
  /** How long a session found honoured is trusted before a push: a logout stops its pushes within this long. */
  sessionCheckTtlMs: number;
}

export const DEFAULT_LIVE_CONFIG: LiveConfig = { sessionSweepMs: 20_000, sessionCheckTtlMs: 2_000 };
