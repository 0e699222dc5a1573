import type { RiderState } from '@riderdesk/domain/contracts/riders';
import type { StatusHistoryEntry } from '@riderdesk/domain/order-status';
import type { Db } from '../../db/db.ts';

/** What the lifecycle needs of an order to judge and apply a step. */
export interface LifecycleRow {
  order_id: string;
  vendor_id: string;
  status: string;
  status_history: StatusHistoryEntry[];
  created_at: Date;
  preordered_for: Date | null;
  rider_id: string | null;
  dispatch_started_at: Date | null;
  offer_expires_at: Date | null;
  latest_arrival_at: Date | null;
  pickup_eta_minutes: number | null;
  delivery_eta_minutes: number | null;
  pickup_latitude: number;
  pickup_longitude: number;
  customer_latitude: number;
  customer_longitude: number;
}

const LIFECYCLE_COLUMNS = `
  o.order_id, o.vendor_id, o.status, o.created_at, o.preordered_for, o.rider_id::text as rider_id,
  o.dispatch_started_at, o.offer_expires_at, o.latest_arrival_at, o.pickup_eta_minutes, o.delivery_eta_minutes,
  o.pickup_latitude, o.pickup_longitude, o.customer_latitude, o.customer_longitude,
  coalesce((select json_agg(json_build_object('status', h.status, 'created_at', h.created_at) order by h.id)
              from order_status_history h where h.order_id = o.order_id), '[]'::json) as status_history`;

function normalise(row: LifecycleRow): LifecycleRow {
  // json_agg writes timestamps in the session's format; the domain reads ISO instants.
  row.status_history = row.status_history.map((entry) => ({
    status: entry.status,
    created_at: new Date(entry.created_at).toISOString(),
  }));
  return row;
}

/** Locks the order row: every step of one order is serialised, across API instances too. */
export async function lockOrder(tx: Db, orderId: string): Promise<LifecycleRow | null> {
  const locked = await tx.query('select 1 from orders where order_id = $1 for update', [orderId]);
  if (locked.length === 0) return null;
  const [row] = await tx.query<LifecycleRow>(`select ${LIFECYCLE_COLUMNS} from orders o where o.order_id = $1`, [
    orderId,
  ]);
  return row ? normalise(row) : null;
}

export async function findLifecycleRows(db: Db, statuses: readonly string[], limit: number): Promise<LifecycleRow[]> {
  const rows = await db.query<LifecycleRow>(
    `select ${LIFECYCLE_COLUMNS} from orders o where o.status = any($1::text[]) order by o.created_at, o.order_id limit $2`,
    [statuses, limit],
  );
  return rows.map(normalise);
}

export interface OrderPatch {
  rider_id?: string | null;
  dispatch_started_at?: Date | null;
  offer_expires_at?: Date | null;
  cancel_reason?: string | null;
  latest_arrival_at?: Date | null;
  pickup_eta_minutes?: number | null;
  delivery_eta_minutes?: number | null;
}

export async function updateOrder(
  tx: Db,
  orderId: string,
  changes: OrderPatch & { status?: string; updated_at: Date },
): Promise<void> {
  const columns = Object.keys(changes).filter(
    (column) => changes[column as keyof typeof changes] !== undefined,
  ) as (keyof typeof changes)[];
  const assignments = columns.map((column, index) => `${column} = $${index + 2}`);
  await tx.query(`update orders set ${assignments.join(', ')} where order_id = $1`, [
    orderId,
    ...columns.map((column) => changes[column] ?? null),
  ]);
}

export async function insertHistory(tx: Db, orderId: string, status: string, at: Date): Promise<void> {
  await tx.query('insert into order_status_history (order_id, status, created_at) values ($1, $2, $3)', [
    orderId,
    status,
    at,
  ]);
}

// --- Riders

export interface RiderRow {
  id: string;
  name: string;
  phone: string;
  vehicle: string;
  state: RiderState;
  latitude: number | null;
  longitude: number | null;
  heading: number | null;
  current_order_id: string | null;
  is_simulated: boolean;
  updated_at: Date;
}

const RIDER_COLUMNS =
  'id::text as id, name, phone, vehicle, state, latitude, longitude, heading, current_order_id, is_simulated, updated_at';

export async function findRiderByTokenHash(db: Db, tokenHash: string): Promise<RiderRow | null> {
  const [row] = await db.query<RiderRow>(`select ${RIDER_COLUMNS} from riders where token_hash = $1`, [tokenHash]);
  return row ?? null;
}

export async function findRider(db: Db, riderId: string): Promise<RiderRow | null> {
  const [row] = await db.query<RiderRow>(`select ${RIDER_COLUMNS} from riders where id = $1`, [riderId]);
  return row ?? null;
}

export async function availableRiders(db: Db): Promise<RiderRow[]> {
  return db.query<RiderRow>(
    `select ${RIDER_COLUMNS} from riders where state = 'AVAILABLE' and latitude is not null and longitude is not null`,
  );
}

export async function simulatedRiders(db: Db): Promise<RiderRow[]> {
  return db.query<RiderRow>(`select ${RIDER_COLUMNS} from riders where is_simulated order by id`);
}

