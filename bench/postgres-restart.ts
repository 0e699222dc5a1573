// How soon the API creates orders again after its PostgreSQL is killed and started again (decision 071), against
// an anchor measured in the same run: the time the database itself took to stop (immediate: no checkpoint)
// and start again (crash recovery) until it accepts connections. apps/api/test/postgres-restart.test.ts proves
// the recovery (nothing lost, nothing twice); this measures how long it takes.
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { demoOrder } from '../testing/demo-order.ts';
import { Cluster, pgBin } from '../testing/postgres-cluster.ts';
import { type SpawnedServer, spawnServer } from '../testing/server-process.ts';

export interface PostgresRestartOptions {
  /** Orders sent per second, evenly, before, during and after the restart. */
  rate: number;
  /** Seconds of load before the database is killed. */
  restartAfterSeconds: number;
}

export interface PostgresRestartResult {
  rate: number;
  /** The anchor: `pg_ctl stop -m immediate` and `pg_ctl start -w`, until the database accepts connections. */
  databaseRestartMs: number;
  /** From the database accepting connections again to the first order sent after it being acknowledged. */
  apiRecoveryMs: number;
  /** Calls not acknowledged (answered 503, or not at all) while the database was away. */
  failed: number;
  acknowledged: number;
  loadAverage: number;
}

/** The server as a process of its own on the cluster, ready; the simulator off, load shedding off. */
async function startServer(databaseUrl: string): Promise<SpawnedServer> {
  const server = await spawnServer(databaseUrl, {
    SIMULATOR: 'off',
    RATE_LIMIT_GLOBAL: '1000000',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_EVENT_LOOP_UTILIZATION: '1',
  });
  for (const started = Date.now(); Date.now() - started < 120_000; await sleep(250)) {
    if (server.child.exitCode !== null) throw new Error(`the server ended:\n${server.output()}`);
    if (await server.isReady()) return server;
  }
  server.child.kill('SIGKILL');
  throw new Error('the server did not become ready within 120 s');
}

export async function benchPostgresRestart(options: PostgresRestartOptions): Promise<PostgresRestartResult | null> {
  if (!pgBin) return null;
  const cluster = await Cluster.create(pgBin);
  let server: SpawnedServer | null = null;
  try {
    server = await startServer(cluster.url);
    const { base } = server;
    const order = await demoOrder(base);
    const { authorization } = order;
    const body = JSON.stringify(order.body);
    const attempts: Promise<{ sentAt: number; answeredAt: number; ok: boolean }>[] = [];
    const send = (index: number) => {
      const sentAt = Date.now();
      return fetch(`${base}/api/v1/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization, 'idempotency-key': `bench-restart-${index}` },
        body,
        signal: AbortSignal.timeout(30_000),
      })
        .then(async (response) => {
          await response.arrayBuffer();
          return { sentAt, answeredAt: Date.now(), ok: response.ok };
        })
        .catch(() => ({ sentAt, answeredAt: Date.now(), ok: false }));
    };

    // Evenly paced, open loop, until an order sent after the restart was acknowledged (or 60 s after it).
    let restartedAt = 0;
    let databaseRestartMs = 0;
    let recovered = false;
    const restart = (async () => {
      await sleep(options.restartAfterSeconds * 1000);
      const stoppedAt = Date.now();
      await cluster.ctl('stop', 'immediate');
      await cluster.ctl('start');
      restartedAt = Date.now();
      databaseRestartMs = restartedAt - stoppedAt;
    })();
    const started = Date.now();
    for (let index = 0; !recovered; index++) {
      const wait = started + (index * 1000) / options.rate - Date.now();
      if (wait > 0) await sleep(wait);
      const attempt = send(index);
      attempts.push(attempt);
      void attempt.then((answer) => {
        if (restartedAt > 0 && answer.ok && answer.sentAt >= restartedAt) recovered = true;
      });
      if (restartedAt > 0 && Date.now() - restartedAt > 60_000) break;
    }
    await restart;
    const answers = await Promise.all(attempts);
    const firstAfter = answers
      .filter((answer) => answer.ok && answer.sentAt >= restartedAt)
      .sort((a, b) => a.answeredAt - b.answeredAt)[0];
    return {
      rate: options.rate,
      databaseRestartMs,
      apiRecoveryMs: firstAfter ? firstAfter.answeredAt - restartedAt : Number.NaN,
      failed: answers.filter((answer) => !answer.ok).length,
      acknowledged: answers.filter((answer) => answer.ok).length,
      loadAverage: loadavg()[0] ?? 0,
    };
  } finally {
    server?.child.kill('SIGKILL');
    await cluster.remove();
  }
}

export function formatPostgresRestart(result: PostgresRestartResult | null): string {
  if (!result) return 'postgres-restart: skipped (no PostgreSQL server binaries under /usr/lib/postgresql)';
  const ratio = result.apiRecoveryMs / result.databaseRestartMs;
  return [
    '| orders/s | database restart (anchor) | first order after it | ÷ anchor | acknowledged | failed | load |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${result.rate} | ${result.databaseRestartMs} ms | ${result.apiRecoveryMs} ms | ${ratio.toFixed(2)} | ${result.acknowledged} | ${result.failed} | ${result.loadAverage.toFixed(1)} |`,
  ].join('\n');
}
