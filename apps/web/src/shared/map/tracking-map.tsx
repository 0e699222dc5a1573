// Loaded with React.lazy (see lazy-tracking-map.tsx): Leaflet and its stylesheet stay out of the main bundle.
import './tracking-map.css';
import L from 'leaflet';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Marker, Polyline, Tooltip, useMap } from 'react-leaflet';
import { MapShell } from './map-shell.tsx';
import { pinIcon, riderIcon } from './markers.ts';

export type MapPoint = { latitude: number; longitude: number };

export type TrackingMapProps = {
  tileUrl: string | null;
  outlet: MapPoint | null;
  destination: MapPoint | null;
  rider: MapPoint | null;
  height: number | string;
  /** With a height in percent: the least the map takes where its box has no height of its own (a phone's column). */
  minHeight?: number;
  labels: { map: string; outlet: string; destination: string; rider: string };
};

const toLatLng = (point: MapPoint): L.LatLngTuple => [point.latitude, point.longitude];

/**
 * Shows every place at once: the pickup, the drop-off and the rider. false while the box has no size yet
 * (a lazy map in a box still being laid out): a fit then would zoom to nothing, so it waits for the size.
 */
function fitAll(map: L.Map, all: readonly L.LatLngTuple[]): boolean {
  const size = map.getSize();
  if (all.length === 0 || size.x === 0 || size.y === 0) return false;
  if (all.length === 1) map.setView(all[0] as L.LatLngTuple, 16, { animate: false });
  else map.fitBounds(L.latLngBounds([...all]), { padding: [48, 48], maxZoom: 16, animate: false });
  return true;
}

function Viewport({ points, rider }: { points: L.LatLngTuple[]; rider: L.LatLngTuple | null }) {
  const map = useMap();
  const placesKey = JSON.stringify(points);
  const everything = useRef<L.LatLngTuple[]>(points);
  everything.current = rider ? [...points, rider] : points;
  const hasFitted = useRef(false);
  // Once the user drags or zooms, the view is theirs: resizes and the rider leave it alone.
  const isUserView = useRef(false);
  const isFitting = useRef(false);
  const fit = useCallback(() => {
    isFitting.current = true;
    try {
      if (fitAll(map, everything.current)) hasFitted.current = true;
    } finally {
      isFitting.current = false;
    }
  }, [map]);
  useEffect(() => {
    const taken = () => {
      if (!isFitting.current) isUserView.current = true;
    };
    map.on('dragstart zoomstart', taken);
    return () => {
      map.off('dragstart zoomstart', taken);
    };
  }, [map]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised places say when to refit.
  useEffect(() => {
    isUserView.current = false;
    fit();
  }, [placesKey, fit]);
  // A map that fills its box follows the box's size (a new stage beside it makes it taller): Leaflet measures
  // its container only when it starts, and would otherwise leave the new part without tiles or markers. The
  // view keeps its centre; it is fitted again when it was never fitted (no size yet) or a place fell out of
  // it, unless the user has chosen the view.
  useEffect(() => {
    const observer = new ResizeObserver(() => {
      map.invalidateSize();
      const all = everything.current;
      const isAllInView = all.length > 0 && map.getBounds().contains(L.latLngBounds([...all]));
      if (!hasFitted.current || (!isUserView.current && !isAllInView)) fit();
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map, fit]);
  // A rider leaving the visible area brings the view back to all the places; small moves leave the zoom alone.
  useEffect(() => {
    if (!rider) return;
    if (!hasFitted.current) {
      fit();
      return;
    }
    if (map.getBounds().pad(-0.1).contains(rider)) return;
    if (isUserView.current) map.panTo(rider);
    else fit();
  }, [rider, map, fit]);
  return null;
}

export default function TrackingMap({
  tileUrl,
  outlet,
  destination,
  rider,
  height,
  minHeight,
  labels,
}: TrackingMapProps) {
  const places = useMemo(
    () => [outlet, destination].filter((point): point is MapPoint => point !== null).map(toLatLng),
    [outlet, destination],
  );
  const riderAt = useMemo(() => (rider ? toLatLng(rider) : null), [rider]);
  const icons = useMemo(
    () => ({
      outlet: pinIcon('outlet', labels.outlet),
      destination: pinIcon('destination', labels.destination),
      rider: riderIcon(labels.rider),
    }),
    [labels.outlet, labels.destination, labels.rider],
  );
  const centre = riderAt ?? places[0] ?? ([0, 0] as L.LatLngTuple);
  return (
    <MapShell
      tileUrl={tileUrl}
      label={labels.map}
      center={centre}
      zoom={15}
      height={height}
      minHeight={minHeight}
      className="rd-tracking-map"
    >
      {outlet && destination && (
        <Polyline
          positions={[toLatLng(outlet), toLatLng(destination)]}
          pathOptions={{ color: '#64748b', weight: 3, dashArray: '6 8', opacity: 0.8 }}
        />
      )}
      {outlet && (
        <Marker position={toLatLng(outlet)} icon={icons.outlet} title={labels.outlet}>
          <Tooltip direction="top" offset={[0, -44]}>
            {labels.outlet}
          </Tooltip>
        </Marker>
      )}
      {destination && (
        <Marker position={toLatLng(destination)} icon={icons.destination} title={labels.destination}>
          <Tooltip direction="top" offset={[0, -44]}>
            {labels.destination}
          </Tooltip>
        </Marker>
      )}
      {riderAt && <Marker position={riderAt} icon={icons.rider} title={labels.rider} zIndexOffset={1000} />}
      <Viewport points={places} rider={riderAt} />
    </MapShell>
  );
}
