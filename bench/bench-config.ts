import { loadConfig } from '../apps/api/src/config.ts';

/**
 * The API's configuration for a benchmark: `env` (the bench's own settings) with what every bench measures
 * under. Logs are silent, no map tiles are fetched, the per-IP limit (600 calls a minute by default) is raised
 * so a load from one address is not refused, and load shedding is off as in the API's tests: the work is
 * measured, not the shedding. The defaults themselves are never changed.
 */
export function benchConfig(env: Record<string, string | undefined>) {
  const loaded = loadConfig({
    ...env,
    LOG_LEVEL: 'silent',
    MAP_TILE_URL: '',
    RATE_LIMIT_GLOBAL: '1000000',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_EVENT_LOOP_UTILIZATION: '1',
  });
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  return loaded.config;
}
