/**
 * One API instance for bench/live-fanout.ts, in a process of its own (its event loop shared with nothing
 * else): the database's connection string comes in FANOUT_DATABASE_URL, the port it listens on goes back
 * to the parent over IPC; the message 'stop' closes it (so a `--cpu-prof` profile is written).
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openPostgres } from '../apps/api/src/db/db.ts';

/**
 * The configuration of every process of the bench. The global per-IP limit (600 calls a minute by default)
 * would refuse the 5 000 sockets all opened from 127.0.0.1, so it is raised here, never in the defaults.
 */
export function fanoutConfig(databaseUrl: string) {
  const loaded = loadConfig({
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    MAP_TILE_URL: '',
    RATE_LIMIT_GLOBAL: '1000000',
    // The work is measured, not shedding: load shedding is off as in the API's tests.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_EVENT_LOOP_UTILIZATION: '1',
  });
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  return { ...loaded.config, dispatch: { ...loaded.config.dispatch, dispatcher: false, simulator: false } };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.FANOUT_DATABASE_URL;
  if (!url || !process.send) throw new Error('live-fanout-server is started by bench/live-fanout.ts');
  const db = openPostgres(url, 10);
  const app = await buildApp(fanoutConfig(url), { db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  process.on('message', (message) => {
    if (message !== 'stop') return;
    void (async () => {
      await app.close();
      await db.close();
      process.exit(0);
    })();
  });
  process.send({ type: 'listening', port });
}
