import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, vi } from 'vitest';
import { REPO_ROOT } from '../../src/paths.ts';

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

export interface ServerProcess {
  name: string;
  base: string;
  host: string;
  child: ChildProcess;
  output(): string;
}

/** The real server (src/main.ts) as its own process on a PostgreSQL, open around the clock, riders quick. */
export async function startServer(
  name: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
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
  await vi.waitFor(
    async () => {
      expect(child.exitCode, output).toBeNull();
      expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    },
    { timeout: 90_000, interval: 250 },
  );
  return { name, base, host: `127.0.0.1:${port}`, child, output: () => output };
}

/** A JSON call that must succeed; its `result`. */
export async function call(
  base: string,
  method: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { result: Record<string, unknown> };
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(json)}`);
  return json.result;
}

/** Logs the demo merchant in on a server process: the Authorization header of its session. */
export async function demoAuthorization(base: string): Promise<string> {
  const tokens = await call(base, 'POST', '/api/v1/login', {
    email_address: 'demo@riderdesk.pk',
    password: 'Riderdesk#2026',
  });
  return `Bearer ${tokens.AccessToken}|${tokens.IdToken}`;
}
