import type { Db, SqlParam } from '../../db/db.ts';

export interface OrderRow {
  order_id: string;
  vendor_id: string;
  tracking_token: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  preordered_for: Date | null;
  currency: string;
  delivery_fee_minor: number;
  discount_minor: number;
  voucher_code: string | null;
  voucher_type: string | null;
  voucher_value: number | null;
  distance_m: number;
  pickup_eta_minutes: number | null;
  delivery_eta_minutes: number | null;
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  customer_notes: string | null;
  customer_latitude: number;
  customer_longitude: number;
  pickup_latitude: number;
  pickup_longitude: number;
  amount_minor: number | null;
  description: string | null;
  payment_method: string;
  vat_number: string | null;
  age_validation_required: boolean;
  outlet_name: string;
  parent_vendor_id: string | null;
  rider_id: string | null;
  rider_name: string | null;
  rider_phone: string | null;
  cancel_reason: string | null;
  latest_arrival_at: Date | null;
  status_history: { status: string; created_at: string }[];
}

export interface NewOrder {
  order_id: string;
  vendor_id: string;
  tracking_token: string;
  created_by: string | null;
  status: string;
  created_at: Date;
  preordered_for: Date | null;
  currency: string;
  delivery_fee_minor: number;
  discount_minor: number;
  voucher_code: string | null;
  voucher_type: string | null;
  voucher_value: number | null;
  distance_m: number;
  pickup_eta_minutes: number;
  delivery_eta_minutes: number;
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  customer_notes: string | null;
  customer_latitude: number;
  customer_longitude: number;
  pickup_address: string | null;
  pickup_notes: string | null;
  pickup_latitude: number;
  pickup_longitude: number;
  sender_name: string | null;
  sender_email: string | null;
  sender_phone: string | null;
  amount_minor: number;
  description: string;
  payment_method: string;
  vat_number: string | null;
  age_validation_required: boolean;
  login_pickup_estimation: number;
}

export interface OrderChanges {
  status: string;
  updated_at: Date;
  delivery_fee_minor: number;
  discount_minor: number;
  distance_m: number;
  delivery_eta_minutes: number;
  customer_address: string;
  customer_notes: string | null;
  customer_latitude: number;
  customer_longitude: number;
  amount_minor: number;
  description: string;
  payment_method: string;
}

// bigint and numeric columns come back as strings from node-postgres; float8 keeps them numbers
// (exact far beyond any order amount). The one SELECT of an order: every answer is built from it
// (order-view.ts), so GET, PUT, the list and live updates agree.
export const selectOrders = (extraColumns = '') => `
  select ${extraColumns} o.order_id, o.vendor_id, o.tracking_token, o.status, o.created_at, o.updated_at, o.preordered_for,
         o.currency, o.delivery_fee_minor::float8 as delivery_fee_minor, o.discount_minor::float8 as discount_minor,
         o.voucher_code, o.voucher_type, o.voucher_value::float8 as voucher_value, o.distance_m,
         o.pickup_eta_minutes, o.delivery_eta_minutes, o.customer_name, o.customer_phone, o.customer_address,
         o.customer_notes, o.customer_latitude, o.customer_longitude, o.pickup_latitude, o.pickup_longitude,
         o.amount_minor::float8 as amount_minor, o.description, o.payment_method, o.vat_number,
         o.age_validation_required, v.name as outlet_name, v.parent_vendor_id,
         o.rider_id::text as rider_id, r.name as rider_name, r.phone as rider_phone,
         o.cancel_reason, o.latest_arrival_at,
         coalesce((select json_agg(json_build_object('status', h.status, 'created_at', h.created_at) order by h.id)
                     from order_status_history h where h.order_id = o.order_id), '[]'::json) as status_history
    from orders o
    join vendors v on v.vendor_id = o.vendor_id
    left join riders r on r.id = o.rider_id`;
const SELECT_ORDER = selectOrders();

export async function findOrders(db: Db, where: string, params: readonly SqlParam[]): Promise<OrderRow[]> {
  return db.query<OrderRow>(`${SELECT_ORDER} ${where}`, params);
}

export async function nextOrderNumber(tx: Db): Promise<string> {
  const [row] = await tx.query<{ n: string }>(`select nextval('order_number_seq')::text as n`);
  return row!.n;
}

export async function insertOrder(tx: Db, order: NewOrder): Promise<void> {
  const columns = Object.keys(order) as (keyof NewOrder)[];
  const placeholders = columns.map((_, index) => `$${index + 1}`);
  await tx.query(
    `insert into orders (${columns.join(', ')}, updated_at) values (${placeholders.join(', ')}, $${columns.indexOf('created_at') + 1})`,
    columns.map((column) => order[column]),
  );
}

export async function insertHistory(tx: Db, orderId: string, status: string, at: Date): Promise<void> {
  await tx.query('insert into order_status_history (order_id, status, created_at) values ($1, $2, $3)', [
    orderId,
    status,
    at,
  ]);
}

/** An order of this vendor or of one of its outlets (a parent sees its outlets' orders). */
export async function findOrderForVendor(db: Db, orderId: string, vendorId: string): Promise<OrderRow | null> {
  const [row] = await findOrders(db, 'where o.order_id = $1 and (o.vendor_id = $2 or v.parent_vendor_id = $2)', [
    orderId,
    vendorId,
  ]);
  return row ?? null;
}

export async function findOrder(db: Db, orderId: string): Promise<OrderRow | null> {
  const [row] = await findOrders(db, 'where o.order_id = $1', [orderId]);
  return row ?? null;
}

/** Locks the order row so an edit and a concurrent status change (dispatch) serialise. */
export async function lockOrderOfVendor(tx: Db, orderId: string, vendorId: string): Promise<OrderRow | null> {
  const locked = await tx.query('select 1 from orders where order_id = $1 and vendor_id = $2 for update', [
    orderId,
    vendorId,
  ]);
  if (locked.length === 0) return null;
  return findOrder(tx, orderId);
}

export async function updateOrder(tx: Db, orderId: string, changes: OrderChanges): Promise<void> {
  const columns = Object.keys(changes) as (keyof OrderChanges)[];
  const assignments = columns.map((column, index) => `${column} = $${index + 2}`);
  await tx.query(`update orders set ${assignments.join(', ')} where order_id = $1`, [
    orderId,
    ...columns.map((column) => changes[column]),
  ]);
}

export const ORDER_CHANGES_CHANNEL = 'order_changes';

/**
 * Announces an order change on `order_changes`. Called inside the change's transaction: PostgreSQL (and
 * PGlite) deliver it only on commit, so listeners never load a change that was rolled back and a committed
 * change is never left unannounced.
 */
export async function notifyOrderChange(tx: Db, orderId: string): Promise<void> {
  await tx.query(
    `select pg_notify($1, json_build_object(
        'order_id', o.order_id, 'vendor_id', o.vendor_id, 'parent_vendor_id', v.parent_vendor_id,
        'updated_at', to_char(o.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text)
       from orders o join vendors v on v.vendor_id = o.vendor_id where o.order_id = $2`,
    [ORDER_CHANGES_CHANNEL, orderId],
  );
}
