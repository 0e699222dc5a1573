import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../test/orders.ts';
import {
  createLiveConnection,
  type LiveTicketResult,
  PING_INTERVAL_MS,
  RESTART_RECONNECT_SPREAD_MS,
  SERVICE_RESTART_CLOSE_CODE,
  SESSION_ENDED_CLOSE_CODE,
} from './live-connection.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Lets the connection's continuation of a settled promise run before the test looks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A connection with hand-driven timers, the fake socket, a renewal the test settles and a ticket service
 * that remembers which tokens asked for each ticket.
 */
function setup() {
  const timers = new Map<number, { callback: () => void; ms: number }>();
  let nextTimer = 0;
  let authorization = 'Bearer access|id';
  let renewal = deferred<boolean>();
  const renewSession = vi.fn(() => renewal.promise);
  /** The Authorization each ticket was asked for with, by ticket. */
  const askedWith = new Map<string, string>();
  let answerTicket: () => Promise<LiveTicketResult> = async () => {
    const ticket = `ticket-${askedWith.size + 1}`;
    askedWith.set(ticket, authorization);
    return { kind: 'ticket', ticket };
  };
  const requestTicket = vi.fn(() => answerTicket());
  const connection = createLiveConnection({
    createSocket: (url) => new FakeWebSocket(url),
    requestTicket,
    renewSession,
    socketOrigin: () => 'ws://riderdesk.test',
    setTimeout: (callback, ms) => {
      nextTimer += 1;
      timers.set(nextTimer, { callback, ms });
      return nextTimer;
    },
    clearTimeout: (handle) => timers.delete(handle as number),
    now: () => Date.now(),
    random: () => 0.25,
  });
  const socket = (index: number) => {
    const found = FakeWebSocket.instances[index];
    if (!found) throw new Error(`no socket ${index}`);
    return found;
  };
  const queryOf = (index: number) => new URL(socket(index).url).searchParams;
  /** The tokens that asked for the ticket socket `index` opened with. */
  const tokenOf = (index: number) => askedWith.get(queryOf(index).get('ticket') ?? '') ?? null;
  /** Reconnect waits pending (the ping's timer is not one). */
  const retryDelays = () =>
    [...timers.values()].filter((timer) => timer.ms !== PING_INTERVAL_MS).map((timer) => timer.ms);
  const settleRenewal = async (isRenewed: boolean) => {
    renewal.resolve(isRenewed);
    await settle();
    // The renewal's reconnect asks for a ticket; let that answer arrive too.
    await settle();
    renewal = deferred<boolean>();
  };
  return {
    connection,
    renewSession,
    requestTicket,
    socket,
    queryOf,
    tokenOf,
    retryDelays,
    settleRenewal,
    setAuthorization: (value: string) => {
      authorization = value;
    },
    answerTicketsWith: (answer: () => Promise<LiveTicketResult>) => {
      answerTicket = answer;
    },
    /** Runs the reconnect wait that is due. */
    fireRetry: () => {
      const [handle, timer] = [...timers.entries()].find(([, entry]) => entry.ms !== PING_INTERVAL_MS) ?? [];
      if (handle === undefined || !timer) throw new Error('no reconnect wait pending');
      timers.delete(handle);
      timer.callback();
    },
  };
}

beforeEach(() => {
  FakeWebSocket.instances = [];
});

let stopConnection: (() => void) | null = null;
afterEach(() => {
  stopConnection?.();
  stopConnection = null;
});

/** Started, subscribed to v-1, its first socket open. */
async function connected() {
  const live = setup();
  stopConnection = live.connection.stop;
  live.connection.setVendor('v-1');
  live.connection.start();
  await settle();
  live.socket(0).open();
  return live;
}

