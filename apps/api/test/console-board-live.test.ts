import { BOARD_LIVE_PATH, BOARD_TICKET_PATH, BoardOrderSchema } from '@riderdesk/domain/contracts/console-board';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { CONSOLE_API, operatorOfEachRole, signInOperator, type TestOperator } from './support/console.ts';
import { createMerchant, type Merchant } from './support/factories.ts';
import { closedBySweep, connectLive, type LiveClient, listenOnRandomPort, liveTicket } from './support/live.ts';
import { placeOrder } from './support/orders.ts';

const SESSION_ENDED = { code: 4401, reason: 'session-ended' };

describe.each(databases())('the console’s live board socket on %s', (kind) => {
  let t: TestApp;
  let host: string;
  let merchant: Merchant;
  let ops: Awaited<ReturnType<typeof operatorOfEachRole>>;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    // The session sweep runs on a fake interval, moved by closedBySweep.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    host = await listenOnRandomPort(t.app);
    merchant = await createMerchant(t);
    ops = await operatorOfEachRole(t);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.close();
    vi.useRealTimers();
  });

  async function boardTicket(operator: Pick<TestOperator, 'headers'>) {
    const response = await t.app.inject({ method: 'POST', url: BOARD_TICKET_PATH, headers: operator.headers });
    return {
      status: response.statusCode,
      ticket: response.statusCode === 200 ? (response.json().ticket as string) : '',
    };
  }
  const openBoard = async (ticket: string) => {
    const client = await connectLive(host, { ticket }, BOARD_LIVE_PATH);
    clients.push(client);
    return client;
  };

  it('gives a ticket to the roles that read the board, and none to finance or without a session', async () => {
    expect((await boardTicket(ops.support)).status).toBe(200);
    expect((await boardTicket(ops.operations)).status).toBe(200);
    expect((await boardTicket(ops.finance)).status).toBe(403);
    expect((await boardTicket({ headers: {} })).status).toBe(401);
  });

  it('pushes every vendor’s order changes as the board shows them, with no subscription per vendor', async () => {
    const client = await openBoard((await boardTicket(ops.support)).ticket);
    const orderId = await placeOrder(t, merchant);
    const update = await client.waitFor(
      (message) => message.event === 'board_update' && message.data.order_id === orderId,
    );
    const order = BoardOrderSchema.parse(update.data);
    expect(order).toMatchObject({ status: 'NEW', vendor_id: merchant.vendorId, exception: null, group: 'to_collect' });
  });

  it('keeps the two sockets apart: a merchant’s ticket does not open the board, nor an operator’s /live', async () => {
    const { ticket: merchantTicket } = await liveTicket(t.app, merchant.headers);
    await expect(connectLive(host, { ticket: merchantTicket }, BOARD_LIVE_PATH)).rejects.toThrow(/401/);
    const { ticket: operatorTicket } = await boardTicket(ops.operations);
    await expect(connectLive(host, { ticket: operatorTicket })).rejects.toThrow(/401/);
    // Taken once: the ticket tried at /live is used up.
    await expect(connectLive(host, { ticket: operatorTicket }, BOARD_LIVE_PATH)).rejects.toThrow(/401/);
  });

  it('closes with 4401 when the operator signs out, and refuses a ticket whose session ended first', async () => {
    const operator = await signInOperator(t, ops.operations);
    const client = await openBoard((await boardTicket(operator)).ticket);
    const unused = await boardTicket(operator);
    const out = await t.app.inject({ method: 'POST', url: `${CONSOLE_API}/sign-out`, headers: operator.headers });
    expect(out.statusCode).toBe(204);
    expect(await closedBySweep(client)).toEqual(SESSION_ENDED);
    await expect(connectLive(host, { ticket: unused.ticket }, BOARD_LIVE_PATH)).rejects.toThrow(/401/);
  });
});
