import { describe, expect, it } from 'vitest';
import { haversineKm } from '../money.ts';
import { liveEtas, ROAD_FACTOR, travelMinutes, tripDistanceKm } from './trip.ts';

const PICKUP = { lat: 24.8021, lng: 67.03 };
const CUSTOMER = { lat: 24.8138, lng: 67.0402 };
const FAR_RIDER = { lat: 24.86, lng: 67.0 };

describe('trip distance and ETAs', () => {
  it('rides the straight line times the road factor', () => {
    expect(tripDistanceKm(PICKUP, CUSTOMER)).toBeCloseTo(haversineKm(PICKUP, CUSTOMER) * ROAD_FACTOR, 10);
  });

  it('quotes whole minutes at city speed plus handling', () => {
    expect(travelMinutes(0)).toBe(3);
    expect(travelMinutes(10)).toBe(33);
  });

  it('shows both ETAs while the rider heads to the vendor, only delivery afterwards, none at the end', () => {
    const trip = { pickup: PICKUP, customer: CUSTOMER };
    const toVendor = liveEtas(trip, 'COURIER_ACCEPTED_DELIVERY', FAR_RIDER);
    expect(toVendor?.pickup_eta_minutes).toBeGreaterThan(0);
    expect(toVendor?.delivery_eta_minutes).toBeGreaterThan(toVendor?.pickup_eta_minutes ?? 0);
    expect(liveEtas(trip, 'NEAR_VENDOR', PICKUP)?.pickup_eta_minutes).toBe(0);
    expect(liveEtas(trip, 'PICKED_UP', PICKUP)).toMatchObject({ pickup_eta_minutes: 0 });
    expect(liveEtas(trip, 'PICKED_UP', CUSTOMER)?.delivery_eta_minutes).toBe(0);
    expect(liveEtas(trip, 'DELIVERED', CUSTOMER)).toBeNull();
    expect(liveEtas(trip, 'WAITING_FOR_TRANSPORT', FAR_RIDER)).toBeNull();
  });
});
