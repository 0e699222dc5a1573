import type { Order } from '@riderdesk/domain/contracts/orders';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveHub, type LiveSocket } from '../src/modules/live/hub.ts';
import type { OrderRecords } from '../src/modules/orders/records.ts';

const VENDOR = 'pk-outlet';
const silent = { warn: () => {}, error: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

function socket() {
  const sent: { event: string; data: { order_id: string; status: string } }[] = [];
  const live: LiveSocket = { send: (data) => sent.push(JSON.parse(String(data))), close: () => {}, bufferedAmount: 0 };
  return { live, sent, orderIds: () => sent.map((message) => message.data.order_id) };
}

/** Orders as the repository keeps them: ordered by (updated_at, order_id), many in the same millisecond. */
function storedOrders(count: number): Order[] {
  return Array.from({ length: count }, (_, index) => ({
    order_id: `ORD-${String(index).padStart(5, '0')}`,
    vendor_id: VENDOR,
    status: 'NEW',
    // Seven orders per millisecond, so page boundaries fall inside a millisecond.
    updated_at: new Date(Date.UTC(2026, 10, 24, 10, 0, 0, Math.floor(index / 7))).toISOString(),
  })) as unknown as Order[];
}

function records(orders: Order[], view: OrderRecords['view'] = async () => null): OrderRecords {
  return {
    view,
    async viewsChangedSince(_vendorId: string, since: string, limit: number, afterOrderId: string | null = null) {
      return orders
        .filter(
          (order) =>
            order.updated_at > since ||
            (order.updated_at === since && afterOrderId !== null && order.order_id > afterOrderId),
        )
        .slice(0, limit);
    },
  } as unknown as OrderRecords;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('LiveHub', () => {
  it('catches up with every order changed while the listener was away, however many pages they fill', async () => {
    const orders = storedOrders(1203);
    const hub = new LiveHub({ orders: records(orders), log: silent, now: () => new Date('2026-11-24T10:00:30Z') });
    const client = socket();
    hub.subscribe(client.live, VENDOR);
    await hub.catchUp();
    expect(client.orderIds()).toEqual(orders.map((order) => order.order_id));
  });

  it('pages a reconnecting browser’s `since` the same way', async () => {
    const orders = storedOrders(1203);
    const hub = new LiveHub({ orders: records(orders), log: silent, now: () => new Date() });
    const pages: string[][] = [];
    for await (const page of hub.changedSince(VENDOR, '2026-11-24T10:00:00.010Z'))
      pages.push(page.map((o) => o.order_id));
    const expected = orders.filter((order) => order.updated_at > '2026-11-24T10:00:00.010Z').map((o) => o.order_id);
    expect(pages.flat()).toEqual(expected);
    expect(pages.length).toBeGreaterThan(1);
  });

  it('relays a change again when its order could not be loaded (a database restart), instead of dropping it', async () => {
    vi.useFakeTimers();
    const [order] = storedOrders(1) as [Order];
    let failures = 3;
    const view = vi.fn(async () => {
      if (failures-- > 0) throw Object.assign(new Error('the database system is starting up'), { code: '57P03' });
      return order;
    });
    const hub = new LiveHub({ orders: records([], view), log: silent, now: () => new Date() });
    const client = socket();
    hub.subscribe(client.live, VENDOR);
    hub.notice(
      JSON.stringify({
        order_id: order.order_id,
        vendor_id: VENDOR,
        parent_vendor_id: null,
        updated_at: order.updated_at,
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(client.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 3000);
    expect(view).toHaveBeenCalledTimes(4);
    // The fourth load succeeded at 6 s; its push is written on the next turn of the event loop (the hub's flush).
    await vi.waitFor(() => expect(client.orderIds()).toEqual([order.order_id]));
  });
});
