import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_S } from '../src/modules/auth/tokens.ts';
import { databases } from './support/app.ts';
import { bearer, login } from './support/factories.ts';
import { buildLiveApp, connectLive, type LiveClient, listenOnRandomPort } from './support/live-tracking.ts';
import { createMerchant, type Merchant, type RiderApp } from './support/request-a-rider.ts';

const SESSION_ENDED = { code: 4401, reason: 'session-ended' };
// Generous against a 50 ms sweep; the test waits for the close event, it does not measure it.
const WITHIN_SWEEPS_MS = 5_000;

const closedWithin = (client: LiveClient, ms = WITHIN_SWEEPS_MS) =>
  Promise.race([
    client.closed,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the socket stayed open')), ms)),
  ]);

describe.each(databases())('live sockets end with their session on %s', (kind) => {
  let t: RiderApp;
  let host: string;
  let merchant: Merchant;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    t = await buildLiveApp(kind, { overrides: { sessionSweepMs: 50 } });
    host = await listenOnRandomPort(t.app);
    merchant = await createMerchant(t);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.close();
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

    expect(await closedWithin(ending.client)).toEqual(SESSION_ENDED);
    other.client.send('ping');
    await other.client.waitFor((message) => message.event === 'pong');
  });

  it('closes the socket when its refresh token is reused (the whole login is revoked)', async () => {
    const session = await subscribedSession();
    const extend = (refreshToken: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/login/extend', payload: { refresh_token: refreshToken } });
    expect((await extend(session.tokens.RefreshToken)).statusCode).toBe(200);
    expect((await extend(session.tokens.RefreshToken)).statusCode).toBe(401);
    expect(await closedWithin(session.client)).toEqual(SESSION_ENDED);
  });

  it('closes the socket when its access token expires', async () => {
    const session = await subscribedSession();
    session.client.send('ping');
    await session.client.waitFor((message) => message.event === 'pong');
    t.clock.advance(ACCESS_TOKEN_TTL_S * 1000 + 1000);
    expect(await closedWithin(session.client)).toEqual(SESSION_ENDED);
  });
});
