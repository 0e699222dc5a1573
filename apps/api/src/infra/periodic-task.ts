import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicTask {
  start(): void;
  /** Stops the timer and waits for a run already under way, so nothing still uses the database after. */
  stop(): Promise<void>;
  /** One guarded run: skipped while the previous one is still going, or when another instance leads. */
  runOnce(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` on the instance that leads, never two at once: a slow run makes the next
 * interval skip rather than pile up. A failed run is logged and the next interval tries again.
 */
export function periodicTask(options: {
  name: string;
  intervalMs: number;
  isLeader?: () => Promise<boolean>;
  run: () => Promise<unknown>;
  /** Called instead of `run` while another instance leads. */
  onNotLeader?: () => void;
  log: FastifyBaseLogger;
}): PeriodicTask {
  const { name, intervalMs, isLeader, run, onNotLeader, log } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function runOnce() {
    if (running) return;
    running = (async () => {
      try {
        if (isLeader && !(await isLeader())) {
          onNotLeader?.();
          return;
        }
        await run();
      } catch (error) {
        log.error({ err: error }, `${name} tick failed`);
      }
    })();
    await running;
    running = null;
  }

  return {
    runOnce,
    start() {
      if (timer) return;
      timer = setInterval(() => void runOnce(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
