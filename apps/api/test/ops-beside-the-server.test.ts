import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LOCK_FILE } from '../src/db/data-folder-lock.ts';
import { commandSocketPath, SOCKET_DIR } from '../src/ops/command-socket.ts';
import { REPO_ROOT } from '../src/paths.ts';
import { freePort } from './support/server-process.ts';

const DEMO_VENDOR = 'pk-chai-khana';

/** The process environment of a server or command line on the embedded database in `dataDir`. */
const embeddedEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  APP_MODE: 'GODROID',
  LOG_LEVEL: 'warn',
  SIMULATOR: 'off',
  DISPATCHER: 'off',
  // A loaded test machine must not make the server shed the test's own calls.
  MAX_EVENT_LOOP_DELAY_MS: '0',
  MAX_EVENT_LOOP_UTILIZATION: '1',
  ...extra,
});

interface Server {
  base: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function spawnServer(dataDir: string, port: number): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: embeddedEnv(dataDir, { PORT: String(port), HOST: '127.0.0.1' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { base: `http://127.0.0.1:${port}`, child, output: () => output, exited };
}

async function startServer(dataDir: string): Promise<Server> {
  const server = spawnServer(dataDir, await freePort());
  running.push(server.child);
  await vi.waitFor(
    async () => {
      expect(server.child.exitCode, server.output()).toBeNull();
      expect((await fetch(`${server.base}/health/ready`)).status).toBe(200);
    },
    { timeout: 90_000, interval: 250 },
  );
  return server;
}

async function stopServer(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited, server.output()).toBe(0);
}

/** `npm run ops -- …` as an operator runs it, on the same data folder. */
function ops(dataDir: string, argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/ops.ts', ...argv],
      { cwd: REPO_ROOT, env: embeddedEnv(dataDir) },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const partnerCall = (server: Server, token: string) =>
  fetch(`${server.base}/api/v1/vendors`, { headers: { authorization: `GoDroid ${token}` } }).then((r) => r.status);

const running: ChildProcess[] = [];
const folders: string[] = [];
const dataFolder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'riderdesk-ops-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('operator commands while the server runs on the embedded database', () => {
  it('go through the running server: a revoked partner token stops at once and is still revoked after a restart', async () => {
    const dataDir = dataFolder();
    const first = await startServer(dataDir);
    // Only the folder's owner reaches the server's command socket.
    expect(statSync(path.join(dataDir, SOCKET_DIR)).mode & 0o777).toBe(0o700);
    expect(statSync(commandSocketPath(dataDir)).mode & 0o777).toBe(0o600);

    const minted = await ops(dataDir, ['godroid-token', '--vendor', DEMO_VENDOR, '--label', 'Till app']);
    expect(minted.code, minted.stderr).toBe(0);
    const [line = '', token = ''] = minted.stdout.trim().split('\n');
    const tokenId = line.match(/^partner token (\S+) for /)?.[1] ?? '';
    expect(tokenId).not.toBe('');
    expect(await partnerCall(first, token)).toBe(200);

    const revoked = await ops(dataDir, ['revoke-godroid-token', tokenId]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain(`partner token ${tokenId} revoked`);
    expect(await partnerCall(first, token)).toBe(401);

    // A mistake is told as such, through the server as on its own.
    const mistake = await ops(dataDir, ['revoke-godroid-token', 'not-a-uuid']);
    expect(mistake.code).toBe(2);
    expect(mistake.stderr).toContain('the token id is a UUID');

    await stopServer(first);
    // With the server stopped the command line opens the folder itself, and finds the revocation written.
    const listed = await ops(dataDir, ['godroid-tokens', DEMO_VENDOR]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^${tokenId} .*revoked `, 'm'));

    const second = await startServer(dataDir);
    expect(await partnerCall(second, token)).toBe(401);
    await stopServer(second);
  }, 240_000);

  it('refuses, changing nothing, while another process holds the folder, and a server does not start beside it', async () => {
    const dataDir = dataFolder();
    // This test's own process stands for one that holds the folder and takes no commands.
    writeFileSync(path.join(dataDir, LOCK_FILE), `${process.pid}\n`);

    const refused = await ops(dataDir, ['create-vendor', '--id', 'pk-beside', '--name', 'Beside']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`in use by process ${process.pid}`);
    expect(refused.stderr).toContain('Nothing was changed');
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);

    const server = spawnServer(dataDir, await freePort());
    running.push(server.child);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`cannot start: the data folder ${dataDir} is in use by process ${process.pid}`);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  }, 120_000);
});
