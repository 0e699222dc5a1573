// Loaded with React.lazy (approve-dialog.tsx): Leaflet and its stylesheet stay out of the console's first load.
import { MAP_POLYGON_FILL_COLOR, MAP_POLYGON_FILL_OPACITY } from '@riderdesk/domain/constants';
import { useEffect, useMemo } from 'react';
import { Marker, Polygon, useMap } from 'react-leaflet';
import { type MapPosition, MapShell } from '../../../../shared/map/map-shell.tsx';
import { cornerIcon, pinIcon } from '../../../../shared/map/markers.ts';
import type { Corners } from '../area-edit.ts';

export type AreaMapProps = {
  tileUrl: string | null;
  outlet: MapPosition;
  corners: Corners;
  /** The parent's other collection points' areas, for comparison. */
  others: readonly Corners[];
  onCornerMoved: (index: number, to: MapPosition) => void;
  height: number | string;
  labels: { map: string; outlet: string; corner: (index: number) => string };
};

const AREA_STYLE = {
  color: MAP_POLYGON_FILL_COLOR,
  weight: 2,
  fillColor: MAP_POLYGON_FILL_COLOR,
  fillOpacity: MAP_POLYGON_FILL_OPACITY,
} as const;
const OTHER_STYLE = { color: '#64748b', weight: 1, fillOpacity: 0.05, dashArray: '4 4' } as const;

const toLatLng = (corners: Corners) => corners.map(([lng, lat]) => [lat, lng] as [number, number]);

function FitArea({ corners }: { corners: Corners }) {
  const map = useMap();
  // Once, on opening: the operator's zoom and pan stay theirs while they move corners.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fitted on opening only.
  useEffect(() => {
    if (corners.length > 0) map.fitBounds(toLatLng(corners), { padding: [24, 24] });
  }, [map]);
  return null;
}

/** The outlet, its delivery area with a handle on every corner to drag, and its siblings' areas. */
export default function AreaMap({ tileUrl, outlet, corners, others, onCornerMoved, height, labels }: AreaMapProps) {
  const outletIcon = useMemo(() => pinIcon('collection-point', labels.outlet, 44), [labels.outlet]);
  const count = corners.length;
  const handles = useMemo(
    () => Array.from({ length: count }, (_, index) => cornerIcon(labels.corner(index + 1), MAP_POLYGON_FILL_COLOR)),
    [count, labels],
  );
  return (
    <MapShell tileUrl={tileUrl} label={labels.map} center={outlet} zoom={12} height={height}>
      <FitArea corners={corners} />
      {others.map((area, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the siblings' areas do not change while the dialog is open.
        <Polygon key={index} positions={toLatLng(area)} pathOptions={OTHER_STYLE} interactive={false} />
      ))}
      <Polygon positions={toLatLng(corners)} pathOptions={AREA_STYLE} interactive={false} />
      <Marker position={outlet} icon={outletIcon} title={labels.outlet} alt={labels.outlet} keyboard={false} />
      {corners.map(([lng, lat], index) => (
        <Marker
          // biome-ignore lint/suspicious/noArrayIndexKey: a corner is its place in the ring.
          key={index}
          position={[lat, lng]}
          icon={handles[index]!}
          draggable
          title={labels.corner(index + 1)}
          eventHandlers={{
            dragend: (event) => {
              const point = (event.target as { getLatLng(): MapPosition }).getLatLng();
              onCornerMoved(index, { lat: point.lat, lng: point.lng });
            },
          }}
        />
      ))}
    </MapShell>
  );
}
