import { createHash } from 'node:crypto';
import { solveProofOfWork } from '@riderdesk/domain/guest/proof-of-work';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { ACCESS_TOKEN_TTL_S } from '../src/modules/auth/tokens.ts';
import { DEFAULT_LIVE_CONFIG } from '../src/modules/live/config.ts';
import { mintGodroidToken, revokeGodroidToken } from '../src/ops/commands.ts';
import { buildTestApp, createTestDb, databases, IN_SERVICE_HOURS, type TestApp, type TestDb } from './support/app.ts';
import { bearer, createMerchant, login, type Merchant, OUTLET, PASSWORD } from './support/factories.ts';
import { closedBySweep, connectLive, type LiveClient, listenOnRandomPort, liveTicket } from './support/live.ts';
import { placeOrder } from './support/orders.ts';

const SESSION_ENDED = { code: 4401, reason: 'session-ended' };

describe.each(databases())('live sockets end with their session on %s', (kind) => {
  let t: TestApp;
  let host: string;
  let merchant: Merchant;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    // The session sweep runs on a fake interval, moved by closedBySweep.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    host = await listenOnRandomPort(t.app);
    merchant = await createMerchant(t);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.close();
    vi.useRealTimers();
  });

  /** A socket of a fresh login of the merchant's user, subscribed to its vendor. */
  const subscribedSession = async () => {
    const tokens = await login(t.app, merchant.email);
    const headers = bearer(tokens);
    const client = await connectLive(host, headers.authorization);
    clients.push(client);
    client.send('subscribeToVendor', { vendor_id: merchant.vendorId });
    await client.waitFor((message) => message.event === 'subscribe_ok');
    return { client, headers, tokens };
  };

  it('closes the socket of a session that logs out, and only that one', async () => {
    const ending = await subscribedSession();
    const other = await subscribedSession();
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: ending.headers });
    expect(logout.json()).toEqual({ result: true });

    expect(await closedBySweep(ending.client)).toEqual(SESSION_ENDED);
    other.client.send('ping');
    await other.client.waitFor((message) => message.event === 'pong');
  });

  it('closes the socket when its refresh token is reused (the whole login is revoked)', async () => {
    const session = await subscribedSession();
    const extend = (refreshToken: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/login/extend', payload: { refresh_token: refreshToken } });
    expect((await extend(session.tokens.RefreshToken)).statusCode).toBe(200);
    expect((await extend(session.tokens.RefreshToken)).statusCode).toBe(401);
    expect(await closedBySweep(session.client)).toEqual(SESSION_ENDED);
  });

  it('closes the socket when its access token expires', async () => {
    const session = await subscribedSession();
    session.client.send('ping');
    await session.client.waitFor((message) => message.event === 'pong');
    t.clock.advance(ACCESS_TOKEN_TTL_S * 1000 + 1000);
    expect(await closedBySweep(session.client)).toEqual(SESSION_ENDED);
  });
});

describe.each(databases())('live pushes stop once a session is revoked on %s', (kind) => {
  const CHECK_TTL_MS = 2_000;
  let t: TestApp;
  let testDb: TestDb;
  let host: string;
  let merchant: Merchant;
  /** The queries that look sessions up for live sockets (findHonouredSessionIds), counted. */
  let sessionChecks = 0;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    const counting: Db = {
      ...testDb.db,
      query: ((sql, params) => {
        if (sql.includes('s.id = any(')) sessionChecks++;
        return testDb.db.query(sql, params);
      }) as Db['query'],
    };
    // The sweep never runs during these tests: only the check before each push can stop a push.
    t = await buildTestApp({
      kind,
      ...IN_SERVICE_HOURS,
      db: counting,
      live: { sessionSweepMs: 3_600_000, sessionCheckTtlMs: CHECK_TTL_MS },
    });
    host = await listenOnRandomPort(t.app);
    merchant = await createMerchant(t);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.close();
    await testDb.drop();
  });

  const subscribe = async (authorization: string) => {
    const client = await connectLive(host, authorization);
    clients.push(client);
    client.send('subscribeToVendor', { vendor_id: merchant.vendorId });
    await client.waitFor((message) => message.event === 'subscribe_ok');
    return client;
  };
  const freshLogin = async () => bearer(await login(t.app, merchant.email));
  const updatesOf = (client: LiveClient, orderId: string) =>
    client.messages.filter((message) => message.event === 'order_update' && message.data.order_id === orderId);

  it('does not push a change made right after a logout to that session’s socket, and still pushes it to others', async () => {
    const endingHeaders = await freshLogin();
    const ending = await subscribe(endingHeaders.authorization);
    const other = await subscribe((await freshLogin()).authorization);
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: endingHeaders });
    expect(logout.json()).toEqual({ result: true });

    t.clock.advance(CHECK_TTL_MS);
    const orderId = await placeOrder(t, merchant);
    await other.waitFor((message) => message.event === 'order_update' && message.data.order_id === orderId);
    await t.services.liveHub.drained();

    expect(updatesOf(ending, orderId)).toEqual([]);
    expect(await ending.closed).toEqual(SESSION_ENDED);
    expect(updatesOf(other, orderId).length).toBeGreaterThan(0);
  });

  it('checks all sockets’ sessions in one query once the TTL has passed, and not again within it', async () => {
    const shared = (await freshLogin()).authorization;
    const tabs = [
      await subscribe(shared),
      await subscribe(shared),
      await subscribe((await freshLogin()).authorization),
    ];

    t.clock.advance(CHECK_TTL_MS);
    const checksBefore = sessionChecks;
    const first = await placeOrder(t, merchant);
    for (const tab of tabs) await tab.waitFor((message) => message.data.order_id === first);
    await t.services.liveHub.drained();
    expect(sessionChecks - checksBefore).toBe(1);

    const second = await placeOrder(t, merchant);
    for (const tab of tabs) await tab.waitFor((message) => message.data.order_id === second);
    await t.services.liveHub.drained();
    expect(sessionChecks - checksBefore).toBe(1);
  });
});

