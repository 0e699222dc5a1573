import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { createTestDb, type TestDb, testConfig } from './support/app.ts';
import { dropRedisKeys, isRedisUp, REDIS_URL, redisTestPrefix } from './support/redis.ts';

const hasRedis = await isRedisUp();

// One database for every app here: the counters under test live in each app's memory or in Redis.
let test: TestDb;
beforeAll(async () => {
  test = await createTestDb('pglite');
});
afterAll(() => test.drop());

const opened: FastifyInstance[] = [];
async function appWith(env: NodeJS.ProcessEnv, change: (config: AppConfig) => void = () => {}) {
  const config = testConfig({}, env);
  change(config);
  const app = await buildApp(config, { db: test.db });
  await app.ready();
  opened.push(app);
  return app;
}
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});

/** A call that only the general per-client limit guards. */
const configCall = (app: FastifyInstance, from: { remoteAddress: string; forwardedFor?: string }) =>
  app
    .inject({
      method: 'GET',
      url: '/api/v1/config',
      remoteAddress: from.remoteAddress,
      headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
    })
    .then((response) => response.statusCode);

const PROXY = '10.0.0.1';

describe('clients behind a reverse proxy (TRUST_PROXY)', () => {
  it('ignores X-Forwarded-For by default: a client cannot pick its own bucket', async () => {
    const app = await appWith({ RATE_LIMIT_GLOBAL: '2' });
    expect(await configCall(app, { remoteAddress: PROXY, forwardedFor: '203.0.113.1' })).toBe(200);
    expect(await configCall(app, { remoteAddress: PROXY, forwardedFor: '203.0.113.2' })).toBe(200);
    expect(await configCall(app, { remoteAddress: PROXY, forwardedFor: '203.0.113.3' })).toBe(429);
  });

  it('gives every forwarded client its own bucket when the proxy is trusted', async () => {
    const app = await appWith({ RATE_LIMIT_GLOBAL: '2', TRUST_PROXY: 'true' });
    const alice = { remoteAddress: PROXY, forwardedFor: '203.0.113.1' };
    expect(await configCall(app, alice)).toBe(200);
    expect(await configCall(app, alice)).toBe(200);
    expect(await configCall(app, alice)).toBe(429);
    expect(await configCall(app, { remoteAddress: PROXY, forwardedFor: '203.0.113.2' })).toBe(200);
  });

  it('takes the address the trusted proxy appended, not what the client wrote before it', async () => {
    // nginx's $proxy_add_x_forwarded_for keeps the client's own header and appends the address it saw.
    const spoofing = (spoof: string) => ({ remoteAddress: PROXY, forwardedFor: `${spoof}, 203.0.113.1` });
    for (const TRUST_PROXY of ['true', '1', '10.0.0.0/8']) {
      const app = await appWith({ RATE_LIMIT_GLOBAL: '2', TRUST_PROXY });
      expect(await configCall(app, spoofing('198.51.100.1')), TRUST_PROXY).toBe(200);
      expect(await configCall(app, spoofing('198.51.100.2')), TRUST_PROXY).toBe(200);
      expect(await configCall(app, spoofing('198.51.100.3')), TRUST_PROXY).toBe(429);
      // Another client behind the same proxy keeps a bucket of its own.
      expect(await configCall(app, { remoteAddress: PROXY, forwardedFor: '198.51.100.3, 203.0.113.2' })).toBe(200);
    }
  });

  it('believes the header only from the listed proxies', async () => {
    const app = await appWith({ RATE_LIMIT_GLOBAL: '1', TRUST_PROXY: '10.0.0.0/8' });
    expect(await configCall(app, { remoteAddress: PROXY, forwardedFor: '203.0.113.1' })).toBe(200);
    expect(await configCall(app, { remoteAddress: PROXY, forwardedFor: '203.0.113.2' })).toBe(200);
    // Straight from the internet: its own header is not believed, so it keeps its own address's bucket.
    const direct = { remoteAddress: '198.51.100.7', forwardedFor: '203.0.113.9' };
    expect(await configCall(app, direct)).toBe(200);
    expect(await configCall(app, { ...direct, forwardedFor: '203.0.113.10' })).toBe(429);
  });

  it('counts the auth limits per forwarded client too', async () => {
    const app = await appWith({ RATE_LIMIT_AUTH: '1', TRUST_PROXY: 'true' });
    const forgot = (client: string) =>
      app
        .inject({
          method: 'POST',
          url: '/api/v1/password/forgot',
          remoteAddress: PROXY,
          headers: { 'x-forwarded-for': client },
          payload: { email_address: 'someone@example.pk' },
        })
        .then((response) => response.statusCode);
    expect(await forgot('203.0.113.1')).toBe(200);
    expect(await forgot('203.0.113.1')).toBe(429);
    expect(await forgot('203.0.113.2')).toBe(200);
  });
});

