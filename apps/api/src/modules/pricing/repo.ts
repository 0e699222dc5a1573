import type { GeoPoint } from '@riderdesk/domain/money';
import type { Db } from '../../db/db.ts';

/** The free rider nearest a point (equirectangular ordering, exact enough within a city). */
export async function nearestAvailableRider(db: Db, point: GeoPoint): Promise<GeoPoint | null> {
  const [row] = await db.query<{ latitude: number; longitude: number }>(
    `select latitude, longitude from riders
      where state = 'AVAILABLE' and latitude is not null and longitude is not null
      order by power(latitude - $1, 2) + power((longitude - $2) * cos(radians($1)), 2)
      limit 1`,
    [point.lat, point.lng],
  );
  return row ? { lat: row.latitude, lng: row.longitude } : null;
}
