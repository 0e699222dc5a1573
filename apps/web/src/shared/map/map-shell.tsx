// Imported only by map components loaded with React.lazy: Leaflet and its stylesheet stay out of the main bundle.
import 'leaflet/dist/leaflet.css';
import './map.css';
import type L from 'leaflet';
import { type ReactNode, useEffect, useMemo } from 'react';
import { MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';

export type MapPosition = { lat: number; lng: number };

export type MapShellProps = {
  /** An XYZ tile URL; without one (tests, offline demos) the map is a plain grid. */
  tileUrl: string | null;
  /** The map's accessible name: the map is a region of the page. */
  label: string;
  center: L.LatLngExpression;
  zoom: number;
  height: number | string;
  /** With a height in percent: the least the map takes where its box has no height of its own. */
  minHeight?: number;
  className?: string;
  children?: ReactNode;
};

/**
 * The one frame of every map: a region named by its label, read left to right in every language (also in
 * Urdu), tiles when a tile server is configured, and the markers and layers the map passes as children.
 */
export function MapShell({ tileUrl, label, center, zoom, height, minHeight, className, children }: MapShellProps) {
  return (
    <section
      dir="ltr"
      aria-label={label}
      className={className ? `rd-map ${className}` : 'rd-map'}
      style={{ height, minHeight }}
    >
      <MapContainer
        center={center}
        zoom={zoom}
        className={tileUrl ? 'rd-map--tiled' : undefined}
        style={{ height: '100%', width: '100%' }}
        attributionControl={tileUrl !== null}
      >
        {tileUrl && <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap contributors" maxZoom={19} />}
        <EndAnimationOnRemove />
        {children}
      </MapContainer>
    </section>
  );
}

/**
 * Leaflet ends a zoom animation in a 250 ms timer that `map.remove()` does not clear, so a page left while its map
 * zoomed (a request sent, tracking opened) had the timer move the removed map: "Cannot read properties of
 * undefined (reading '_leaflet_pos')". Once removed, the map has no animation left to finish.
 */
function EndAnimationOnRemove() {
  const map = useMap();
  useEffect(() => {
    // Not taken off again: the map's removal fires it, after this component's own cleanup may have run.
    map.on('unload', () => {
      (map as L.Map & { _animatingZoom?: boolean })._animatingZoom = false;
    });
  }, [map]);
  return null;
}

/** Places a point where the map is clicked; does nothing without a handler. */
export function PlaceOnClick({ onPlace }: { onPlace: ((point: MapPosition) => void) | null }) {
  useMapEvents({
    click(event) {
      onPlace?.({ lat: event.latlng.lat, lng: event.latlng.lng });
    },
  });
  return null;
}

/** A draggable marker's event handlers: where it was dropped. */
export function useDragEnd(onMoved: (point: MapPosition) => void) {
  return useMemo(
    () => ({
      dragend: (event: L.LeafletEvent) => {
        const point = (event.target as L.Marker).getLatLng();
        onMoved({ lat: point.lat, lng: point.lng });
      },
    }),
    [onMoved],
  );
}