describe.each(databases())('a partner app’s live sockets end with its token on %s', (kind) => {
  let t: TestApp;
  let host: string;
  let partner: Merchant;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    host = await listenOnRandomPort(t.app);
    partner = await createMerchant(t);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.close();
    vi.useRealTimers();
  });

  const ops = () => ({ db: t.db, config: t.config, now: t.clock.now });

  /** A socket opened with a fresh partner token, by the header's value or by a ticket, following the vendor. */
  const partnerSocket = async (options: { days?: number; byTicket?: boolean } = {}) => {
    const minted = await mintGodroidToken(ops(), partner.vendorId, { days: options.days ?? 30 });
    const authorization = `GoDroid ${minted.token}`;
    const credentials = options.byTicket
      ? { ticket: (await liveTicket(t.app, { authorization })).ticket }
      : authorization;
    const client = await connectLive(host, credentials);
    clients.push(client);
    client.send('subscribeToVendor', { vendor_id: partner.vendorId });
    await client.waitFor((message) => message.event === 'subscribe_ok');
    return { client, tokenId: minted.id, headers: { authorization } };
  };

  it('closes the sockets of a revoked token, opened by header or by ticket, and only those', async () => {
    const revoked = await partnerSocket();
    const revokedByTicket = await partnerSocket({ byTicket: true });
    const other = await partnerSocket();
    // Two sockets of the revoked token: the same token opened both.
    const second = await connectLive(host, revoked.headers.authorization);
    clients.push(second);

    expect(await revokeGodroidToken(ops(), revoked.tokenId)).toContain('revoked');
    expect(await revokeGodroidToken(ops(), revokedByTicket.tokenId)).toContain('revoked');
    expect(await closedBySweep(revoked.client)).toEqual(SESSION_ENDED);
    expect(await second.closed).toEqual(SESSION_ENDED);
    expect(await revokedByTicket.client.closed).toEqual(SESSION_ENDED);

    other.client.send('ping');
    await other.client.waitFor((message) => message.event === 'pong');
  });

  it('does not push to a revoked token’s socket before the sweep comes round', async () => {
    const revoked = await partnerSocket();
    const other = await partnerSocket();
    await revokeGodroidToken(ops(), revoked.tokenId);
    t.clock.advance(DEFAULT_LIVE_CONFIG.sessionCheckTtlMs);
    const orderId = await placeOrder(t, { ...partner, headers: other.headers });
    await other.client.waitFor((message) => message.event === 'order_update' && message.data.order_id === orderId);
    await t.services.liveHub.drained();
    expect(
      revoked.client.messages.filter(
        (message) => message.event === 'order_update' && message.data.order_id === orderId,
      ),
    ).toEqual([]);
    expect(await revoked.client.closed).toEqual(SESSION_ENDED);
  });

  it('refuses a ticket whose token was revoked after it was issued', async () => {
    const minted = await mintGodroidToken(ops(), partner.vendorId, { days: 30 });
    const { ticket } = await liveTicket(t.app, { authorization: `GoDroid ${minted.token}` });
    await revokeGodroidToken(ops(), minted.id);
    await expect(connectLive(host, { ticket })).rejects.toThrow(/401/);
  });

  // Last: it moves the clock past the other sockets' tokens too.
  it('closes the socket when its token expires', async () => {
    const expiring = await partnerSocket({ days: 1 });
    expiring.client.send('ping');
    await expiring.client.waitFor((message) => message.event === 'pong');
    t.clock.advance(24 * 60 * 60_000 + 1000);
    expect(await closedBySweep(expiring.client)).toEqual(SESSION_ENDED);
  });
});

