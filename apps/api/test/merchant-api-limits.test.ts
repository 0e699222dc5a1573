import { AUDIT_RETENTION_DAYS } from '@riderdesk/domain/merchant-api/limits';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from '../src/modules/merchant-api/access-tokens.ts';
import { AUDIT_RETENTION_QUEUE } from '../src/modules/merchant-api/audit-retention.ts';
import { CALLER_CACHE_TTL_MS, CallerCache } from '../src/modules/merchant-api/caller-cache.ts';
import { buildTestApp, createTestDb, databases, type TestApp, type TestDb, testConfig } from './support/app.ts';
import { bearer, createUser, createVendor, login, uniqueId } from './support/factories.ts';
import { listenOnRandomPort } from './support/live.ts';
import { dropRedisKeys, isRedisUp, REDIS_URL, redisTestPrefix } from './support/redis.ts';

const hasRedis = await isRedisUp();
const DAY = 24 * 60 * 60_000;
const READS = 3;
const WRITES = 2;
const LIMITS = { MERCHANT_API_READS_PER_MINUTE: String(READS), MERCHANT_API_WRITES_PER_MINUTE: String(WRITES) };

interface Brand {
  vendorId: string;
  outletIds: string[];
  userId: string;
  headers: Record<string, string>;
}

/** The calls these tests make: each goes through the guard (a body the schema takes, so the guard runs). */
const outletList = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: '/merchant/api/v1/outletList', headers: { authorization: `Bearer ${token}` } });
/** A call that needs nothing of the client beyond its caller (the outlet list reads the client's scope itself). */
const unknownOrder = (t: TestApp, token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/merchant/api/v1/orders/00000000-0000-4000-8000-000000000000',
    headers: { authorization: `Bearer ${token}` },
  });
const cancel = (t: TestApp, token: string, orderId = 'no-such-order') =>
  t.app.inject({
    method: 'DELETE',
    url: `/merchant/api/v1/orders/${orderId}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { reason: 'MISTAKE_ERROR' },
  });

async function createBrand(t: TestApp): Promise<Brand> {
  const brand = await createVendor(t.db, { vendor_id: uniqueId('brand'), is_parent: true, name: 'Brand' });
  const outlet = await createVendor(t.db, {
    vendor_id: uniqueId('outlet'),
    parent_vendor_id: brand.vendor_id,
    name: 'Clifton',
    address_text: 'Clifton, Karachi',
    phone: '+923001234567',
  });
  const user = await createUser(t.db, t.config, { vendorIds: [brand.vendor_id] });
  return {
    vendorId: brand.vendor_id,
    outletIds: [outlet.vendor_id],
    userId: user.id,
    headers: bearer(await login(t.app, user.email)),
  };
}

/** A client with a secret, made through the portal, and an access token for it. */
async function clientOf(t: TestApp, brand: Brand, name = 'POS') {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/merchant-api/clients',
    headers: brand.headers,
    payload: { vendor_id: brand.vendorId, name, scope: 'all', with_secret: true },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { client, client_secret } = created.json();
  return {
    clientId: client.client_id as string,
    token: await tokenOf(t, client.client_id, client_secret),
    secret: client_secret as string,
  };
}

/** POST /oauth2/token with the client's secret. */
const askToken = (t: TestApp, clientId: string, secret: string) =>
  t.app.inject({
    method: 'POST',
    url: '/merchant/api/v1/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: secret,
    }).toString(),
  });

async function tokenOf(t: TestApp, clientId: string, secret: string): Promise<string> {
  const answer = await askToken(t, clientId, secret);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().access_token as string;
}

const audit = (t: TestApp, brand: Brand, query: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/merchant-api/audit?${new URLSearchParams(query).toString()}`,
    headers: brand.headers,
  });

