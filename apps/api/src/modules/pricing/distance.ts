import { type GeoPoint, haversineKm } from '@riderdesk/domain/money';

/**
 * Roads are longer than the straight line: fees and estimates use the great-circle distance times this
 * factor (1.3 is the usual detour index of a dense city grid such as Karachi's). The fee then follows
 * computeDeliveryFee: Pakistan 65 PKR + 10 PKR per started km of this trip distance.
 */
export const ROAD_FACTOR = 1.3;
/** Average motorbike speed in city traffic. */
export const URBAN_SPEED_KMH = 20;
/** Parking, handing over and the walk to the door, added to every leg. */
export const HANDLING_MINUTES = 3;

export function tripDistanceKm(from: GeoPoint, to: GeoPoint): number {
  return haversineKm(from, to) * ROAD_FACTOR;
}

export function travelMinutes(distanceKm: number): number {
  return Math.ceil((distanceKm / URBAN_SPEED_KMH) * 60) + HANDLING_MINUTES;
}
