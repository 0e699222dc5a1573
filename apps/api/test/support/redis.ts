import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the shared-counter tests use; they are skipped when none answers here. */
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at REDIS_URL. */
export async function isRedisUp(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** A key prefix of its own for one suite's counters, so parallel runs on one Redis do not count each other. */
export function redisTestPrefix(): string {
  return `riderdesk-test:${randomBytes(6).toString('hex')}:`;
}

/** Deletes the keys a suite made under its prefix. */
export async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