/** Takes a free rider for an order; false when another dispatcher took the rider first. */
export async function reserveRider(tx: Db, riderId: string, orderId: string, at: Date): Promise<boolean> {
  const rows = await tx.query(
    `update riders set state = 'ASSIGNED', current_order_id = $2, updated_at = $3
      where id = $1 and state = 'AVAILABLE' returning id`,
    [riderId, orderId, at],
  );
  return rows.length > 0;
}

/** Frees the rider of this order, unless the rider has meanwhile moved on to another. */
export async function releaseRider(tx: Db, riderId: string, orderId: string, at: Date): Promise<void> {
  await tx.query(
    `update riders set state = 'AVAILABLE', current_order_id = null, updated_at = $3
      where id = $1 and current_order_id = $2`,
    [riderId, orderId, at],
  );
}

export async function setRiderState(db: Db, riderId: string, state: RiderState, at: Date): Promise<void> {
  await db.query('update riders set state = $2, updated_at = $3 where id = $1', [riderId, state, at]);
}

export async function updateRiderPosition(
  db: Db,
  riderId: string,
  position: { latitude: number; longitude: number; heading: number | null },
  at: Date,
): Promise<void> {
  await db.query('update riders set latitude = $2, longitude = $3, heading = $4, updated_at = $5 where id = $1', [
    riderId,
    position.latitude,
    position.longitude,
    position.heading,
    at,
  ]);
}

export async function insertDecline(
  tx: Db,
  orderId: string,
  riderId: string,
  reason: 'declined' | 'expired',
  at: Date,
): Promise<void> {
  await tx.query(
    `insert into rider_declines (order_id, rider_id, reason, created_at) values ($1, $2, $3, $4)
     on conflict (order_id, rider_id) do nothing`,
    [orderId, riderId, reason, at],
  );
}

export async function declinesOf(db: Db, orderIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const rows = await db.query<{ order_id: string; rider_id: string }>(
    'select order_id, rider_id::text as rider_id from rider_declines where order_id = any($1::text[])',
    [orderIds],
  );
  const byOrder = new Map<string, Set<string>>();
  for (const row of rows) {
    const set = byOrder.get(row.order_id) ?? new Set<string>();
    set.add(row.rider_id);
    byOrder.set(row.order_id, set);
  }
  return byOrder;
}

/** The rider, if on an unfinished order of one of these vendors (GET /riders/{id}). */
export async function riderOnOrdersOf(db: Db, riderId: string, vendorIds: readonly string[]): Promise<RiderRow | null> {
  const [row] = await db.query<RiderRow>(
    `select ${RIDER_COLUMNS} from riders r
      where r.id = $1 and exists (
        select 1 from orders o
         where o.rider_id = r.id and o.vendor_id = any($2::text[])
           and o.status not in ('DELIVERED', 'RETURNED_TO_VENDOR', 'CANCELLED', 'PAYMENT_CANCELLED', 'PAYMENT_FAILED', 'STALLED'))`,
    [riderId, vendorIds],
  );
  return row ?? null;
}

// --- Proofs

export async function saveProof(
  tx: Db,
  proof: { orderId: string; kind: string; contentType: string; bytes: Buffer; riderId: string | null; at: Date },
): Promise<void> {
  // Bytes travel as base64 text: the Db surface takes text parameters on both engines.
  await tx.query(
    `insert into order_proofs (order_id, kind, content_type, bytes, rider_id, created_at)
     values ($1, $2, $3, decode($4, 'base64'), $5, $6)
     on conflict (order_id, kind) do update
       set content_type = excluded.content_type, bytes = excluded.bytes, rider_id = excluded.rider_id,
           created_at = excluded.created_at`,
    [proof.orderId, proof.kind, proof.contentType, proof.bytes.toString('base64'), proof.riderId, proof.at],
  );
}

export async function findProofOfVendors(
  db: Db,
  orderId: string,
  kind: string,
  vendorIds: readonly string[],
): Promise<{ content_type: string; bytes: Buffer } | null> {
  const [row] = await db.query<{ content_type: string; data: string }>(
    `select p.content_type, encode(p.bytes, 'base64') as data
       from order_proofs p join orders o on o.order_id = p.order_id
      where p.order_id = $1 and p.kind = $2 and o.vendor_id = any($3::text[])`,
    [orderId, kind, vendorIds],
  );
  return row ? { content_type: row.content_type, bytes: Buffer.from(row.data, 'base64') } : null;
}

export async function proofKindsOf(db: Db, orderId: string): Promise<string[]> {
  const rows = await db.query<{ kind: string }>('select kind from order_proofs where order_id = $1', [orderId]);
  return rows.map((row) => row.kind);
}

export async function findLifecycleRowsById(db: Db, orderId: string): Promise<LifecycleRow[]> {
  const rows = await db.query<LifecycleRow>(`select ${LIFECYCLE_COLUMNS} from orders o where o.order_id = $1`, [
    orderId,
  ]);
  return rows.map(normalise);
}
