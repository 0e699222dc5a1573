import type { RiderState } from '@riderdesk/domain/contracts/riders';
import type { GeoPoint } from '@riderdesk/domain/money';
import type { Db } from '../../db/db.ts';

/** The `riders` and `rider_declines` tables: the fleet and the offers each rider turned down. */
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
  /** A deactivated rider is never offered an order and their token no longer works (migration 170). */
  deactivated_at: Date | null;
}

export interface NewRider {
  name: string;
  phone: string;
  vehicle?: string;
  /** sha256 of the rider's token (`Authorization: Rider {token}`). */
  tokenHash: string;
  latitude?: number | null;
  longitude?: number | null;
  state?: RiderState;
  isSimulated?: boolean;
}

const RIDER_COLUMNS =
  'id::text as id, name, phone, vehicle, state, latitude, longitude, heading, current_order_id, is_simulated, updated_at, deactivated_at';
const IS_FREE = `state = 'AVAILABLE' and latitude is not null and longitude is not null and deactivated_at is null`;

/** The new rider's id, or null when a rider with that phone number exists. */
export async function insertRider(db: Db, rider: NewRider): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `insert into riders (name, phone, vehicle, token_hash, latitude, longitude, state, is_simulated)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (phone) do nothing returning id::text as id`,
    [
      rider.name,
      rider.phone,
      rider.vehicle ?? 'motorbike',
      rider.tokenHash,
      rider.latitude ?? null,
      rider.longitude ?? null,
      rider.state ?? 'OFFLINE',
      rider.isSimulated ?? false,
    ],
  );
  return row?.id ?? null;
}

export async function findRiderByTokenHash(db: Db, tokenHash: string): Promise<RiderRow | null> {
  const [row] = await db.query<RiderRow>(
    `select ${RIDER_COLUMNS} from riders where token_hash = $1 and deactivated_at is null`,
    [tokenHash],
  );
  return row ?? null;
}

export async function findRider(db: Db, riderId: string): Promise<RiderRow | null> {
  const [row] = await db.query<RiderRow>(`select ${RIDER_COLUMNS} from riders where id = $1`, [riderId]);
  return row ?? null;
}

export async function availableRiders(db: Db): Promise<RiderRow[]> {
  return db.query<RiderRow>(`select ${RIDER_COLUMNS} from riders where ${IS_FREE}`);
}

/** The free rider nearest a point (equirectangular ordering, exact enough within a city). */
export async function nearestAvailableRider(db: Db, point: GeoPoint): Promise<GeoPoint | null> {
  const [row] = await db.query<{ latitude: number; longitude: number }>(
    `select latitude, longitude from riders where ${IS_FREE}
      order by power(latitude - $1, 2) + power((longitude - $2) * cos(radians($1)), 2)
      limit 1`,
    [point.lat, point.lng],
  );
  return row ? { lat: row.latitude, lng: row.longitude } : null;
}

export async function simulatedRiders(db: Db): Promise<RiderRow[]> {
  return db.query<RiderRow>(
    `select ${RIDER_COLUMNS} from riders where is_simulated and deactivated_at is null order by id`,
  );
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
  reason: 'declined' | 'expired' | 'reassigned',
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

/** Every rider, the app's before the simulator's, by name (the console's Riders page). */
export async function listRiders(db: Db): Promise<RiderRow[]> {
  return db.query<RiderRow>(`select ${RIDER_COLUMNS} from riders order by is_simulated, name, id`);
}

/** The rider, locked for a change in this transaction. */
export async function lockRider(tx: Db, riderId: string): Promise<RiderRow | null> {
  const [row] = await tx.query<RiderRow>(`select ${RIDER_COLUMNS} from riders where id = $1 for update`, [riderId]);
  return row ?? null;
}

export async function deactivateRider(tx: Db, riderId: string, at: Date): Promise<void> {
  await tx.query(`update riders set deactivated_at = $2, state = 'OFFLINE', updated_at = $2 where id = $1`, [
    riderId,
    at,
  ]);
}
