import type { OrderStatus } from '@riderdesk/domain/order-status';
import type { ConfirmedBy, CustomerConfirmationState } from '@riderdesk/domain/orders/cash-confirmation';
import type { Db, SqlParam } from '../../../db/db.ts';
import { type NewOrder, ORDER_CHANGES_CHANNEL, type OrderRow } from '../model.ts';
import { findOrder } from './reads.ts';
import { announcementOf } from './sql.ts';

// Every write of an order and of its status history, each announced on `order_changes` in its transaction.

/** What a change of an order may set; a key left undefined keeps its column. */
export interface OrderChanges {
  updated_at: Date;
  status?: OrderStatus;
  rider_id?: string | null;
  dispatch_started_at?: Date | null;
  offer_expires_at?: Date | null;
  cancel_reason?: string | null;
  cancel_note?: string | null;
  latest_arrival_at?: Date | null;
  pickup_eta_minutes?: number | null;
  delivery_eta_minutes?: number | null;
  delivery_fee_minor?: number;
  discount_minor?: number;
  distance_m?: number;
  customer_name?: string;
  customer_phone?: string;
  customer_address?: string;
  customer_notes?: string | null;
  customer_latitude?: number;
  customer_longitude?: number;
  amount_minor?: number;
  description?: string;
  payment_method?: string;
  preordered_for?: Date | null;
  payment_status?: string | null;
  paid_minor?: number;
  refunded_minor?: number;
  card_scheme?: string | null;
  card_last4?: string | null;
  handover_pin_attempts?: number;
  handover_pin_checked_at?: Date | null;
  customer_confirmation?: CustomerConfirmationState | null;
  customer_confirmed_at?: Date | null;
  customer_confirmed_by?: ConfirmedBy | null;
}

// Column names reach the SQL text, so only these do, whatever else an object carries at run time.
const CHANGEABLE_COLUMNS: Record<keyof OrderChanges, true> = {
  updated_at: true,
  status: true,
  rider_id: true,
  dispatch_started_at: true,
  offer_expires_at: true,
  cancel_reason: true,
  cancel_note: true,
  latest_arrival_at: true,
  pickup_eta_minutes: true,
  delivery_eta_minutes: true,
  delivery_fee_minor: true,
  discount_minor: true,
  distance_m: true,
  customer_name: true,
  customer_phone: true,
  customer_address: true,
  customer_notes: true,
  customer_latitude: true,
  customer_longitude: true,
  amount_minor: true,
  description: true,
  payment_method: true,
  preordered_for: true,
  payment_status: true,
  paid_minor: true,
  refunded_minor: true,
  card_scheme: true,
  card_last4: true,
  handover_pin_attempts: true,
  handover_pin_checked_at: true,
  customer_confirmation: true,
  customer_confirmed_at: true,
  customer_confirmed_by: true,
};

/**
 * Locks the order row, so every change of one order (an edit, a lifecycle step) is serialised, across API
 * instances too. With `vendorId`, only an order placed by that vendor is locked.
 */
export async function lockOrder(tx: Db, orderId: string, vendorId?: string): Promise<OrderRow | null> {
  const locked = vendorId
    ? await tx.query('select 1 from orders where order_id = $1 and vendor_id = $2 for update', [orderId, vendorId])
    : await tx.query('select 1 from orders where order_id = $1 for update', [orderId]);
  if (locked.length === 0) return null;
  return findOrder(tx, orderId);
}

/** `count` new order numbers from the one sequence, in one statement. */
export async function nextOrderNumbers(tx: Db, count: number): Promise<string[]> {
  const rows = await tx.query<{ n: string }>(
    `select nextval('order_number_seq')::text as n from generate_series(1, $1::int)`,
    [count],
  );
  return rows.map((row) => row.n);
}

/**
 * Inserts new orders, one statement per shape of row (a card order also sets payment_status): a chunk of
 * bulk rows is one statement instead of one each. A column a row leaves out keeps its default. The same
 * statement (data-modifying CTEs) writes each order's first status_history entry — the status it was written
 * with, at its creation — and announces it on `order_changes` as `notifyOrderChanges` does: one round trip
 * to the database instead of three.
 */
