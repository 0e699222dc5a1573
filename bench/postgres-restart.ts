// How soon the API creates orders again after its PostgreSQL is killed and started again (decision 071), against
// an anchor measured in the same run: the time the database itself took to stop (immediate: no checkpoint)
// and start again (crash recovery) until it accepts connections. apps/api/test/postgres-restart.test.ts proves
// the recovery (nothing lost, nothing twice); this measures how long it takes.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { orderCreateBody } from '../testing/order-body.ts';

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
  /** Calls answered 503 or not at all while the database was away. */
  failed: number;
  acknowledged: number;
  loadAverage: number;
}

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const PG_ROOT = '/usr/lib/postgresql';
const OUTLET_ID = 'pk-karachi-grill-clifton';
const DESTINATION = { lat: 24.815, lng: 67.041 };
const run = promisify(execFile);

function pgBin(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const version = readdirSync(PG_ROOT)
    .filter((name) => existsSync(path.join(PG_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? path.join(PG_ROOT, version, 'bin') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user. */
async function asPostgres(command: string, args: string[]): Promise<void> {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  await run(file, argv, { encoding: 'utf8' });
}

/** A PostgreSQL cluster of the bench's own: restarting the shared one would fail everyone else's suites. */
async function createCluster(bin: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-bench-restart-'));
  if (process.getuid?.() === 0) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dataDir, id('-u'), id('-g'));
  }
  await asPostgres(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const port = await freePort();
  const ctl = (action: 'start' | 'stop', mode = 'fast') => {
    const args = ['-D', dataDir, '-w', '-t', '60', '-l', path.join(dataDir, 'server.log')];
    const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1`;
    return asPostgres(
      path.join(bin, 'pg_ctl'),
      action === 'start' ? [...args, '-o', options, 'start'] : [...args, '-m', mode, 'stop'],
    );
  };
  await ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    ctl,
    async remove() {
      await ctl('stop', 'immediate').catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The real server (apps/api/src/main.ts) as a process of its own, on `databaseUrl`. */
async function startServer(databaseUrl: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: 'bench-restart-secret-bench-restart-secret-0123',
      LOG_LEVEL: 'warn',
      SEED_SERVICE_HOURS: '0000:0000',
      SIMULATOR: 'off',
      RATE_LIMIT_GLOBAL: '1000000',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_EVENT_LOOP_UTILIZATION: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 120_000; await sleep(250)) {
    if (child.exitCode !== null) throw new Error(`the server ended with ${child.exitCode}`);
    const ready = await fetch(`${base}/health/ready`).catch(() => null);
    if (ready?.status === 200) return { base, child };
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become ready within 120 s');
}

async function json(base: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return ((await response.json()) as { result: Record<string, unknown> }).result;
}

export async function benchPostgresRestart(options: PostgresRestartOptions): Promise<PostgresRestartResult | null> {
  const bin = pgBin();
  if (!bin) return null;
  const cluster = await createCluster(bin);
  let server: { base: string; child: ChildProcess } | null = null;
  try {
    server = await startServer(cluster.url);
    const { base } = server;
    const tokens = await json(base, '/api/v1/login', {
      email_address: 'demo@riderdesk.pk',
      password: 'Riderdesk#2026',
    });
    const authorization = `Bearer ${tokens.AccessToken}|${tokens.IdToken}`;
    const quote = await json(
      base,
      '/api/v1/delivery/fee',
      {
        source: { lat: 24.8021, lon: 67.03 },
        destination: { lat: DESTINATION.lat, lon: DESTINATION.lng },
        vendor_id: OUTLET_ID,
        delivery_type: 'food',
      },
      { authorization },
    );
    const body = JSON.stringify(
      orderCreateBody({
        vendorId: OUTLET_ID,
        quote: quote as { fee: number; signature: string },
        destination: DESTINATION,
      }),
    );
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
