import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { REPO_ROOT } from '../src/config.ts';
import { SHUTDOWN_DEADLINE_MS, shutdown } from '../src/shutdown.ts';
import { createTestDb, databases, testClock, testConfig } from './support/app.ts';

describe.each(databases())('a request that never finishes on %s', (kind) => {
  it('is answered 503 with Retry-After after the request time-out, and the server keeps answering', async () => {
    const { db, drop } = await createTestDb(kind);
    const config = testConfig();
    const app = await buildApp(config, { db, now: testClock().now });
    app.get('/stuck', () => new Promise(() => {}));
    await app.ready();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const stuck = app.inject({ method: 'GET', url: '/stuck' });
      const health = await app.inject({ method: 'GET', url: '/health' });
      expect(health.json()).toEqual({ status: 'ok' });
      await vi.advanceTimersByTimeAsync(config.requestTimeoutMs);
      const answer = await stuck;
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toMatchObject({ code: 'RequestTimeout', message: 'error.request-timeout' });
    } finally {
      vi.useRealTimers();
      await app.close();
      await drop();
    }
  });
});

describe('shutdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

  it('exits 0 once the close completes', async () => {
    const exit = vi.fn();
    await shutdown({ close: async () => {}, log, exit });
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('exits 1 at the deadline when the close never completes', async () => {
    vi.useFakeTimers();
    const exit = vi.fn();
    void shutdown({ close: () => new Promise(() => {}), log, exit });
    await vi.advanceTimersByTimeAsync(SHUTDOWN_DEADLINE_MS - 1);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('exits 1 when the close fails', async () => {
    const exit = vi.fn();
    await shutdown({ close: async () => Promise.reject(new Error('gone')), log, exit });
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('the real server process', () => {
  it('starts at night on an empty database and stops on SIGTERM with a live socket and a keep-alive open', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-process-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        SIMULATOR: 'off',
        // 00:30 in Karachi: closed under the default service hours 09:00-23:00.
        CLOCK_AT: '2026-03-10T00:30:00+05:00',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const base = `http://127.0.0.1:${port}`;
      await vi.waitFor(
        async () => {
          expect(child.exitCode, output).toBeNull();
          const health = await fetch(`${base}/health`);
          expect(health.status).toBe(200);
        },
        { timeout: 60_000, interval: 250 },
      );
      // A keep-alive connection and an open WebSocket must not keep the stopping server alive.
      await fetch(`${base}/api/v1/config`, { keepalive: true });
      const socket = new WebSocket(`ws://127.0.0.1:${port}/live?authorization=Bearer%20nope`);
      await new Promise((resolve) => {
        socket.once('error', resolve);
        socket.once('close', resolve);
        socket.once('open', resolve);
      });
      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 90_000);
});
