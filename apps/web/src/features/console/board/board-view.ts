import { BOARD_EXCEPTIONS, type BoardGroup, compareBoardOrders } from '@riderdesk/domain/console/board';
import type { Board, BoardOrder } from '@riderdesk/domain/contracts/console-board';

/** The board's view-model: which orders the filters show, how old an exception is, which areas there are. */

export interface BoardFilters {
  group: BoardGroup;
  /** A city, or null for every area. */
  area: string | null;
}

/** At most this many rows are listed; the map shows every order the filters keep. */
export const LISTED_ROWS = 200;

export function matchesFilters(order: BoardOrder, filters: BoardFilters): boolean {
  if (filters.area !== null && order.area !== filters.area) return false;
  switch (filters.group) {
    case 'exceptions':
      return order.exception !== null;
    case 'to_collect':
    case 'collected':
      return order.group === filters.group;
    case 'all':
      return true;
  }
}

export function filterBoard(orders: readonly BoardOrder[], filters: BoardFilters): BoardOrder[] {
  return orders.filter((order) => matchesFilters(order, filters));
}

/** The areas of the board's orders, by name; orders without one are left out of the choice. */
export function areasOf(orders: readonly BoardOrder[]): string[] {
  const areas = new Set<string>();
  for (const order of orders) if (order.area) areas.add(order.area);
  return [...areas].sort((a, b) => a.localeCompare(b));
}

/** How many orders of each exception kind (the filter's badges). */
export function exceptionCounts(orders: readonly BoardOrder[]): Record<(typeof BOARD_EXCEPTIONS)[number], number> {
  const counts = Object.fromEntries(BOARD_EXCEPTIONS.map((kind) => [kind, 0])) as Record<
    (typeof BOARD_EXCEPTIONS)[number],
    number
  >;
  for (const order of orders) if (order.exception) counts[order.exception]++;
  return counts;
}

/** An age as the board says it: minutes, or hours and minutes; never negative. */
export function ageOf(
  since: string,
  now: number,
): { key: 'console.board.age.minutes' | 'console.board.age.hours'; hours: number; minutes: number } {
  const total = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (total < 60) return { key: 'console.board.age.minutes', hours: 0, minutes: total };
  return { key: 'console.board.age.hours', hours: Math.floor(total / 60), minutes: total % 60 };
}

/**
 * The board with one order as it now is: replaced in place, added, or, once it has ended and needs nobody,
 * taken off; then in the board's order again (exceptions first).
 */
export function withOrder(board: Board, order: BoardOrder): Board {
  const keep = order.group !== 'ended' || order.exception !== null;
  const others = board.orders.filter((entry) => entry.order_id !== order.order_id);
  const orders = keep ? [...others, order] : others;
  orders.sort(compareBoardOrders);
  return { ...board, orders };
}

/** Several changed orders at once (a live burst): one pass and one sort, not one per order. */
export function withOrders(board: Board, changed: readonly BoardOrder[]): Board {
  if (changed.length === 0) return board;
  const byId = new Map(board.orders.map((order) => [order.order_id, order]));
  for (const order of changed) {
    if (order.group === 'ended' && order.exception === null) byId.delete(order.order_id);
    else byId.set(order.order_id, order);
  }
  const orders = [...byId.values()];
  orders.sort(compareBoardOrders);
  return { ...board, orders };
}
