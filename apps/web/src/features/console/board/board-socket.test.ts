import type { BoardOrder } from '@riderdesk/domain/contracts/console-board';
import { describe, expect, it } from 'vitest';
import { type BoardSocketLike, openBoardSocket } from './board-socket.ts';

function fakeSocket(url: string) {
  const socket: BoardSocketLike & { url: string; isClosed: boolean } = {
    url,
    isClosed: false,
    onopen: null,
    onmessage: null,
    onclose: null,
    close() {
      socket.isClosed = true;
    },
  };
  return socket;
}

const boardOrder = (orderId: string, status: BoardOrder['status']): BoardOrder => ({
  order_id: orderId,
  vendor_id: 'v1',
  status,
  stage: status,
  group: 'to_collect',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  preordered_for: null,
  exception: null,
  exception_since: null,
  area: null,
  merchant: { name: 'Chai Khana', phone: null, email: null },
  pickup: { lat: 24.8, lng: 67 },
  dropoff: { lat: 24.9, lng: 67.1 },
  customer_address: 'Clifton',
  rider: null,
  can_reassign: false,
  can_cancel: true,
});

function setUp(tickets: (string | null)[]) {
  const sockets: ReturnType<typeof fakeSocket>[] = [];
  const batches: BoardOrder[][] = [];
  const statuses: boolean[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  let resyncs = 0;
  const handle = openBoardSocket({
    requestTicket: async () => tickets.shift() ?? null,
    createSocket: (url) => {
      const socket = fakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    origin: () => 'ws://console.test',
    onOrders: (orders) => batches.push(orders),
    onResync: () => {
      resyncs++;
    },
    onStatus: (isLive) => statuses.push(isLive),
    schedule: (flush) => frames.push(flush),
    setTimeout: (callback) => timers.push(callback),
    clearTimeout: () => {},
  });
  return { handle, sockets, batches, statuses, frames, timers, resyncs: () => resyncs };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the live board’s socket', () => {
  it('opens with a ticket and hands a burst of changes on once per frame, the latest of each order', async () => {
    const run = setUp(['ticket-one-abcdefgh']);
    await settle();
    const [socket] = run.sockets;
    expect(socket?.url).toBe('ws://console.test/live/board?ticket=ticket-one-abcdefgh');
    socket?.onopen?.();
    for (const status of ['NEW', 'RECEIVED'] as const) {
      socket?.onmessage?.({ data: JSON.stringify({ event: 'board_update', data: boardOrder('a', status) }) });
    }
    socket?.onmessage?.({ data: JSON.stringify({ event: 'board_update', data: boardOrder('b', 'NEW') }) });
    socket?.onmessage?.({ data: 'not json' });
    socket?.onmessage?.({ data: JSON.stringify({ event: 'board_update', data: { order_id: 'broken' } }) });
    expect(run.frames).toHaveLength(1);
    run.frames[0]?.();
    expect(run.batches).toHaveLength(1);
    expect(run.batches[0]?.map((order) => [order.order_id, order.status])).toEqual([
      ['a', 'RECEIVED'],
      ['b', 'NEW'],
    ]);
    expect(run.statuses).toEqual([true]);
  });

  it('reconnects after a drop and reads the board again, but not after its session ended', async () => {
    const run = setUp(['ticket-one-abcdefgh', 'ticket-two-abcdefgh']);
    await settle();
    run.sockets[0]?.onopen?.();
    run.sockets[0]?.onclose?.({ code: 1006 });
    expect(run.timers).toHaveLength(1);
    run.timers[0]?.();
    await settle();
    run.sockets[1]?.onopen?.();
    expect(run.resyncs()).toBe(1);
    run.sockets[1]?.onclose?.({ code: 4401 });
    expect(run.timers).toHaveLength(1);
    run.handle.close();
    expect(run.statuses).toEqual([true, false, true, false]);
  });

  it('reads the board again when the server says it missed changes', async () => {
    const run = setUp(['ticket-one-abcdefgh']);
    await settle();
    run.sockets[0]?.onopen?.();
    run.sockets[0]?.onmessage?.({ data: JSON.stringify({ event: 'board_resync', data: {} }) });
    expect(run.resyncs()).toBe(1);
    run.handle.close();
    expect(run.sockets[0]?.isClosed).toBe(true);
  });
});
