import type { Board, BoardOrder } from '@riderdesk/domain/contracts/console-board';
import { describe, expect, it } from 'vitest';
import { ageOf, areasOf, filterBoard, withOrder, withOrders } from './board-view.ts';

const order = (orderId: string, change: Partial<BoardOrder> = {}): BoardOrder => ({
  order_id: orderId,
  vendor_id: 'v1',
  status: 'NEW',
  stage: 'NEW',
  group: 'to_collect',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  preordered_for: null,
  exception: null,
  exception_since: null,
  area: 'Karachi',
  merchant: { name: 'Chai Khana', phone: '+922111', email: 'ops@chai.pk' },
  pickup: { lat: 24.8, lng: 67 },
  dropoff: { lat: 24.9, lng: 67.1 },
  customer_address: 'Clifton',
  rider: null,
  can_reassign: false,
  can_cancel: true,
  ...change,
});

const board = (orders: BoardOrder[]): Board => ({ orders, now: '2026-03-01T12:00:00.000Z' });

describe('the live board’s view', () => {
  const late = order('late', { exception: 'delayed', exception_since: '2026-03-01T11:00:00.000Z', status: 'DELAYED' });
  const collected = order('collected', { group: 'collected', area: 'Lahore', status: 'PICKED_UP' });
  const quiet = order('quiet');

  it('keeps the orders of the chosen group and area', () => {
    const orders = [late, collected, quiet];
    expect(filterBoard(orders, { group: 'exceptions', area: null }).map((o) => o.order_id)).toEqual(['late']);
    expect(filterBoard(orders, { group: 'collected', area: null }).map((o) => o.order_id)).toEqual(['collected']);
    expect(filterBoard(orders, { group: 'all', area: 'Karachi' }).map((o) => o.order_id)).toEqual(['late', 'quiet']);
    expect(filterBoard(orders, { group: 'to_collect', area: 'Lahore' })).toEqual([]);
    expect(areasOf([...orders, order('nowhere', { area: null })])).toEqual(['Karachi', 'Lahore']);
  });

  it('says an age in minutes, then in hours and minutes', () => {
    const now = Date.parse('2026-03-01T12:00:00.000Z');
    expect(ageOf('2026-03-01T11:15:30.000Z', now)).toEqual({ key: 'console.board.age.minutes', hours: 0, minutes: 44 });
    expect(ageOf('2026-03-01T09:50:00.000Z', now)).toEqual({ key: 'console.board.age.hours', hours: 2, minutes: 10 });
    expect(ageOf('2026-03-01T12:05:00.000Z', now).minutes).toBe(0);
  });

  it('puts a changed order in its place: exceptions first, an ended one that needs nobody taken off', () => {
    const start = board([quiet, collected]);
    const nowLate = withOrder(start, {
      ...collected,
      exception: 'rider_unreachable',
      exception_since: '2026-03-01T11:50:00.000Z',
    });
    expect(nowLate.orders.map((o) => o.order_id)).toEqual(['collected', 'quiet']);
    const delivered = withOrders(nowLate, [{ ...quiet, status: 'DELIVERED', group: 'ended' }, late]);
    expect(delivered.orders.map((o) => o.order_id)).toEqual(['late', 'collected']);
    expect(withOrders(delivered, [])).toBe(delivered);
  });
});