describe.skipIf(!hasRedis)('rate-limit counters in Redis (REDIS_URL)', () => {
  // Unique per run, so parallel runs on one Redis do not count each other's calls.
  const prefix = redisTestPrefix();
  const sharing = (config: AppConfig) => {
    config.rateLimit.redisKeyPrefix = prefix;
  };
  afterAll(() => dropRedisKeys(prefix));

  it('shares one general counter between two instances', async () => {
    const env = { RATE_LIMIT_GLOBAL: '3', REDIS_URL };
    const a = await appWith(env, sharing);
    const b = await appWith(env, sharing);
    const client = { remoteAddress: '192.0.2.10' };
    expect(await configCall(a, client)).toBe(200);
    expect(await configCall(b, client)).toBe(200);
    expect(await configCall(a, client)).toBe(200);
    expect(await configCall(b, client)).toBe(429);
    expect(await configCall(a, { remoteAddress: '192.0.2.11' })).toBe(200);
  });

  it('shares the failed-login counter, so guesses spread over instances are still limited', async () => {
    const env = { RATE_LIMIT_AUTH: '2', REDIS_URL };
    const a = await appWith(env, sharing);
    const b = await appWith(env, sharing);
    const tryLogin = (app: FastifyInstance) =>
      app
        .inject({
          method: 'POST',
          url: '/api/v1/login',
          remoteAddress: '192.0.2.20',
          payload: { email_address: 'nobody@example.pk', password: 'Wrong#Guess1' },
        })
        .then((response) => response.statusCode);
    expect(await tryLogin(a)).toBe(401);
    expect(await tryLogin(b)).toBe(401);
    expect(await tryLogin(a)).toBe(429);
    expect(await tryLogin(b)).toBe(429);
  });

  it('shares the per-IP cap on failed logins across e-mails and instances', async () => {
    const env = { RATE_LIMIT_LOGIN_FAILURES_PER_IP: '2', REDIS_URL };
    const a = await appWith(env, sharing);
    const b = await appWith(env, sharing);
    const tryLogin = (app: FastifyInstance, email: string) =>
      app
        .inject({
          method: 'POST',
          url: '/api/v1/login',
          remoteAddress: '192.0.2.21',
          payload: { email_address: email, password: 'Wrong#Guess1' },
        })
        .then((response) => response.statusCode);
    expect(await tryLogin(a, 'first@example.pk')).toBe(401);
    expect(await tryLogin(b, 'second@example.pk')).toBe(401);
    expect(await tryLogin(a, 'third@example.pk')).toBe(429);
    expect(await tryLogin(b, 'fourth@example.pk')).toBe(429);
  });
});

describe('with Redis unreachable', () => {
  it('lets ordinary calls through and refuses the auth calls rather than count nothing', async () => {
    const app = await appWith({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect(await configCall(app, { remoteAddress: '192.0.2.30' })).toBe(200);
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/v1/password/forgot',
      payload: { email_address: 'someone@example.pk' },
    });
    expect(forgot.statusCode).toBe(500);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email_address: 'nobody@example.pk', password: 'Wrong#Guess1' },
    });
    expect(login.statusCode).toBe(500);
  });
});
