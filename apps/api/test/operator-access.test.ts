import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { RESET_MAIL_QUEUE } from '../src/modules/auth/service.ts';
import { buildTestApp, createTestDb, IN_SERVICE_HOURS, type TestApp, type TestDb, testConfig } from './support/app.ts';
import { createRider, createUser, OUTLET } from './support/factories.ts';
import { listenOnRandomPort } from './support/live.ts';
import { PNG_1PX, proof } from './support/orders.ts';

const OUTSIDE = '203.0.113.5';
const OPERATOR_TOKEN = 'operator-token-operator-token-0123456789';
const METRICS_TOKEN = 'metrics-token-metrics-token-0123456789ab';

// One database for every app here; what differs is each app's configuration.
let test: TestDb;
beforeAll(async () => {
  test = await createTestDb('pglite');
});
afterAll(() => test.drop());

const opened: FastifyInstance[] = [];
async function appWith(env: NodeJS.ProcessEnv) {
  const app = await buildApp(testConfig({}, env), { db: test.db });
  await app.ready();
  opened.push(app);
  return app;
}
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});

const get = (
  app: FastifyInstance,
  url: string,
  from: { remoteAddress?: string; headers?: Record<string, string> } = {},
) =>
  app
    .inject({ method: 'GET', url, remoteAddress: from.remoteAddress ?? '127.0.0.1', headers: from.headers ?? {} })
    .then((response) => response.statusCode);

describe('the development outbox of the sandbox', () => {
  const OUTBOX = ['/api/v1/dev/outbox', '/dev/outbox'];

  it('answers a caller on this machine', async () => {
    const app = await appWith({ ENVIRONMENT: 'san' });
    for (const url of OUTBOX) expect(await get(app, url)).toBe(200);
  });

  it('refuses the world, so nobody reads the reset code of an account they asked to reset', async () => {
    const app = await appWith({ ENVIRONMENT: 'san' });
    const user = await createUser(test.db, testConfig());
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/v1/password/forgot',
      remoteAddress: OUTSIDE,
      payload: { email_address: user.email },
    });
    expect(forgot.statusCode).toBe(200);
    expect(await app.jobs.drain([RESET_MAIL_QUEUE])).toBeGreaterThanOrEqual(1);
    for (const url of OUTBOX) expect(await get(app, url, { remoteAddress: OUTSIDE })).toBe(403);
    const answer = await app.inject({
      method: 'GET',
      url: `/api/v1/dev/outbox?to=${encodeURIComponent(user.email)}`,
      remoteAddress: OUTSIDE,
    });
    expect(answer.body).not.toMatch(/\b\d{6}\b/);
  });

  it('refuses a request a proxy on this machine relays from outside, trusted proxy or not', async () => {
    for (const TRUST_PROXY of ['false', 'true']) {
      const app = await appWith({ ENVIRONMENT: 'san', TRUST_PROXY });
      // The proxy connects from loopback and names the real client; a client's own "127.0.0.1" comes first.
      for (const forwardedFor of [OUTSIDE, `127.0.0.1, ${OUTSIDE}`]) {
        const headers = { 'x-forwarded-for': forwardedFor };
        for (const url of OUTBOX) expect(await get(app, url, { headers })).toBe(403);
      }
      expect(await get(app, OUTBOX[0]!, { headers: { forwarded: `for=${OUTSIDE}` } })).toBe(403);
      // A client from outside claiming to be local is not believed either.
      const spoofed = { remoteAddress: OUTSIDE, headers: { 'x-forwarded-for': '127.0.0.1' } };
      expect(await get(app, OUTBOX[0]!, spoofed)).toBe(403);
    }
  });

  it('answers from outside with OPERATOR_TOKEN as a bearer token, and only with that token', async () => {
    const app = await appWith({ ENVIRONMENT: 'san', OPERATOR_TOKEN });
    const withToken = (token: string) => ({ remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${token}` } });
    for (const url of OUTBOX) {
      expect(await get(app, url, withToken(OPERATOR_TOKEN))).toBe(200);
      expect(await get(app, url, withToken(`${OPERATOR_TOKEN}x`))).toBe(403);
    }
  });
});

describe('/metrics', () => {
  it('answers this machine only when no METRICS_TOKEN is set', async () => {
    const app = await appWith({});
    expect(await get(app, '/metrics')).toBe(200);
    expect(await get(app, '/metrics', { remoteAddress: OUTSIDE })).toBe(403);
    expect(await get(app, '/metrics', { headers: { 'x-forwarded-for': OUTSIDE } })).toBe(403);
  });

  it('asks every caller for METRICS_TOKEN as a bearer token when it is set', async () => {
    const app = await appWith({ METRICS_TOKEN });
    const bearerToken = (token: string) => ({ remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${token}` } });
    expect(await get(app, '/metrics', bearerToken(METRICS_TOKEN))).toBe(200);
    expect(await get(app, '/metrics', bearerToken('wrong-token'))).toBe(401);
    expect(await get(app, '/metrics')).toBe(401);
  });
});

describe('bodies read only after authentication', () => {
  let t: TestApp;
  let host: string;

  beforeAll(async () => {
    t = await buildTestApp({ kind: 'pglite', ...IN_SERVICE_HOURS, db: test.db });
    host = await listenOnRandomPort(t.app);
  });
  afterAll(() => t.close());

  const PROOF_URL = '/api/v1/rider/orders/no-such-order/collected';

  it('refuses a proof upload without a rider token before reading its body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: PROOF_URL,
      headers: { 'content-type': 'application/json' },
      payload: '{"proof": not even JSON',
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 to an anonymous upload announcing 2 MB without waiting for a byte of it', async () => {
    const [hostname, port] = host.split(':');
    const status = await new Promise<number>((resolve, reject) => {
      const call = httpRequest(
        {
          hostname,
          port: Number(port),
          method: 'POST',
          path: PROOF_URL,
          headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
        },
        (response) => {
          resolve(response.statusCode ?? 0);
          response.resume();
          call.destroy();
        },
      );
      call.on('error', reject);
      // Only the headers go out; a server that reads the body before authenticating waits forever.
      call.flushHeaders();
    });
    expect(status).toBe(401);
  });

  it('still takes a rider’s proof larger than the general body limit', async () => {
    const rider = await createRider(test.db, OUTLET);
    // A valid PNG start, padded past 64 KiB: the size check is the proof route's own (2 MB).
    const large = Buffer.concat([PNG_1PX, Buffer.alloc(100 * 1024)]);
    const response = await t.app.inject({
      method: 'POST',
      url: PROOF_URL,
      headers: rider.headers,
      payload: proof(large),
    });
    // Authenticated and parsed: the order does not exist, which is the service's answer, not a 413.
    expect(response.statusCode).toBe(404);
  });

  it('refuses a body larger than 64 KiB on the other routes', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email_address: 'someone@example.pk', password: 'x'.repeat(100 * 1024) },
    });
    expect(response.statusCode).toBe(413);
  });
});
