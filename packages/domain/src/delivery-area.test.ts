import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DELIVERY_RADIUS_KM,
  isDeliverable,
  isPointInPolygon,
  deliveryReach as reach,
} from './delivery-area.ts';

// [lng, lat] (GeoJSON order): a box from 24.85 to 24.90 north and 66.99 to 67.05 east.
const BOX = [
  [66.99, 24.85],
  [67.05, 24.85],
  [67.05, 24.9],
  [66.99, 24.9],
] as const;
const OUTLET = { lat: 24.86, lng: 67.0 };

describe('delivery areas', () => {
  it('tests points against a polygon given as [lng, lat]', () => {
    expect(isPointInPolygon({ lat: 24.88, lng: 67.04 }, BOX)).toBe(true);
    expect(isPointInPolygon({ lat: 24.84, lng: 67.0 }, BOX)).toBe(false);
    // Swapped axes would put Karachi in the Arabian Sea.
    expect(isPointInPolygon({ lat: 67.04, lng: 24.88 }, BOX)).toBe(false);
    expect(isPointInPolygon({ lat: 24.85, lng: 67.0 }, BOX)).toBe(true);
  });

  it('accepts a closed ring and refuses a degenerate one', () => {
    expect(isPointInPolygon({ lat: 24.88, lng: 67.04 }, [...BOX, BOX[0]])).toBe(true);
    expect(isPointInPolygon({ lat: 24.88, lng: 67.04 }, BOX.slice(0, 2))).toBe(false);
  });

  it('measures a radius from the outlet, with a default when no area is drawn', () => {
    expect(isDeliverable({ type: 'radius', radius_km: 2 }, OUTLET, { lat: 24.87, lng: 67.01 })).toBe(true);
    expect(isDeliverable({ type: 'radius', radius_km: 1 }, OUTLET, { lat: 24.87, lng: 67.01 })).toBe(false);
    const justInside = { lat: OUTLET.lat + (DEFAULT_DELIVERY_RADIUS_KM - 0.1) / 111.2, lng: OUTLET.lng };
    expect(isDeliverable(null, OUTLET, justInside)).toBe(true);
    expect(isDeliverable(null, OUTLET, { lat: OUTLET.lat + 0.2, lng: OUTLET.lng })).toBe(false);
  });
});

describe('deliveryReach: why an address is out of reach', () => {
  const outlet = { lat: 24.8021, lng: 67.03 };
  const gulshan = { lat: 24.918, lng: 67.0971 };
  it('gives the distance and the radius of the area, and no range for a drawn area', () => {
    const radius = reach({ type: 'radius', radius_km: 8 }, outlet, gulshan);
    expect(radius.rangeKm).toBe(8);
    expect(radius.distanceKm).toBeGreaterThan(14);
    expect(radius.distanceKm).toBeLessThan(15);
    expect(reach(null, outlet, gulshan).rangeKm).toBe(10);
    expect(reach({ type: 'polygon', coordinates: [] }, outlet, gulshan).rangeKm).toBeNull();
  });
});