describe.each(databases())('a guest’s live sockets end with its hand-over on %s', (kind) => {
  let t: TestApp;
  let host: string;
  const clients: LiveClient[] = [];
  let nextIp = 10;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS, env: { GUEST_POW_DIFFICULTY: '4' } });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    host = await listenOnRandomPort(t.app);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.close();
    vi.useRealTimers();
  });

  const sha256 = (input: string) => new Uint8Array(createHash('sha256').update(input).digest());

  /** A fresh guest session: its vendor and Authorization header. */
  async function startGuest() {
    const remoteAddress = `203.0.113.${nextIp++}`;
    const asked = await t.app.inject({ method: 'GET', url: '/api/v1/guest/challenge', remoteAddress });
    const { challenge, difficulty } = asked.json().result;
    const nonce = await solveProofOfWork(challenge, difficulty, sha256);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guest/session',
      payload: { challenge, nonce },
      remoteAddress,
    });
    const { token, vendor_id } = opened.json().result;
    return { token, vendorId: vendor_id as string, email: '', headers: { authorization: `Bearer ${token}` } };
  }

  async function guestSocket(guest: Awaited<ReturnType<typeof startGuest>>) {
    const client = await connectLive(host, { ticket: (await liveTicket(t.app, guest.headers)).ticket });
    clients.push(client);
    client.send('subscribeToVendor', { vendor_id: guest.vendorId });
    await client.waitFor((message) => message.event === 'subscribe_ok');
    return client;
  }

  /** The guest's orders handed over to a merchant's account; answers the account's headers. */
  async function handOver(guest: Awaited<ReturnType<typeof startGuest>>) {
    const merchant = await createMerchant(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: guest.headers,
      payload: { email_address: merchant.email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const headers = bearer(response.json().result);
    const vendors = await t.app.inject({ method: 'GET', url: '/api/v1/vendors', headers });
    expect(vendors.json().result.vendors.map((v: { vendor_id: string }) => v.vendor_id)).toContain(guest.vendorId);
    return headers;
  }

  it('refuses a ticket issued before the hand-over', async () => {
    const guest = await startGuest();
    const { ticket } = await liveTicket(t.app, guest.headers);
    await handOver(guest);
    await expect(connectLive(host, { ticket })).rejects.toThrow(/401/);
  });

  it('closes a socket opened before the hand-over, at the sweep', async () => {
    const guest = await startGuest();
    const client = await guestSocket(guest);
    await handOver(guest);
    expect(await closedBySweep(client)).toEqual(SESSION_ENDED);
  });

  it('pushes none of the account’s new orders to the guest’s socket', async () => {
    const guest = await startGuest();
    const client = await guestSocket(guest);
    const account = await handOver(guest);
    t.clock.advance(DEFAULT_LIVE_CONFIG.sessionCheckTtlMs);
    const owner = { vendorId: guest.vendorId, email: '', headers: account };
    const accountSocket = await connectLive(host, { ticket: (await liveTicket(t.app, account)).ticket });
    clients.push(accountSocket);
    accountSocket.send('subscribeToVendor', { vendor_id: guest.vendorId });
    await accountSocket.waitFor((message) => message.event === 'subscribe_ok');
    const orderId = await placeOrder(t, owner, (body) => {
      body.sender = {
        location: { latitude: OUTLET.lat, longitude: OUTLET.lng, address: 'House 12, Clifton Block 5', notes: '' },
        name: 'Sana Malik',
        email: 'sana@example.pk',
        phone_number: '+923211234567',
      };
    });
    await accountSocket.waitFor((message) => message.event === 'order_update' && message.data.order_id === orderId);
    await t.services.liveHub.drained();
    expect(client.messages.filter((message) => message.event === 'order_update')).toEqual([]);
    expect(await client.closed).toEqual(SESSION_ENDED);
  });
});
