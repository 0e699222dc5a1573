import { LIVE_TICKET_TTL_S } from '@riderdesk/domain/contracts/live';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_S } from '../src/modules/auth/tokens.ts';
import { godroidToken } from '../src/ops/commands.ts';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { bearer, createMerchant, login, type Merchant } from './support/factories.ts';
import { closedBySweep, connectLive, type LiveClient, listenOnRandomPort, liveTicket } from './support/live.ts';
import { placeOrder } from './support/orders.ts';

const SESSION_ENDED = { code: 4401, reason: 'session-ended' };

describe.each(databases())('live sockets opened with a one-time ticket on %s', (kind) => {
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

  const open = async (ticket: string) => {
    const client = await connectLive(host, { ticket });
    clients.push(client);
    return client;
  };
  const subscribed = async (ticket: string) => {
    const client = await open(ticket);
    client.send('subscribeToVendor', { vendor_id: merchant.vendorId });
    await client.waitFor((message) => message.event === 'subscribe_ok');
    return client;
  };

  it('answers a short-lived ticket to the usual Authorization header, and nothing without one', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/live/ticket', headers: merchant.headers });
    expect(response.statusCode).toBe(200);
    const { ticket, expires_in } = response.json().result;
    expect(expires_in).toBe(LIVE_TICKET_TTL_S);
    expect(ticket).toMatch(/^[\w-]{40,}$/);
    expect(ticket).not.toContain(merchant.headers.authorization!.split(' ')[1]!.split('|')[0]!);

    expect((await liveTicket(t.app, {})).status).toBe(401);
    expect((await liveTicket(t.app, { authorization: 'Bearer nonsense' })).status).toBe(401);
  });

  it('opens a socket that receives the vendor’s order updates', async () => {
    const { ticket } = await liveTicket(t.app, merchant.headers);
    const client = await subscribed(ticket);
    const orderId = await placeOrder(t, merchant);
    const update = await client.waitFor(
      (message) => message.event === 'order_update' && message.data.order_id === orderId,
    );
    expect(update.data.status).toBe('NEW');
  });

  it('opens one socket only: the same ticket is refused the second time', async () => {
    const { ticket } = await liveTicket(t.app, merchant.headers);
    await open(ticket);
    await expect(connectLive(host, { ticket })).rejects.toThrow(/401/);
    await expect(connectLive(host, { ticket: 'made-up-ticket' })).rejects.toThrow(/401/);
  });

  it('is refused once its 30 seconds have passed', async () => {
    const { ticket } = await liveTicket(t.app, merchant.headers);
    t.clock.advance(LIVE_TICKET_TTL_S * 1000 + 1);
    await expect(connectLive(host, { ticket })).rejects.toThrow(/401/);
  });

  it('is refused when its session logged out before the socket opened', async () => {
    const headers = bearer(await login(t.app, merchant.email));
    const { ticket } = await liveTicket(t.app, headers);
    await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers });
    await expect(connectLive(host, { ticket })).rejects.toThrow(/401/);
  });

  it('keeps the session of the token that asked: a logout closes the socket with 4401', async () => {
    const headers = bearer(await login(t.app, merchant.email));
    const client = await subscribed((await liveTicket(t.app, headers)).ticket);
    const other = await subscribed((await liveTicket(t.app, merchant.headers)).ticket);
    await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers });

    expect(await closedBySweep(client)).toEqual(SESSION_ENDED);
    other.send('ping');
    await other.waitFor((message) => message.event === 'pong');
  });

  it('serves an embedded partner’s GoDroid token too', async () => {
    const godroid = await godroidToken({ db: t.db, config: t.config, now: t.clock.now }, merchant.vendorId);
    const { ticket, status } = await liveTicket(t.app, { authorization: `GoDroid ${godroid}` });
    expect(status).toBe(200);
    await subscribed(ticket);
  });

  it('still opens with the Authorization header’s value in the query, for the spec’s clients', async () => {
    const client = await connectLive(host, merchant.headers.authorization!);
    clients.push(client);
    client.send('subscribeToVendor', { vendor_id: merchant.vendorId });
    await client.waitFor((message) => message.event === 'subscribe_ok');
  });

  it('keeps only the ticket’s hash in the database', async () => {
    const { ticket } = await liveTicket(t.app, merchant.headers);
    const rows = await t.db.query<{ ticket_hash: string }>('select ticket_hash from live_tickets');
    expect(rows.map((row) => row.ticket_hash)).not.toContain(ticket);
    expect(rows.length).toBeGreaterThan(0);
  });

  // Last: it moves the clock past the hour of every token issued so far.
  it('keeps the expiry of the token that asked: the socket closes with 4401 when that token expires', async () => {
    const headers = bearer(await login(t.app, merchant.email));
    // The token asked for the ticket with most of its hour already gone.
    t.clock.advance((ACCESS_TOKEN_TTL_S - 60) * 1000);
    const client = await subscribed((await liveTicket(t.app, headers)).ticket);
    client.send('ping');
    await client.waitFor((message) => message.event === 'pong');

    t.clock.advance(61_000);
    expect(await closedBySweep(client)).toEqual(SESSION_ENDED);
  });
});
