import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openPglite } from '../src/db/db.ts';
import { redactUrls } from '../src/plugins/log-redaction.ts';
import { DEMO_STANDALONE_ID } from '../src/seed/demo-data.ts';
import { createTestDb, testClock, testConfig } from './support/app.ts';
import { bearer, createUser, createVendor, login } from './support/factories.ts';
import { connectLive, listenOnRandomPort } from './support/live.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('what the request log keeps of URLs', () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  let tokens: Awaited<ReturnType<typeof login>>;
  let host: string;

  beforeAll(async () => {
    const test = await createTestDb('pglite');
    drop = test.drop;
    const config = testConfig({}, { LOG_LEVEL: 'info' });
    app = await buildApp(config, {
      db: test.db,
      now: testClock().now,
      logStream: { write: (line) => lines.push(line) },
    });
    await app.ready();
    host = await listenOnRandomPort(app);
    const vendor = await createVendor(test.db);
    const user = await createUser(test.db, config, { vendorIds: [vendor.vendor_id] });
    tokens = await login(app, user.email);
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  const log = () => lines.join('');

  it('keeps the path of a live socket opened with ?authorization=, not the token that opens GET /me', async () => {
    const { authorization } = bearer(tokens);
    const client = await connectLive(host, authorization);
    client.close();
    await client.closed;

    expect(log()).toContain('"url":"/live"');
    expect(log()).not.toContain(tokens.AccessToken);
    expect(log()).not.toContain(tokens.IdToken);
    expect(log()).not.toContain('authorization=');
  });

  it('keeps no verification token of /register/verify', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/register/verify?token=verify-secret-0123456789' });
    expect(response.statusCode).toBe(302);
    expect(log()).toContain('"url":"/api/v1/register/verify"');
    expect(log()).not.toContain('verify-secret-0123456789');
  });

  it('keeps no tracking token or voucher code of a path: the API calls, the pages and an unknown route', async () => {
    const token = 'trk-secret-0123456789abcdef';
    for (const url of [
      `/api/v1/public/tracking/${token}`,
      `/api/v1/public/delivery-receipt/${token}`,
      `/api/v1/public/tracking-c2c/${token}`,
      `/tracking/${token}`,
      `/delivery-receipt/${token}?lang=ur_alt`,
      `/api/v1/public/tracking/${token}/nowhere`,
      `/api/v1/voucher/${token}`,
    ]) {
      await app.inject({ method: 'GET', url });
    }
    expect(log()).toContain('"url":"/api/v1/public/tracking/[redacted]"');
    expect(log()).toContain('"url":"/tracking/[redacted]"');
    expect(log()).not.toContain(token);
    // A path that only looks alike keeps its segments.
    await app.inject({ method: 'GET', url: '/order-tracking/pk-chai-khana' });
    expect(log()).toContain('/order-tracking/pk-chai-khana');
  });

  it('keeps no query of an unknown route, whose URL Fastify writes into the message', async () => {
    await app.inject({ method: 'GET', url: '/api/v1/nowhere?token=unknown-secret-0123' });
    expect(log()).not.toContain('unknown-secret-0123');
  });

  it('keeps no query string, password or token that an error carries in its text', () => {
    const error = Object.assign(
      new Error('GET https://geo:hunter2@geo.example.pk/search?q=Clifton&key=geo-key-0123 failed'),
      { url: '/live?authorization=Bearer%20eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' },
    );
    app.log.error({ err: error }, 'geocoder failed at https://geo.example.pk/search?key=geo-key-0123');

    const line = lines.at(-1) ?? '';
    expect(line).toContain('https://[redacted]@geo.example.pk/search?[redacted]');
    expect(line).toContain('/live?[redacted]');
    for (const secret of ['hunter2', 'geo-key-0123', 'Clifton', 'eyJhbGciOiJIUzI1NiJ9']) {
      expect(line).not.toContain(secret);
    }
  });
});

describe('redactUrls', () => {
  it.each([
    ['/live?authorization=Bearer%20a%7Cb', '/live?[redacted]'],
    ['Route GET:/api/v1/register/verify?token=abc not found', 'Route GET:/api/v1/register/verify?[redacted] not found'],
    ['postgres://rd:secret@db:5432/riderdesk', 'postgres://[redacted]@db:5432/riderdesk'],
    ['redis://127.0.0.1:6379', 'redis://127.0.0.1:6379'],
    ['no URL here, 3/4 done?', 'no URL here, 3/4 done?'],
    [
      'GET https://riderdesk.pk/tracking/AbC123?x=1 sent',
      'GET https://riderdesk.pk/tracking/[redacted]?[redacted] sent',
    ],
    [
      'Route GET:/api/v1/public/tracking-c2c/AbC123 not found',
      'Route GET:/api/v1/public/tracking-c2c/[redacted] not found',
    ],
  ])('%s → %s', (text, expected) => {
    expect(redactUrls(text)).toBe(expected);
  });
});

/** A port free right now, for a server started in a child process. */
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

describe('the start-up log of a fresh sandbox', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-startup-'));
  const password = 'Startup#Secret-2026';
  let output = '';
  let server: ChildProcess | null = null;

  beforeAll(async () => {
    const port = await freePort();
    server = spawn(path.join(apiDir, '../../node_modules/.bin/tsx'), ['src/main.ts'], {
      cwd: apiDir,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_PASSWORD: password,
        DISPATCHER: 'off',
        SIMULATOR: 'off',
        MAP_TILE_URL: '',
        LOG_LEVEL: 'warn',
        // The demo orders are placed within service hours; always open, so the hour of the run does not matter.
        SEED_SERVICE_HOURS: '0000:0000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Vendor-code registration')) resolve();
      };
      server?.stdout?.on('data', read);
      server?.stderr?.on('data', read);
      server?.once('exit', (code) => reject(new Error(`the server stopped (${code}):\n${output}`)));
    });
    await started;
    const stopped = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
    server = null;
  }, 120_000);
  afterAll(() => {
    server?.kill('SIGKILL');
  });

  it('names the demo login and where to find its password and the registration code, not the secrets', async () => {
    const db = await openPglite(path.join(dataDir, 'pglite'));
    const [vendor] = await db.query<{ registration_code: string }>(
      'select registration_code from vendors where vendor_id = $1',
      [DEMO_STANDALONE_ID],
    );
    await db.close();
    expect(vendor?.registration_code).toMatch(/^\w{8}$/);

    expect(output).toContain('demo@riderdesk.pk');
    expect(output).toContain(`npm run ops -- vendor-code ${DEMO_STANDALONE_ID}`);
    expect(output).not.toContain(password);
    expect(output).not.toContain(vendor!.registration_code);
  });
});
