import { COUNTRY_ETA_MINIMUM } from '../constants.ts';
import { type GeoPoint, haversineKm } from '../money.ts';
import type { OrderStage } from '../order-lifecycle.ts';
import { isRiderNear } from '../order-status.ts';

/**
 * Roads are longer than the straight line: fees and estimates use the great-circle distance times this
 * factor (1.3 is the usual detour index of a dense city grid such as Karachi's).
 */
export const ROAD_FACTOR = 1.3;
/** Average motorbike speed in city traffic. */
export const URBAN_SPEED_KMH = 20;
/** Parking, handing over and the walk to the door, added to every leg of an estimate. */
export const HANDLING_MINUTES = 3;

/** The distance a rider rides between two points. */
export function tripDistanceKm(from: GeoPoint, to: GeoPoint): number {
  return haversineKm(from, to) * ROAD_FACTOR;
}

/** A quoted estimate for a leg (request time): riding at city speed plus handling. */
export function travelMinutes(distanceKm: number): number {
  return Math.ceil((distanceKm / URBAN_SPEED_KMH) * 60) + HANDLING_MINUTES;
}

/**
 * A live ETA in whole minutes from a remaining distance. The country minimum (spec §9: 8) keeps
 * estimates honest, but it is not applied once the rider is under 5 minutes away, so the browser can
 * say 'less than 5 minutes away' (spec §4).
 */
export function liveEtaMinutes(distanceKm: number, speedKmh = URBAN_SPEED_KMH): number {
  const minutes = Math.max(0, Math.ceil((distanceKm / speedKmh) * 60));
  return isRiderNear(minutes) ? minutes : Math.max(COUNTRY_ETA_MINIMUM, minutes);
}

/** Stages in which the rider heads to the vendor, or to the customer with the item. */
export const TO_VENDOR_STAGES = [
  'ASSIGNED_TO_TRANSPORT',
  'COURIER_ACCEPTED_DELIVERY',
] as const satisfies readonly OrderStage[];
export const TO_CUSTOMER_STAGES = [
  'PICKED_UP',
  'COURIER_LEFT_VENDOR',
  'NEAR_CUSTOMER',
] as const satisfies readonly OrderStage[];

export type LiveEtas = { pickup_eta_minutes: number; delivery_eta_minutes: number };

/**
 * Live pickup and delivery ETAs from where the rider is now, at the stages where spec §4 shows them;
 * null at the others (before a rider heads out, and once the item is delivered or returned).
 */
export function liveEtas(
  trip: { pickup: GeoPoint; customer: GeoPoint },
  stage: OrderStage,
  rider: GeoPoint,
): LiveEtas | null {
  const { pickup, customer } = trip;
  if ((TO_VENDOR_STAGES as readonly OrderStage[]).includes(stage)) {
    const toPickup = tripDistanceKm(rider, pickup);
    return {
      pickup_eta_minutes: liveEtaMinutes(toPickup),
      delivery_eta_minutes: liveEtaMinutes(toPickup + tripDistanceKm(pickup, customer)),
    };
  }
  if (stage === 'NEAR_VENDOR') {
    return { pickup_eta_minutes: 0, delivery_eta_minutes: liveEtaMinutes(tripDistanceKm(pickup, customer)) };
  }
  if ((TO_CUSTOMER_STAGES as readonly OrderStage[]).includes(stage)) {
    return { pickup_eta_minutes: 0, delivery_eta_minutes: liveEtaMinutes(tripDistanceKm(rider, customer)) };
  }
  return null;
}