export async function insertOrdersAnnounced(tx: Db, orders: readonly NewOrder[]): Promise<void> {
  const byShape = new Map<string, NewOrder[]>();
  for (const order of orders) {
    const shape = Object.keys(order).join(',');
    const same = byShape.get(shape);
    if (same) same.push(order);
    else byShape.set(shape, [order]);
  }
  for (const [shape, same] of byShape) {
    const columns = shape.split(',') as (keyof NewOrder)[];
    const createdAt = columns.indexOf('created_at');
    const values: SqlParam[] = [];
    const tuples = same.map((order) => {
      const base = values.length;
      for (const column of columns) values.push((order[column] ?? null) as SqlParam);
      const placeholders = columns.map((_, index) => `$${base + index + 1}`);
      return `(${placeholders.join(', ')}, $${base + createdAt + 1})`;
    });
    const insert = `insert into orders (${columns.join(', ')}, updated_at) values ${tuples.join(', ')}`;
    values.push(ORDER_CHANGES_CHANNEL);
    await tx.query(
      `with inserted as (${insert} returning order_id, vendor_id, status, created_at, updated_at),
            history as (
              insert into order_status_history (order_id, status, created_at)
              select order_id, status, created_at from inserted
            )
       select ${announcementOf(`$${values.length}`, 'i')}
         from inserted i join vendors v on v.vendor_id = i.vendor_id`,
      values,
    );
  }
}

/** The key a create claims (decision 021): its owner, the key and the hash of the body it was sent with. */
export interface OrderKeyClaim {
  owner: string;
  key: string;
  requestHash: string;
  expiresAt: Date;
  /**
   * The answer the key replays, in the caller's own shape, when it is not POST /order's `{result: {order_id}}`:
   * the statement writes its order id into the body's top-level `order_id` (decision 167).
   */
  answer?: { statusCode: number; body: unknown };
}

/** What `insertOrderOnce` did: the order it placed, or the completed answer already stored under the key. */
export type OrderOnceResult =
  | { kind: 'placed'; orderId: string }
  | { kind: 'stored'; requestHash: string; statusCode: number | null; response: unknown }
  /** The key is held by a request that committed while this statement ran (a concurrent duplicate). */
  | { kind: 'held' };

/**
 * One order — its number drawn from `order_number_seq`, its first status_history entry, its announcement on
 * `order_changes` — and, with a claim, its Idempotency-Key and the answer that key replays (POST /order's, or the
 * claim's own with the order id written in), in one statement
 * (decision 100): it commits or fails as a whole, so no explicit transaction is needed. The key is claimed as
 * the transaction of decision 021 claimed it: `insert … on conflict do update … where expired`, so a concurrent
 * duplicate waits on the primary key until the first commits and then places nothing. A key already completed
 * before the statement began answers with its stored row; one completed while it waited answers `held`, and the
 * caller reads it afterwards.
 */
