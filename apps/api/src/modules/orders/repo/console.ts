import { TERMINAL_STATUSES } from '@riderdesk/domain/order-lifecycle';
import type { Db } from '../../../db/db.ts';
import type { OrderRow } from '../model.ts';
import { selectOrders } from './sql.ts';

// Orders as the operator console reads them: across every vendor (operators act for the whole deployment).

/** An order on the live board: its row with its outlet's area and whom to call about it. */
export interface BoardOrderRow extends OrderRow {
  area: string | null;
  merchant_phone: string | null;
  merchant_email: string | null;
}

// The outlet's own contact, else its parent's.
const BOARD_COLUMNS = `v.city as area,
  coalesce(v.phone, (select p.phone from vendors p where p.vendor_id = v.parent_vendor_id)) as merchant_phone,
  coalesce(v.contact_email, (select p.contact_email from vendors p where p.vendor_id = v.parent_vendor_id),
    v.owners[1]) as merchant_email, `;

/** At most this many orders in flight are listed (a board is about the present, not a history search). */
export const BOARD_ACTIVE_LIMIT = 10_000;

/**
 * Every order in flight (the partial index of migration 020 holds exactly them), and the orders that ended
 * since `endedSince` in a way a person must follow up: stalled, payment failed, no courier found.
 */
export async function findBoardOrders(db: Db, endedSince: Date): Promise<BoardOrderRow[]> {
  const active = await selectOrders<BoardOrderRow>(
    db,
    `where o.status not in (${TERMINAL_STATUSES.map((status) => `'${status}'`).join(', ')})
     order by o.created_at, o.order_id limit $1`,
    [BOARD_ACTIVE_LIMIT],
    BOARD_COLUMNS,
  );
  const ended = await selectOrders<BoardOrderRow>(
    db,
    `where o.updated_at >= $1
       and (o.status in ('STALLED', 'PAYMENT_FAILED') or (o.status = 'CANCELLED' and o.cancel_reason = 'no_courier'))
     order by o.updated_at, o.order_id limit $2`,
    [endedSince, BOARD_ACTIVE_LIMIT],
    BOARD_COLUMNS,
  );
  return [...active, ...ended];
}

export async function findBoardOrder(db: Db, orderId: string): Promise<BoardOrderRow | null> {
  const [row] = await selectOrders<BoardOrderRow>(db, 'where o.order_id = $1', [orderId], BOARD_COLUMNS);
  return row ?? null;
}

/** The rider's orders, the latest changed first (the Riders page). */
export async function findOrdersOfRider(db: Db, riderId: string, limit: number): Promise<OrderRow[]> {
  return selectOrders(db, 'where o.rider_id = $1 order by o.updated_at desc, o.order_id desc limit $2', [
    riderId,
    limit,
  ]);
}

/**
 * Moves an order's times back (`npm run ops -- age-order`, outside production): its creation, its wait for a rider
 * and its history, so the time rules (DELAYED, no courier) can be tried without waiting. Announced as a change.
 */
export async function shiftOrderTimesBack(db: Db, orderId: string, minutes: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const shift = `make_interval(mins => $2::int)`;
    const rows = await tx.query(
      `update orders set created_at = created_at - ${shift},
              dispatch_started_at = dispatch_started_at - ${shift}
        where order_id = $1 returning order_id`,
      [orderId, minutes],
    );
    if (rows.length === 0) return false;
    await tx.query(`update order_status_history set created_at = created_at - ${shift} where order_id = $1`, [
      orderId,
      minutes,
    ]);
    return true;
  });
}