describe('opening the live socket with a one-time ticket', () => {
  it('asks for a ticket and puts only the ticket in the socket URL, never a token', async () => {
    const live = await connected();
    expect(live.requestTicket).toHaveBeenCalledTimes(1);
    expect(live.queryOf(0).get('ticket')).toBe('ticket-1');
    expect(live.queryOf(0).get('authorization')).toBeNull();
    expect(live.socket(0).url).not.toContain('access');
    expect(live.connection.getStatus()).toBe('connected');
  });

  it('asks for a fresh ticket before every reconnect', async () => {
    const live = await connected();
    live.socket(0).drop(1006);
    live.fireRetry();
    await settle();

    expect(live.requestTicket).toHaveBeenCalledTimes(2);
    expect(live.queryOf(1).get('ticket')).toBe('ticket-2');
  });

  it('waits and tries again when the ticket cannot be had (network, server error)', async () => {
    const live = setup();
    stopConnection = live.connection.stop;
    live.answerTicketsWith(async () => {
      throw new Error('offline');
    });
    live.connection.start();
    await settle();

    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(live.connection.getStatus()).toBe('disconnected');
    expect(live.retryDelays()).toEqual([1000]);
  });

  it('renews the login first when the server refuses its tokens for a ticket', async () => {
    const live = setup();
    stopConnection = live.connection.stop;
    live.answerTicketsWith(async () => ({ kind: 'refused' }));
    live.connection.start();
    await settle();

    expect(live.renewSession).toHaveBeenCalledTimes(1);
    expect(live.retryDelays()).toEqual([]);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('opens nothing when stopped while the ticket was asked for', async () => {
    const live = setup();
    live.connection.start();
    live.connection.stop();
    await settle();

    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(live.connection.getStatus()).toBe('idle');
  });
});

describe('a live connection whose session ended (close 4401)', () => {
  it('renews the tokens first, then reconnects with the new ones and catches up', async () => {
    const live = await connected();
    live.socket(0).drop(SESSION_ENDED_CLOSE_CODE);

    expect(live.renewSession).toHaveBeenCalledTimes(1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(live.retryDelays()).toEqual([]);

    live.setAuthorization('Bearer renewed|id');
    await live.settleRenewal(true);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(live.tokenOf(1)).toBe('Bearer renewed|id');
    live.socket(1).open();
    expect(live.connection.getStatus()).toBe('connected');
    expect(live.socket(1).sent[0]).toMatchObject({
      event: 'subscribeToVendor',
      data: { vendor_id: 'v-1', since: expect.any(String) },
    });
  });

  it('stays closed when the renewal is refused (the user is logged out)', async () => {
    const live = await connected();
    live.socket(0).drop(SESSION_ENDED_CLOSE_CODE);
    await live.settleRenewal(false);

    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(live.retryDelays()).toEqual([]);
    expect(live.connection.getStatus()).toBe('disconnected');
  });

  it('does not reconnect when stopped (logout) while the renewal was under way', async () => {
    const live = await connected();
    live.socket(0).drop(SESSION_ENDED_CLOSE_CODE);
    live.connection.stop();
    await live.settleRenewal(true);

    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(live.connection.getStatus()).toBe('idle');
  });

  it('still reconnects after a wait, with no renewal, when the connection is lost otherwise', async () => {
    const live = await connected();
    live.socket(0).drop(1006);

    expect(live.renewSession).not.toHaveBeenCalled();
    expect(live.retryDelays()).toEqual([1000]);
  });

  it('comes back within a second, at a random moment, when the server restarts (1012)', async () => {
    const live = await connected();
    live.socket(0).drop(SERVICE_RESTART_CLOSE_CODE);

    expect(live.renewSession).not.toHaveBeenCalled();
    expect(live.retryDelays()).toEqual([Math.floor(0.25 * RESTART_RECONNECT_SPREAD_MS)]);
    live.fireRetry();
    await settle();
    expect(live.queryOf(1).get('ticket')).toBeTruthy();
  });
});

describe('bulk job updates', () => {
  it('hands each bulk_job_update to its listeners, and nothing malformed', async () => {
    const live = await connected();
    const updates: unknown[] = [];
    const off = live.connection.onBulkJobUpdate((update) => updates.push(update));
    const checking = {
      bulk_job_id: '0b6f3f8e-6d1c-4a57-9a8e-1c2d3e4f5a6b',
      upload_id: '0b6f3f8e-6d1c-4a57-9a8e-1c2d3e4f5a6b',
      vendor_id: 'v-1',
      parent_vendor_id: null,
      status: 'PREPROCESSING',
      placement: 'NOT_STARTED',
      orders_placed: 0,
      orders_to_be_placed: 0,
      rows_checked: 60,
      total_rows: 120,
    };
    live.socket(0).receive({ event: 'bulk_job_update', data: checking });
    live.socket(0).receive({ event: 'bulk_job_update', data: { vendor_id: 'v-1' } });
    expect(updates).toEqual([checking]);

    off();
    live.socket(0).receive({ event: 'bulk_job_update', data: checking });
    expect(updates).toHaveLength(1);
  });
});
