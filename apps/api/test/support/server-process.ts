import type { ChildProcess } from 'node:child_process';
import { expect, vi } from 'vitest';
import { spawnServer } from '../../../../testing/server-process.ts';

export { freePort } from '../../../../testing/server-process.ts';

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
  const server = await spawnServer(databaseUrl, env);
  await vi.waitFor(
    async () => {
      expect(server.child.exitCode, server.output()).toBeNull();
      expect((await fetch(`${server.base}/health/ready`)).status).toBe(200);
    },
    { timeout: 90_000, interval: 250 },
  );
  return { name, base: server.base, host: server.host, child: server.child, output: server.output };
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
