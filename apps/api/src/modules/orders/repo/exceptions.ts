import type { OrderExceptionKind } from '@riderdesk/domain/orders/handover-pin';
import type { Db } from '../../../db/db.ts';
import type { OrderRow } from '../model.ts';
import { selectOrders } from './sql.ts';

// Orders flagged for a person to solve (decision 175): the flag is the order's own `exception` and `exception_at`
// columns, written in the transaction of what flagged it, read with the order by every reader of orders (the
// operators' live board, the merchant's order detail, the merchant API), and listed for the operators here.

/** Flags the order; an order already flagged keeps its first exception and its time. */
export async function flagException(tx: Db, orderId: string, kind: OrderExceptionKind, at: Date): Promise<void> {
  await tx.query(
    `update orders set exception = $2, exception_at = $3, updated_at = $3
      where order_id = $1 and exception is null`,
    [orderId, kind, at],
  );
}

/** The flagged orders, oldest flag first, from the partial index on `exception_at`. */
export async function findFlaggedOrders(db: Db, limit: number): Promise<OrderRow[]> {
  return selectOrders(db, 'where o.exception is not null order by o.exception_at, o.order_id limit $1', [limit]);
}
