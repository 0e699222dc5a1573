import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What a counter says of a key after a hit or a peek. */
export interface CounterStatus {
  max: number;
  remaining: number;
  /** The hit went past the maximum: refuse what it counted. */
  isOver: boolean;
  /** The maximum is reached: the next hit would be over. */
  isSpent: boolean;
  /** Seconds until the key's window ends (0 when the store could not be read). */
  retryAfterS: number;
}

export interface KeyedCounter {
  /** Counts one for the key. */
  hit(key: string): Promise<CounterStatus>;
  /** The key's count so far; counts nothing. */
  peek(key: string): Promise<CounterStatus>;
}

/**
 * A counter of the API's rate-limit store (plugins/security.ts: in Redis with REDIS_URL, shared by every instance;
 * else in this process), keyed by what it counts (an address, an e-mail, a client, an operator) rather than by a
 * request. `skipOnError` false refuses while the store is unreachable (sign-ins, invitations); true lets the call
 * through uncounted (a merchant's integration is not stopped by our outage). Each counter keeps its own counts
 * on the in-process store: make one per limit and per server, and share it.
 */
export function keyedCounter(
  app: FastifyInstance,
  { name, max, timeWindow, skipOnError }: { name: string; max: number; timeWindow: number; skipOnError: boolean },
): KeyedCounter {
  const limit = app.createRateLimit({
    max,
    timeWindow,
    skipOnError,
    // The global limit's allow list reads a request's URL; these counters count keys, never requests.
    allowList: () => false,
    keyGenerator: (keyed) => `${name}:${(keyed as unknown as { key: string }).key}`,
  });
  const count = async (key: string, increment: boolean): Promise<CounterStatus> => {
    const status = await limit({ key, routeOptions: { config: {} } } as unknown as FastifyRequest, { increment });
    if (!('remaining' in status)) return { max, remaining: max, isOver: false, isSpent: false, retryAfterS: 0 };
    return {
      max: status.max,
      remaining: status.remaining,
      isOver: status.isExceeded,
      isSpent: status.remaining === 0,
      retryAfterS: status.ttlInSeconds,
    };
  };
  return { hit: (key) => count(key, true), peek: (key) => count(key, false) };
}
