import { type GeoPoint, haversineKm } from './money.ts';

/**
 * A vendor's delivery area: a radius around the outlet, or a polygon in GeoJSON order
 * ([longitude, latitude] pairs; the ring may be open or closed).
 */
export type DeliveryArea =
  | { type: 'radius'; radius_km: number }
  | { type: 'polygon'; coordinates: readonly (readonly [number, number])[] };

// spec §9 FAQ delivery ranges run from 4-5 km to 15 km by country; a vendor with no drawn area is
// served within this radius of its outlet.
export const DEFAULT_DELIVERY_RADIUS_KM = 10;

/** Ray casting on the plane of longitude/latitude, fine at city scale; a point on an edge counts inside. */
export function isPointInPolygon(point: GeoPoint, ring: readonly (readonly [number, number])[]): boolean {
  if (ring.length < 3) return false;
  const x = point.lng;
  const y = point.lat;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    const cross = (xj - xi) * (y - yi) - (x - xi) * (yj - yi);
    const onSegment =
      Math.abs(cross) < 1e-12 &&
      x >= Math.min(xi, xj) &&
      x <= Math.max(xi, xj) &&
      y >= Math.min(yi, yj) &&
      y <= Math.max(yi, yj);
    if (onSegment) return true;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function isDeliverable(area: DeliveryArea | null | undefined, outlet: GeoPoint, destination: GeoPoint): boolean {
  if (area?.type === 'polygon') return isPointInPolygon(destination, area.coordinates);
  const radiusKm = area?.type === 'radius' ? area.radius_km : DEFAULT_DELIVERY_RADIUS_KM;
  return haversineKm(outlet, destination) <= radiusKm;
}

const EARTH_RADIUS_KM = 6371;

/**
 * The area a new collection point starts with: a polygon of `points` corners on the circle of `radiusKm` around
 * it, so the branch map draws it and an operator can later move its corners.
 */
export function defaultDeliveryPolygon(
  centre: GeoPoint,
  radiusKm = DEFAULT_DELIVERY_RADIUS_KM,
  points = 24,
): DeliveryArea {
  const latRad = (centre.lat * Math.PI) / 180;
  const coordinates: [number, number][] = [];
  for (let i = 0; i < points; i++) {
    const angle = (2 * Math.PI * i) / points;
    const dLat = ((radiusKm / EARTH_RADIUS_KM) * Math.cos(angle) * 180) / Math.PI;
    const dLng = ((radiusKm / EARTH_RADIUS_KM) * Math.sin(angle) * 180) / Math.PI / Math.cos(latRad);
    coordinates.push([round6(centre.lng + dLng), round6(centre.lat + dLat)]);
  }
  return { type: 'polygon', coordinates };
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
