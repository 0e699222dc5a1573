import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../test/orders.ts';
import { createLiveConnection, PING_INTERVAL_MS, SESSION_ENDED_CLOSE_CODE } from './live-connection.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** A connection with hand-driven timers, the fake socket and a renewal the test settles. */
function setup() {
  const timers = new Map<number, { callback: () => void; ms: number }>();
  let nextTimer = 0;
  let authorization = 'Bearer access|id';
  let renewal = deferred<boolean>();
  const renewSession = vi.fn(() => renewal.promise);
  const connection = createLiveConnection({
    createSocket: (url) => new FakeWebSocket(url),
    getAuthorization: () => authorization,
    renewSession,
    socketOrigin: () => 'ws://riderdesk.test',
    setTimeout: (callback, ms) => {
      nextTimer += 1;
      timers.set(nextTimer, { callback, ms });
      return nextTimer;
    },
    clearTimeout: (handle) => timers.delete(handle as number),
    now: () => Date.now(),
  });
  const socket = (index: number) => {
    const found = FakeWebSocket.instances[index];
    if (!found) throw new Error(`no socket ${index}`);
    return found;
  };
  const tokenOf = (index: number) => new URL(socket(index).url).searchParams.get('authorization');
  /** Reconnect waits pending (the ping's timer is not one). */
  const retryDelays = () =>
    [...timers.values()].filter((timer) => timer.ms !== PING_INTERVAL_MS).map((timer) => timer.ms);
  const settleRenewal = async (isRenewed: boolean) => {
    renewal.resolve(isRenewed);
    // Lets the connection's continuation of the renewal run before the test looks.
    await new Promise((resolve) => setTimeout(resolve, 0));
    renewal = deferred<boolean>();
  };
  return {
    connection,
    renewSession,
    socket,
    tokenOf,
    retryDelays,
    settleRenewal,
    setAuthorization: (value: string) => {
      authorization = value;
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
function connected() {
  const live = setup();
  stopConnection = live.connection.stop;
  live.connection.setVendor('v-1');
  live.connection.start();
  live.socket(0).open();
  return live;
}

describe('a live connection whose session ended (close 4401)', () => {
  it('renews the tokens first, then reconnects with the new ones and catches up', async () => {
    const live = connected();
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
    const live = connected();
    live.socket(0).drop(SESSION_ENDED_CLOSE_CODE);
    await live.settleRenewal(false);

    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(live.retryDelays()).toEqual([]);
    expect(live.connection.getStatus()).toBe('disconnected');
  });

  it('does not reconnect when stopped (logout) while the renewal was under way', async () => {
    const live = connected();
    live.socket(0).drop(SESSION_ENDED_CLOSE_CODE);
    live.connection.stop();
    await live.settleRenewal(true);

    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(live.connection.getStatus()).toBe('idle');
  });

  it('still reconnects after a wait, with no renewal, when the connection is lost otherwise', () => {
    const live = connected();
    live.socket(0).drop(1006);

    expect(live.renewSession).not.toHaveBeenCalled();
    expect(live.retryDelays()).toEqual([1000]);
  });
});
