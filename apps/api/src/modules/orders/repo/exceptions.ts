import type { OrderExceptionKind } from '@riderdesk/domain/orders/handover-pin';
import type { Db } from '../../../db/db.ts';

// Orders flagged for a person to solve (decision 176): written in the transaction of what flagged them, listed
// for the operators (the console of issue 36, `npm run ops -- exceptions` until then).

export interface OrderExceptionRow {
  id: string;
  order_id: string;
  vendor_id: string;
  kind: OrderExceptionKind;
  detail: string | null;
  created_at: Date;
}

/** Flags the order; an order already flagged with that kind and not yet solved is left as it is. */
export async function insertException(
  tx: Db,
  exception: Omit<OrderExceptionRow, 'created_at'> & { at: Date },
): Promise<void> {
  await tx.query(
    `insert into order_exceptions (id, order_id, vendor_id, kind, detail, created_at)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (order_id, kind) where resolved_at is null do nothing`,
    [exception.id, exception.order_id, exception.vendor_id, exception.kind, exception.detail, exception.at],
  );
}

/** The open exceptions, oldest first. */
export async function findOpenExceptions(db: Db, limit: number): Promise<OrderExceptionRow[]> {
  return db.query<OrderExceptionRow>(
    `select id::text as id, order_id, vendor_id, kind, detail, created_at from order_exceptions
      where resolved_at is null order by created_at, id limit $1`,
    [limit],
  );
}
