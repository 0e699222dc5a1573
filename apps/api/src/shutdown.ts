import type { FastifyBaseLogger } from 'fastify';

/** A stop that has not finished by then is abandoned: the process ends anyway (spec-independent, ops). */
export const SHUTDOWN_DEADLINE_MS = 10_000;

export interface ShutdownDeps {
  /** Stops accepting, finishes in-flight requests and closes the database. */
  close(): Promise<void>;
  log: Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>;
  exit(code: number): void;
  deadlineMs?: number;
}

/**
 * Closes once; exits 0 when the close completes, 1 when it fails or outlives the deadline, so a stuck
 * request or job can delay a stop by seconds, never forever.
 */
export async function shutdown({ close, log, exit, deadlineMs = SHUTDOWN_DEADLINE_MS }: ShutdownDeps): Promise<void> {
  const deadline = setTimeout(() => {
    log.error({ deadlineMs }, 'shutdown did not finish in time; exiting');
    exit(1);
  }, deadlineMs);
  try {
    await close();
    exit(0);
  } catch (error) {
    log.error({ err: error }, 'shutdown failed');
    exit(1);
  } finally {
    clearTimeout(deadline);
  }
}

/** SIGINT and SIGTERM stop the server; a second signal ends the process at once. */
export function stopOnSignals(deps: ShutdownDeps): void {
  let isStopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (isStopping) {
        deps.log.warn({ signal }, 'second signal: exiting now');
        deps.exit(1);
        return;
      }
      isStopping = true;
      deps.log.info({ signal }, 'shutting down');
      void shutdown(deps);
    });
  }
}