export async function insertOrderOnce(
  db: Db,
  order: Omit<NewOrder, 'order_id'>,
  orderIdPrefix: string,
  claim: OrderKeyClaim | null,
): Promise<OrderOnceResult> {
  const columns = Object.keys(order) as (keyof typeof order)[];
  const values: SqlParam[] = columns.map((column) => (order[column] ?? null) as SqlParam);
  const param = (value: SqlParam) => {
    values.push(value);
    return `$${values.length}`;
  };
  const createdAt = `$${columns.indexOf('created_at') + 1}`;
  const orderId = `${param(orderIdPrefix)} || '-' || number.n`;
  const channel = param(ORDER_CHANGES_CHANNEL);
  let claimed = '';
  let stored = '';
  if (claim) {
    const [owner, key] = [param(claim.owner), param(claim.key)];
    const [statusCode, response] = claim.answer
      ? [
          `${param(claim.answer.statusCode)}::int`,
          `jsonb_set(${param(JSON.stringify(claim.answer.body))}::jsonb, '{order_id}', to_jsonb(${orderId}))`,
        ]
      : ['200', `jsonb_build_object('result', jsonb_build_object('order_id', ${orderId}))`];
    claimed = `claimed as (
         insert into idempotency_keys as k (owner, key, request_hash, created_at, expires_at, status_code, response)
         select ${owner}, ${key}, ${param(claim.requestHash)}, ${createdAt}, ${param(claim.expiresAt)},
                ${statusCode}, ${response}
           from number
         on conflict (owner, key) do update
           set request_hash = excluded.request_hash, created_at = excluded.created_at,
               expires_at = excluded.expires_at, status_code = excluded.status_code, response = excluded.response
           where k.expires_at <= excluded.created_at
         returning owner
       ),`;
    // The statement's snapshot shows a key committed before it began; not one it waited for.
    stored = `union all
       select 'stored', null, k.request_hash, k.status_code, k.response
         from idempotency_keys k
        where k.owner = ${owner} and k.key = ${key} and k.expires_at > ${createdAt}
          and not exists (select 1 from claimed)`;
  }
  const rows = await db.query<{
    kind: 'placed' | 'stored';
    order_id: string | null;
    request_hash: string | null;
    status_code: number | null;
    response: unknown;
  }>(
    `with number as (select nextval('order_number_seq')::text as n),
          ${claimed}
          inserted as (
            insert into orders (${columns.join(', ')}, order_id, updated_at)
            select ${columns.map((_, index) => `$${index + 1}`).join(', ')}, ${orderId}, ${createdAt}
              from number ${claim ? 'where exists (select 1 from claimed)' : ''}
            returning order_id, vendor_id, status, created_at, updated_at
          ),
          history as (
            insert into order_status_history (order_id, status, created_at)
            select order_id, status, created_at from inserted
          ),
          announced as (
            select i.order_id, ${announcementOf(channel, 'i')}
              from inserted i join vendors v on v.vendor_id = i.vendor_id
          )
     select 'placed' as kind, order_id, null as request_hash, null::int as status_code, null::jsonb as response
       from announced
     ${stored}`,
    values,
    // One text per shape of order (a sender, a voucher, a pre-order change the columns): a few at most.
    { prepare: true },
  );
  const [row] = rows;
  if (row?.kind === 'placed') return { kind: 'placed', orderId: row.order_id! };
  if (row?.kind === 'stored') {
    return { kind: 'stored', requestHash: row.request_hash!, statusCode: row.status_code, response: row.response };
  }
  return { kind: 'held' };
}

export async function updateOrder(tx: Db, orderId: string, changes: OrderChanges): Promise<void> {
  const columns = (Object.keys(changes) as (keyof OrderChanges)[]).filter(
    (column) => CHANGEABLE_COLUMNS[column] === true && changes[column] !== undefined,
  );
  const assignments = columns.map((column, index) => `${column} = $${index + 2}`);
  await tx.query(`update orders set ${assignments.join(', ')} where order_id = $1`, [
    orderId,
    ...columns.map((column) => changes[column] ?? null),
  ]);
}

/** Appends to the order's status_history (spec §3). */
export async function insertStatus(tx: Db, orderId: string, status: OrderStatus, at: Date): Promise<void> {
  await insertStatuses(tx, [orderId], status, at);
}

/** Appends the same entry to the status_history of several orders, in one statement. */
export async function insertStatuses(
  tx: Db,
  orderIds: readonly string[],
  status: OrderStatus,
  at: Date,
): Promise<void> {
  await tx.query(
    `insert into order_status_history (order_id, status, created_at)
     select id, $2, $3 from unnest($1::text[]) with ordinality as o(id, n) order by n`,
    [orderIds, status, at],
  );
}

/**
 * Announces an order change on `order_changes`. Called inside the change's transaction: PostgreSQL (and
 * PGlite) deliver it only on commit, so listeners never load a change that was rolled back and a committed
 * change is never left unannounced.
 */
export async function notifyOrderChange(tx: Db, orderId: string): Promise<void> {
  await notifyOrderChanges(tx, [orderId]);
}

/** One announcement per order (as `notifyOrderChange`), in one statement. */
export async function notifyOrderChanges(tx: Db, orderIds: readonly string[]): Promise<void> {
  await tx.query(
    `select ${announcementOf('$1', 'o')}
       from orders o join vendors v on v.vendor_id = o.vendor_id where o.order_id = any($2::text[])`,
    [ORDER_CHANGES_CHANNEL, orderIds],
  );
}

/** Moves every order of one vendor to another (a guest's orders into the business it registers). */
export async function moveOrdersToVendor(db: Db, fromVendorId: string, toVendorId: string): Promise<number> {
  const rows = await db.query<{ order_id: string }>(
    'update orders set vendor_id = $2 where vendor_id = $1 returning order_id',
    [fromVendorId, toVendorId],
  );
  return rows.length;
}