const revoke = (t: TestApp, brand: Brand, clientId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/merchant-api/clients/${clientId}`, headers: brand.headers });

describe.each(databases())('merchant API budgets and audit trail on %s', (kind) => {
  let t: TestApp;
  let brandA: Brand;
  let brandB: Brand;

  beforeAll(async () => {
    t = await buildTestApp({ kind, env: LIMITS });
    brandA = await createBrand(t);
    brandB = await createBrand(t);
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  it('answers 429 with Retry-After past the reads budget, and counts writes apart', async () => {
    const { token } = await clientOf(t, brandA);
    for (let i = 0; i < READS; i++) expect((await outletList(t, token)).statusCode).toBe(200);
    const refused = await outletList(t, token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: expect.any(String) });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The writes budget is whole: a cancel of an unknown order reaches the route (404), twice, then 429.
    for (let i = 0; i < WRITES; i++) expect((await cancel(t, token)).statusCode).toBe(404);
    const tooMany = await cancel(t, token);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.headers['retry-after']).toBeDefined();
    expect((await outletList(t, token)).statusCode).toBe(429);
  });

  it('keeps a budget per client: another client of the same merchant is not held back', async () => {
    const first = await clientOf(t, brandA, 'POS 1');
    const second = await clientOf(t, brandA, 'POS 2');
    for (let i = 0; i < WRITES; i++) await cancel(t, first.token);
    expect((await cancel(t, first.token)).statusCode).toBe(429);
    expect((await cancel(t, second.token)).statusCode).toBe(404);
    // A new token of the first client is the same client: still over its budget.
    expect((await cancel(t, await tokenOf(t, first.clientId, first.secret))).statusCode).toBe(429);
  });

  it('writes every call of a client to the audit trail, by route pattern, newest first, page by page', async () => {
    const { clientId, token } = await clientOf(t, brandA, 'ERP');
    await outletList(t, token);
    t.clock.advance(1000);
    await cancel(t, token, 'order-123');
    t.clock.advance(1000);
    await cancel(t, token, 'order-456');
    t.clock.advance(1000);
    await cancel(t, token, 'order-789');

    const listed = await audit(t, brandA, { client_id: clientId });
    expect(listed.statusCode, listed.body).toBe(200);
    const { calls, next_cursor } = listed.json();
    expect(next_cursor).toBeNull();
    expect(calls.map((call: { method: string; status: number }) => [call.method, call.status])).toEqual([
      ['DELETE', 429],
      ['DELETE', 404],
      ['DELETE', 404],
      ['GET', 200],
    ]);
    expect(calls[0]).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      client_id: clientId,
      client_name: 'ERP',
      method: 'DELETE',
      route: '/merchant/api/v1/orders/:order_id',
      status: 429,
      latency_ms: expect.any(Number),
    });
    expect(calls[3].route).toBe('/merchant/api/v1/outletList');
    expect(listed.body).not.toContain('order-123');
    const times = calls.map((call: { at: string }) => Date.parse(call.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // Two at a time: the cursor goes on where the page stopped, nothing twice, nothing skipped.
    const first = (await audit(t, brandA, { client_id: clientId, limit: '2' })).json();
    expect(first.calls).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await audit(t, brandA, { client_id: clientId, limit: '2', cursor: first.next_cursor })).json();
    expect([...first.calls, ...second.calls].map((call: { id: string }) => call.id)).toEqual(
      calls.map((call: { id: string }) => call.id),
    );
    expect(second.next_cursor).toBeNull();

    // The whole merchant's list has this client's calls too; a broken cursor is a clear 400.
    const all = (await audit(t, brandA)).json();
    expect(all.calls.some((call: { client_id: string }) => call.client_id === clientId)).toBe(true);
    const broken = await audit(t, brandA, { cursor: 'not-a-cursor' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors[0].meta.translation_key).toBe('merchant-api.error.bad-cursor');
  });

  it("shows a merchant nothing of another merchant's clients", async () => {
    const { clientId, token } = await clientOf(t, brandA, 'Shop');
    await outletList(t, token);
    const ofB = (await audit(t, brandB)).json();
    expect(ofB.calls.some((call: { client_id: string }) => call.client_id === clientId)).toBe(false);
    expect((await audit(t, brandB, { client_id: clientId })).json()).toEqual({ calls: [], next_cursor: null });
    expect((await audit(t, brandB, { vendor_id: brandA.vendorId })).statusCode).toBe(403);
    expect((await audit(t, brandA, { client_id: clientId })).json().calls).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/merchant-api/audit' })).statusCode).toBe(401);
  });

  it("refuses a revoked client's token at once, though its caller was cached", async () => {
    const { clientId, token } = await clientOf(t, brandB, 'Cached');
    expect((await outletList(t, token)).statusCode).toBe(200);
    // The next call's caller is answered from the cache: no read of the client.
    const reads = vi.spyOn(t.db, 'query');
    expect((await unknownOrder(t, token)).statusCode).toBe(404);
    expect(reads.mock.calls.length).toBeGreaterThan(0);
    expect(reads.mock.calls.some(([sql]) => String(sql).includes('from api_clients'))).toBe(false);
    reads.mockRestore();
    expect((await revoke(t, brandB, clientId)).statusCode).toBe(204);
    const after = await unknownOrder(t, token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthorized' });
  });

  it('binds a client to its environment: a token of another deployment is refused', async () => {
    const here = t.config.deployment.environment;
    const elsewhere = here === 'san' ? 'prd' : 'san';
    const { clientId, token, secret } = await clientOf(t, brandA, 'Bound');
    // A token this server signed, but for another environment (a sandbox's token on production, or the reverse).
    const foreign = await new AccessTokens(t.config.authSecret, t.clock.now).sign(clientId, 3600, elsewhere);
    expect((await outletList(t, foreign)).statusCode).toBe(401);
    // A client row of another environment (a database copied between deployments) gets no token and no call.
    await t.db.query('update api_clients set environment = $2 where client_id = $1', [clientId, elsewhere]);
    expect((await outletList(t, token)).statusCode).toBe(401);
    const refused = await askToken(t, clientId, secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('invalid_client');
  });

  it('keeps a client working after the user who made it is gone', async () => {
    const maker = await createUser(t.db, t.config, { vendorIds: [brandA.vendorId] });
    const headers = bearer(await login(t.app, maker.email));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/merchant-api/clients',
      headers,
      payload: { vendor_id: brandA.vendorId, name: 'Till', scope: 'all', with_secret: true },
    });
    expect(created.statusCode).toBe(201);
    const { client, client_secret } = created.json();
    await t.db.query('delete from users where id = $1', [maker.id]);
    const token = await tokenOf(t, client.client_id, client_secret);
    expect((await outletList(t, token)).statusCode).toBe(200);
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/v1/merchant-api/clients', headers: brandA.headers })
    ).json();
    expect(listed.clients.some((one: { client_id: string }) => one.client_id === client.client_id)).toBe(true);
  });

  it(`deletes calls older than ${AUDIT_RETENTION_DAYS} days with a daily job on the queue`, async () => {
    const { clientId, token } = await clientOf(t, brandB, 'Old');
    await outletList(t, token);
    await t.services.merchantApi.audit.flush();
    const now = t.clock.now().getTime();
    await t.db.query(
      `insert into api_calls (at, client_id, method, route, status, latency_ms)
       values ($1, $3, 'GET', '/merchant/api/v1/outletList', 200, 5), ($2, $3, 'GET', '/merchant/api/v1/outletList', 200, 5)`,
      [new Date(now - (AUDIT_RETENTION_DAYS + 1) * DAY), new Date(now - (AUDIT_RETENTION_DAYS - 1) * DAY), clientId],
    );
    const ages = async () =>
      (await t.db.query<{ at: Date }>('select at from api_calls where client_id = $1', [clientId])).length;
    expect(await ages()).toBe(3);

    // The schedule starts when the server listens: the day's job reaches the queue and runs.
    await listenOnRandomPort(t.app);
    await vi.waitFor(async () => expect(await ages()).toBe(2), { timeout: 20_000, interval: 100 });
    const jobs = await t.db.query('select 1 from pgboss.job where name = $1', [AUDIT_RETENTION_QUEUE]);
    expect(jobs).toHaveLength(1);
  });
});

describe.each(databases())('two instances on %s', (kind) => {
  let shared: TestDb;
  let a: TestApp;
  let b: TestApp;
  const prefix = redisTestPrefix();

  beforeAll(async () => {
    shared = await createTestDb(kind);
    const base = testConfig({}, { ...LIMITS, ...(hasRedis ? { REDIS_URL } : {}) });
    const config = { rateLimit: { ...base.rateLimit, redisKeyPrefix: prefix } };
    const env = { ...LIMITS, ...(hasRedis ? { REDIS_URL } : {}) };
    a = await buildTestApp({ db: shared.db, env, config });
    b = await buildTestApp({ db: shared.db, env, config });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await shared.drop();
    if (hasRedis) await dropRedisKeys(prefix);
  });

  it.skipIf(!hasRedis)("share a client's budget through Redis", async () => {
    const brand = await createBrand(a);
    const { token } = await clientOf(a, brand);
    expect((await cancel(a, token)).statusCode).toBe(404);
    expect((await cancel(b, token)).statusCode).toBe(404);
    expect((await cancel(a, token)).statusCode).toBe(429);
    expect((await cancel(b, token)).statusCode).toBe(429);
  });

  it("stop a revoked client's cached token on the other instance", async () => {
    const brand = await createBrand(a);
    const { clientId, token } = await clientOf(a, brand, 'Two');
    expect((await outletList(b, token)).statusCode).toBe(200);
    expect((await outletList(b, token)).statusCode).toBe(200);
    expect((await revoke(a, brand, clientId)).statusCode).toBe(204);
    expect((await outletList(a, token)).statusCode).toBe(401);
    // The other instance hears the revocation (NOTIFY api_client_changes) as it commits.
    await vi.waitFor(async () => expect((await outletList(b, token)).statusCode).toBe(401), {
      timeout: 5000,
      interval: 20,
    });
  });
});

describe('the cache of callers', () => {
  const caller = { clientId: 'c1', vendorId: 'v1', environment: 'san' as const, vendorIds: ['v1'], senders: [] };
  const FAR_FUTURE = Number.MAX_SAFE_INTEGER;

  it('keeps nothing until revocations are heard, and nothing once they are not', () => {
    const cache = new CallerCache();
    cache.put('token', caller, 0, FAR_FUTURE, cache.generation);
    expect(cache.get('token', 1)).toBeNull();
    cache.listening();
    cache.put('token', caller, 0, FAR_FUTURE, cache.generation);
    expect(cache.get('token', 1)).toEqual(caller);
    cache.lost();
    expect(cache.get('token', 1)).toBeNull();
    cache.listening();
    expect(cache.get('token', 1)).toBeNull();
  });

  it('does not keep a caller read before a revocation was heard, nor past its time or its token', () => {
    const cache = new CallerCache();
    cache.listening();
    const before = cache.generation;
    cache.forget('c1');
    cache.put('token', caller, 0, FAR_FUTURE, before);
    expect(cache.get('token', 1)).toBeNull();
    cache.put('token', caller, 0, FAR_FUTURE, cache.generation);
    expect(cache.get('token', CALLER_CACHE_TTL_MS - 1)).toEqual(caller);
    expect(cache.get('token', CALLER_CACHE_TTL_MS)).toBeNull();
    cache.put('short', caller, 0, 1000, cache.generation);
    expect(cache.get('short', 1000)).toBeNull();
    cache.put('token', caller, 0, FAR_FUTURE, cache.generation);
    cache.forget('c1');
    expect(cache.get('token', 1)).toBeNull();
  });
});
