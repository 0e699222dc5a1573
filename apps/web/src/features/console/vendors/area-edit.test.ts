import { describe, expect, it } from 'vitest';
import { circleCorners, coversOutlet, initialCorners, moveCorner } from './area-edit.ts';

const outlet = { latitude: 24.86, longitude: 67.01 };

describe('the approval’s delivery area', () => {
  it('starts from the outlet’s polygon when it has one', () => {
    const coordinates: [number, number][] = [
      [67, 24.8],
      [67.1, 24.8],
      [67.05, 24.9],
    ];
    expect(initialCorners({ ...outlet, delivery_area: { type: 'polygon', coordinates } })).toEqual(coordinates);
  });

  it('else from a circle of its radius, else of the default radius, and none without a point', () => {
    const radius = initialCorners({ ...outlet, delivery_area: { type: 'radius', radius_km: 3 } });
    expect(radius).toHaveLength(24);
    expect(radius).toEqual(circleCorners(outlet, 3));
    expect(initialCorners({ ...outlet, delivery_area: null })).toEqual(circleCorners(outlet, 10));
    expect(initialCorners({ latitude: null, longitude: null, delivery_area: null })).toBeNull();
  });

  it('moves one corner and tells whether the outlet is still inside', () => {
    const corners = circleCorners(outlet, 2)!;
    expect(coversOutlet(corners, outlet)).toBe(true);
    const moved = moveCorner(corners, 3, { lat: 24.9, lng: 67.2 });
    expect(moved[3]).toEqual([67.2, 24.9]);
    expect(moved.filter((_, index) => index !== 3)).toEqual(corners.filter((_, index) => index !== 3));
    const away: [number, number][] = [
      [68, 25],
      [68.1, 25],
      [68.05, 25.1],
    ];
    expect(coversOutlet(away, outlet)).toBe(false);
  });
});
