import { describe, expect, it } from 'vitest';
import { makeVendor } from '../../../../test/fixtures.ts';
import { areaShapeOf, viewOf } from './branch-map.tsx';

const at = (lat: number, lng: number) => {
  const base = makeVendor({ vendor_id: 'x', name: 'x' }).vendor_information;
  return { ...base, location: { ...base.location, latitude: lat, longitude: lng } };
};
const CLIFTON = makeVendor({
  vendor_id: 'kgh-clifton',
  name: 'Clifton',
  parent_vendor_id: 'kgh',
  vendor_information: at(24.82, 67.03),
  delivery_area: { type: 'radius', radius_km: 5 },
});
const SQUARE: [number, number][] = [
  [67.05, 24.85],
  [67.1, 24.85],
  [67.1, 24.9],
  [67.05, 24.9],
];
const DHA = makeVendor({
  vendor_id: 'kgh-dha',
  name: 'DHA',
  parent_vendor_id: 'kgh',
  vendor_information: at(24.87, 67.07),
  delivery_area: { type: 'polygon', coordinates: SQUARE },
});

describe('branch map areas', () => {
  it('shades a radius area as a circle around its outlet, as a polygon area is shaded', () => {
    expect(areaShapeOf(CLIFTON)).toEqual({ kind: 'circle', center: { lat: 24.82, lng: 67.03 }, radiusMeters: 5000 });
    expect(areaShapeOf(DHA)).toMatchObject({
      kind: 'polygon',
      positions: [
        [24.85, 67.05],
        [24.85, 67.1],
        [24.9, 67.1],
        [24.9, 67.05],
      ],
    });
  });

  it('fits the edited outlet’s whole area instead of zooming into it', () => {
    const view = viewOf({ lat: 24.82, lng: 67.03 }, [CLIFTON, DHA], true, 'kgh-clifton');
    if (!('bounds' in view)) throw new Error('expected bounds');
    const [[south, west], [north, east]] = view.bounds;
    // 5 km is about 0.045° of latitude each way.
    expect(north - south).toBeCloseTo(0.09, 2);
    expect(south).toBeLessThan(24.82);
    expect(north).toBeGreaterThan(24.82);
    expect(east - west).toBeGreaterThan(north - south);
  });

  it('fits every outlet’s area of the parent without a point, and keeps the spec zoom for a new point', () => {
    const view = viewOf(null, [CLIFTON, DHA], true);
    if (!('bounds' in view)) throw new Error('expected bounds');
    expect(view.bounds[1][0]).toBeCloseTo(24.9, 5);
    expect(viewOf({ lat: 24.8, lng: 67 }, [CLIFTON, DHA], true, null)).toEqual({
      center: { lat: 24.8, lng: 67 },
      zoom: 17,
    });
  });
});
