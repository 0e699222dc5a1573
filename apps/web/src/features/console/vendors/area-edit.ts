import type { ConsoleOutlet } from '@riderdesk/domain/contracts/console-vendors';
import { DEFAULT_DELIVERY_RADIUS_KM, defaultDeliveryPolygon, isPointInPolygon } from '@riderdesk/domain/delivery-area';

/** A polygon's corners in GeoJSON order ([longitude, latitude]), as the approval's body carries them. */
export type Corners = [number, number][];

export const MIN_RADIUS_KM = 1;
export const MAX_RADIUS_KM = 50;

const pointOf = (outlet: Pick<ConsoleOutlet, 'latitude' | 'longitude'>) =>
  outlet.latitude !== null && outlet.longitude !== null ? { lat: outlet.latitude, lng: outlet.longitude } : null;

/** A circle of corners around the outlet's point; none without a point. */
export function circleCorners(outlet: Pick<ConsoleOutlet, 'latitude' | 'longitude'>, radiusKm: number): Corners | null {
  const point = pointOf(outlet);
  if (!point) return null;
  const area = defaultDeliveryPolygon(point, radiusKm);
  return area.type === 'polygon' ? area.coordinates.map(([lng, lat]) => [lng, lat]) : null;
}

/**
 * What the approval starts from: the outlet's own polygon (its activation job or an operator drew it), else a
 * circle of its radius, else of the default radius.
 */
export function initialCorners(
  outlet: Pick<ConsoleOutlet, 'latitude' | 'longitude' | 'delivery_area'>,
): Corners | null {
  const area = outlet.delivery_area;
  if (area?.type === 'polygon' && area.coordinates.length >= 3) return area.coordinates.map(([lng, lat]) => [lng, lat]);
  return circleCorners(outlet, area?.type === 'radius' ? area.radius_km : DEFAULT_DELIVERY_RADIUS_KM);
}

/** The corners with one moved (a corner dragged on the map). */
export function moveCorner(corners: Corners, index: number, to: { lat: number; lng: number }): Corners {
  return corners.map((corner, at) => (at === index ? [round6(to.lng), round6(to.lat)] : corner));
}

/** An area that leaves its own outlet out cannot be right: the approval says so before it is sent. */
export function coversOutlet(corners: Corners, outlet: Pick<ConsoleOutlet, 'latitude' | 'longitude'>): boolean {
  const point = pointOf(outlet);
  return point !== null && isPointInPolygon(point, corners);
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
