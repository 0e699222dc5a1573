import L from 'leaflet';

/** A dot on a canvas layer: many of them cost one canvas, not one DOM element each. */
export interface CanvasPoint {
  lat: number;
  lng: number;
  fill: string;
  radius: number;
}

/**
 * Points drawn on one canvas, kept by key and moved in place when they change: thousands of them (the console's
 * live board) as DOM markers would take the page seconds to lay out. Add its layer to a map with `useMap()`.
 */
export function canvasPoints() {
  const renderer = L.canvas({ padding: 0.2 });
  const group = L.layerGroup();
  const drawn = new Map<string, L.CircleMarker>();
  let map: L.Map | null = null;
  let hasFitted = false;
  return {
    addTo(on: L.Map) {
      map = on;
      group.addTo(on);
    },
    remove() {
      group.remove();
      drawn.clear();
      map = null;
    },
    /** Draws exactly these points: moved, restyled, added, and the others taken off. */
    set(points: ReadonlyMap<string, CanvasPoint>) {
      for (const [key, point] of points) {
        const marker = drawn.get(key);
        if (!marker) {
          drawn.set(
            key,
            L.circleMarker([point.lat, point.lng], {
              renderer,
              radius: point.radius,
              color: '#fff',
              weight: 1,
              fillColor: point.fill,
              fillOpacity: 0.95,
            }).addTo(group),
          );
          continue;
        }
        const at = marker.getLatLng();
        if (at.lat !== point.lat || at.lng !== point.lng) marker.setLatLng([point.lat, point.lng]);
        if (marker.options.fillColor !== point.fill) marker.setStyle({ fillColor: point.fill });
      }
      for (const [key, marker] of drawn) {
        if (points.has(key)) continue;
        marker.remove();
        drawn.delete(key);
      }
      // The first points shown frame the map once; after that the operator's own panning and zoom are kept.
      if (!hasFitted && map && points.size > 0) {
        hasFitted = true;
        const bounds = L.latLngBounds([...points.values()].map((point) => [point.lat, point.lng] as [number, number]));
        map.fitBounds(bounds, { padding: [24, 24], maxZoom: 14, animate: false });
      }
    },
  };
}
