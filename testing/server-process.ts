// The real server (apps/api/src/main.ts) as a process of its own, for the API's process tests and the benchmarks.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A TCP port nothing listens on at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface SpawnedServer {
  base: string;
  host: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Whether it is still running and answers /health/ready with 200 now. */
  isReady(): Promise<boolean>;
}

/** Starts the server on a PostgreSQL, open around the clock, riders quick; `env` comes last. */
export async function spawnServer(databaseUrl: string, env: Record<string, string> = {}): Promise<SpawnedServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: 'failover-secret-failover-secret-0123456789',
      LOG_LEVEL: 'warn',
      SEED_SERVICE_HOURS: '0000:0000',
      DISPATCH_INTERVAL_MS: '200',
      SIM_SPEED: '30',
      SIM_TICK_MS: '100',
      SIM_UNREACHABLE_PROBABILITY: '0',
      SIM_DECLINE_PROBABILITY: '0',
      RATE_LIMIT_GLOBAL: '100000',
      RATE_LIMIT_AUTH: '1000',
      RATE_LIMIT_LOGIN_FAILURES_PER_IP: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    host: `127.0.0.1:${port}`,
    child,
    output: () => output,
    isReady: async () =>
      child.exitCode === null && (await fetch(`${base}/health/ready`).catch(() => null))?.status === 200,
  };
}
