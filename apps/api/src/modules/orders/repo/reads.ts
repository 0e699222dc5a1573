import { TERMINAL_STATUSES } from '@riderdesk/domain/order-lifecycle';
import type { OrderStatus } from '@riderdesk/domain/order-status';
import type { Db } from '../../../db/db.ts';
import type { OrderRow } from '../model.ts';
import { OF_VENDOR_OR_OUTLETS, selectOrders } from './sql.ts';

// Orders read one at a time or by a simple key: by id, tracking link, status, change time.

export async function findOrder(db: Db, orderId: string): Promise<OrderRow | null> {
  const [row] = await selectOrders(db, 'where o.order_id = $1', [orderId]);
  return row ?? null;
}

/** An order of this vendor or of one of its outlets. */
export async function findOrderOfVendor(db: Db, orderId: string, vendorId: string): Promise<OrderRow | null> {
  const [row] = await selectOrders(db, `where o.order_id = $1 and ${OF_VENDOR_OR_OUTLETS('$2')}`, [orderId, vendorId]);
  return row ?? null;
}

/** The newest orders of the vendor and of its outlets (the help centre's order picker). */
export async function findRecentOrdersOfVendor(db: Db, vendorId: string, limit: number): Promise<OrderRow[]> {
  return selectOrders(db, `where ${OF_VENDOR_OR_OUTLETS('$1')} order by o.created_at desc, o.order_id desc limit $2`, [
    vendorId,
    limit,
  ]);
}

/** The order behind a public tracking link. */
export async function findOrderByTrackingToken(db: Db, token: string): Promise<OrderRow | null> {
  const [row] = await selectOrders(db, 'where o.tracking_token = $1', [token]);
  return row ?? null;
}

/** Oldest first, so a busy minute does not starve early orders. */
export async function findOrdersInStatus(
  db: Db,
  statuses: readonly OrderStatus[],
  limit: number,
  options: { isWaitingCustomerSkipped?: boolean } = {},
) {
  // A cash order waiting for its customer (decision 175) is left out once received: the dispatcher has nothing to
  // do with it until it is confirmed, and a backlog of them must not take the batch from orders it can send.
  const waiting = options.isWaitingCustomerSkipped
    ? `and (o.customer_confirmation is distinct from 'awaiting' or o.status = 'NEW')`
    : '';
  return selectOrders(db, `where o.status = any($1::text[]) ${waiting} order by o.created_at, o.order_id limit $2`, [
    statuses,
    limit,
  ]);
}

/** Cash orders whose customer did not confirm by their time, oldest deadline first (decision 175). */
export async function findConfirmationsDue(db: Db, at: Date, limit: number) {
  return selectOrders(
    db,
    `where o.customer_confirmation = 'awaiting' and o.confirm_by <= $1 order by o.confirm_by, o.order_id limit $2`,
    [at, limit],
  );
}

/** Orders of the vendor (and of its outlets) changed after `since`, oldest change first. */
/**
 * Orders of the vendor (and its outlets) changed after `since`, oldest first, a page at a time: `afterOrderId`
 * is the last order of the previous page (whose `updated_at` is the next `since`), so orders changed in the
 * same millisecond are neither skipped nor repeated across pages.
 */
export async function findOrdersChangedSince(
  db: Db,
  vendorId: string,
  since: string,
  limit: number,
  afterOrderId: string | null = null,
) {
  return selectOrders(
    db,
    `where ${OF_VENDOR_OR_OUTLETS('$1')}
       and (o.updated_at > $2::timestamptz or (o.updated_at = $2::timestamptz and o.order_id > $4::text))
     order by o.updated_at, o.order_id limit $3`,
    [vendorId, since, limit, afterOrderId],
  );
}

export async function countOrdersOfVendor(db: Db, vendorId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from orders o join vendors v on v.vendor_id = o.vendor_id
      where ${OF_VENDOR_OR_OUTLETS('$1')}`,
    [vendorId],
  );
  return row?.n ?? 0;
}

/** Whether the rider is on an unfinished order of one of these vendors (GET /riders/{id}). */
export async function isRiderOnOrdersOf(db: Db, riderId: string, vendorIds: readonly string[]): Promise<boolean> {
  const rows = await db.query(
    `select 1 from orders
      where rider_id = $1 and vendor_id = any($2::text[]) and status <> all($3::text[]) limit 1`,
    [riderId, vendorIds, TERMINAL_STATUSES],
  );
  return rows.length > 0;
}

/** Where a vendor's newest order was collected: a guest's pickup, kept when its orders move to an account. */
export async function findLatestPickupOfVendor(
  db: Db,
  vendorId: string,
): Promise<{ address: string | null; notes: string | null; latitude: number; longitude: number } | null> {
  const [row] = await db.query<{
    pickup_address: string | null;
    pickup_notes: string | null;
    pickup_latitude: number;
    pickup_longitude: number;
  }>(
    `select pickup_address, pickup_notes, pickup_latitude, pickup_longitude from orders
      where vendor_id = $1 order by created_at desc, order_id desc limit 1`,
    [vendorId],
  );
  return row
    ? {
        address: row.pickup_address,
        notes: row.pickup_notes,
        latitude: row.pickup_latitude,
        longitude: row.pickup_longitude,
      }
    : null;
}

/** The unfinished orders of these vendors that a rider has: the ones whose rider position is followed. */
export async function findRiderOrdersOfVendors(db: Db, vendorIds: readonly string[]): Promise<OrderRow[]> {
  if (vendorIds.length === 0) return [];
  return selectOrders(
    db,
    'where o.vendor_id = any($1::text[]) and o.rider_id is not null and not (o.status = any($2::text[])) order by o.order_id',
    [vendorIds, TERMINAL_STATUSES],
  );
}
