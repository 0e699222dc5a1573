import { act, render } from '@testing-library/react';
import L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import TrackingMap, { type MapPoint, type TrackingMapProps } from './tracking-map.tsx';

// jsdom lays nothing out: the map's box is given a size here, and its resize observer is driven by hand.
let box = { width: 0, height: 0 };
let resized: (() => void)[] = [];
const maps: L.Map[] = [];
L.Map.addInitHook(function (this: L.Map) {
  maps.push(this);
});

class ResizeObserverDriven {
  constructor(private readonly callback: () => void) {}
  observe() {
    resized.push(this.callback);
  }
  unobserve() {}
  disconnect() {}
}

const sizeOf = (name: 'clientWidth' | 'clientHeight') =>
  Object.getOwnPropertyDescriptor(Element.prototype, name) as PropertyDescriptor;
const original = { clientWidth: sizeOf('clientWidth'), clientHeight: sizeOf('clientHeight') };
const originalObserver = window.ResizeObserver;

beforeEach(() => {
  box = { width: 800, height: 400 };
  resized = [];
  maps.length = 0;
  Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => box.width });
  Object.defineProperty(Element.prototype, 'clientHeight', { configurable: true, get: () => box.height });
  window.ResizeObserver = ResizeObserverDriven as unknown as typeof ResizeObserver;
});
afterEach(() => {
  Object.defineProperty(Element.prototype, 'clientWidth', original.clientWidth);
  Object.defineProperty(Element.prototype, 'clientHeight', original.clientHeight);
  window.ResizeObserver = originalObserver;
});

const outlet: MapPoint = { latitude: 24.86, longitude: 67.0 };
const destination: MapPoint = { latitude: 24.8, longitude: 67.08 };
const farRider: MapPoint = { latitude: 24.95, longitude: 66.9 };

const props = (rider: MapPoint | null): TrackingMapProps => ({
  tileUrl: null,
  outlet,
  destination,
  rider,
  height: 400,
  labels: { map: 'Map', outlet: 'Pickup', destination: 'Drop-off', rider: 'Rider' },
});

function expectInView(...points: MapPoint[]) {
  const map = maps.at(-1)!;
  const view = map.getBounds();
  for (const point of points)
    expect(view.contains([point.latitude, point.longitude]), JSON.stringify(point)).toBe(true);
}

describe('tracking map', () => {
  it('opens on the pickup and the drop-off', () => {
    render(<TrackingMap {...props(null)} />);
    expectInView(outlet, destination);
  });

  it('fits the pickup and the drop-off once its box gets its size', () => {
    box = { width: 0, height: 0 };
    render(<TrackingMap {...props(null)} />);
    box = { width: 800, height: 400 };
    act(() => {
      for (const callback of resized) callback();
    });
    expectInView(outlet, destination);
  });

  it('keeps the pickup and the drop-off in view when a rider appears outside it', () => {
    const view = render(<TrackingMap {...props(null)} />);
    view.rerender(<TrackingMap {...props(farRider)} />);
    expectInView(outlet, destination, farRider);
  });
});
