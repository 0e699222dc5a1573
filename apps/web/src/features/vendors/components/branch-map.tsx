// Loaded with React.lazy: Leaflet and its stylesheet stay out of the main bundle.
import 'leaflet/dist/leaflet.css';
import {
  BRANCH_MAP_ZOOM,
  BRANCH_MAP_ZOOM_OUTLET,
  BRANCH_MAP_ZOOM_WITH_PARENT,
  MAP_FALLBACK_CENTER,
  MAP_MARKER_SIZE,
  MAP_POLYGON_FILL_COLOR,
  MAP_POLYGON_FILL_OPACITY,
} from '@riderdesk/domain/constants';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { DEFAULT_DELIVERY_RADIUS_KM } from '@riderdesk/domain/delivery-area';
import type { LatLng } from '@riderdesk/domain/validation/address';
import L from 'leaflet';
import { Fragment, useEffect, useMemo } from 'react';
import { Circle, MapContainer, Marker, Polygon, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';

export type BranchMapProps = {
  tileUrl: string | null;
  /** The other outlets of the parent, drawn with their delivery areas (spec §9 branch map). */
  outlets: readonly Vendor[];
  /** The outlet being edited: its area is drawn, its fixed marker is not (`point` stands for it). */
  placedId: string | null;
  /** The collection point being placed; draggable. */
  point: LatLng | null;
  /** Where to look without a point: the parent's outlets' area. */
  hasParent: boolean;
  onMoved: (point: LatLng) => void;
  height: number | string;
  labels: { map: string; point: string };
};

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

// spec §9: marker size 65. The pin is drawn inline (no image files, no CDN).
const pinIcon = (label: string, fill: string, size: number) =>
  L.divIcon({
    className: 'rd-map-pin',
    html: `<span role="img" aria-label="${escapeAttribute(label)}"><svg xmlns="http://www.w3.org/2000/svg" width="${
      (size * 40) / 52
    }" height="${size}" viewBox="0 0 40 52" aria-hidden="true">
      <path d="M20 51c-1.2 0-2-1-2.6-2C11 39.6 2 31 2 20 2 10 10 2 20 2s18 8 18 18c0 11-9 19.6-15.4 29-.6 1-1.4 2-2.6 2z"
        fill="${fill}" stroke="#fff" stroke-width="2.5"/>
      <path d="M12 16h16l-1.5-4h-13zM12.5 17.5h15V27h-4v-5h-7v5h-4z" fill="#fff"/></svg></span>`,
    iconSize: [(size * 40) / 52, size],
    iconAnchor: [(size * 20) / 52, size - 1],
  });

// Without a tile server (tests, offline demos) the map is a plain, quiet grid.
const PLAIN_BACKGROUND = {
  backgroundColor: '#f1f3f5',
  backgroundImage:
    'linear-gradient(#e3e7eb 1px, transparent 1px), linear-gradient(90deg, #e3e7eb 1px, transparent 1px)',
  backgroundSize: '32px 32px',
} as const;

const AREA_STYLE = {
  color: MAP_POLYGON_FILL_COLOR,
  weight: 1,
  fillColor: MAP_POLYGON_FILL_COLOR,
  fillOpacity: MAP_POLYGON_FILL_OPACITY,
} as const;

const pointOf = (vendor: Vendor): LatLng | null => {
  const { latitude, longitude } = vendor.vendor_information.location;
  return latitude !== null && longitude !== null ? { lat: latitude, lng: longitude } : null;
};

/** The area an outlet delivers to, as the map draws it: its polygon, or a circle of its radius around it. */
export type AreaShape =
  | { kind: 'polygon'; positions: [number, number][] }
  | { kind: 'circle'; center: LatLng; radiusMeters: number };

export function areaShapeOf(vendor: Vendor): AreaShape | null {
  const area = vendor.delivery_area;
  if (area?.type === 'polygon') {
    return { kind: 'polygon', positions: area.coordinates.map(([lng, lat]) => [lat, lng] as [number, number]) };
  }
  const center = pointOf(vendor);
  if (!center) return null;
  // No area of its own: the default radius (contracts/vendors.ts).
  const radiusKm = area?.type === 'radius' ? area.radius_km : DEFAULT_DELIVERY_RADIUS_KM;
  return radiusKm > 0 ? { kind: 'circle', center, radiusMeters: radiusKm * 1000 } : null;
}

type Bounds = [[number, number], [number, number]];
const KM_PER_DEGREE = 111.32;

/** South-west and north-east corners around every shape (and point) given. */
export function boundsOf(shapes: readonly AreaShape[], points: readonly LatLng[] = []): Bounds | null {
  const corners: [number, number][] = points.map((p) => [p.lat, p.lng]);
  for (const shape of shapes) {
    if (shape.kind === 'polygon') corners.push(...shape.positions);
    else {
      const dLat = shape.radiusMeters / 1000 / KM_PER_DEGREE;
      const dLng = dLat / Math.max(Math.cos((shape.center.lat * Math.PI) / 180), 0.01);
      corners.push(
        [shape.center.lat - dLat, shape.center.lng - dLng],
        [shape.center.lat + dLat, shape.center.lng + dLng],
      );
    }
  }
  if (corners.length === 0) return null;
  const lats = corners.map(([lat]) => lat);
  const lngs = corners.map(([, lng]) => lng);
  return [
    [Math.min(...lats), Math.min(...lngs)],
    [Math.max(...lats), Math.max(...lngs)],
  ];
}

const middleOf = ([[south, west], [north, east]]: Bounds): LatLng => ({
  lat: (south + north) / 2,
  lng: (west + east) / 2,
});

export type BranchView = { center: LatLng; zoom: number } | { bounds: Bounds };

/**
 * What the map shows: the edited outlet's whole delivery area, or the parent's outlets' areas together, so the
 * shading reads as an area and not as a shaded screen; spec §9's zooms (17 on a new point, 12 with a parent, 2
 * otherwise) where there is no area to fit.
 */
export function viewOf(
  point: LatLng | null,
  outlets: readonly Vendor[],
  hasParent: boolean,
  placedId: string | null = null,
): BranchView {
  if (point) {
    const placed = outlets.find((outlet) => outlet.vendor_id === placedId);
    const own = placed ? areaShapeOf(placed) : null;
    const bounds = own ? boundsOf([own], [point]) : null;
    return bounds ? { bounds } : { center: point, zoom: BRANCH_MAP_ZOOM_OUTLET };
  }
  const first = outlets.map(pointOf).find((p) => p !== null);
  if (hasParent && first) {
    const shapes = outlets.map(areaShapeOf).filter((shape) => shape !== null);
    const bounds = boundsOf(shapes);
    return bounds ? { bounds } : { center: first, zoom: BRANCH_MAP_ZOOM_WITH_PARENT };
  }
  return { center: first ?? MAP_FALLBACK_CENTER, zoom: BRANCH_MAP_ZOOM };
}

function Viewport({ view }: { view: BranchView }) {
  const map = useMap();
  const key = JSON.stringify(view);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is compared by value (its key).
  useEffect(() => {
    const size = map.getSize();
    // A map not laid out yet (no size) cannot fit anything: it looks at the area's middle until it can.
    if ('bounds' in view && size.x > 0 && size.y > 0) map.fitBounds(view.bounds, { padding: [16, 16] });
    else if ('bounds' in view) map.setView(middleOf(view.bounds), BRANCH_MAP_ZOOM_WITH_PARENT);
    else map.setView(view.center, view.zoom);
  }, [key, map]);
  return null;
}

function ClickToPlace({ onPlace }: { onPlace: (point: LatLng) => void }) {
  useMapEvents({
    click(event) {
      onPlace({ lat: event.latlng.lat, lng: event.latlng.lng });
    },
  });
  return null;
}

export default function BranchMap(props: BranchMapProps) {
  const { point, outlets, onMoved, labels } = props;
  const view = viewOf(point, outlets, props.hasParent, props.placedId);
  // The first paint, before the viewport fits the bounds.
  const [centre, zoom] =
    'bounds' in view ? [middleOf(view.bounds), BRANCH_MAP_ZOOM_WITH_PARENT] : [view.center, view.zoom];
  const icon = useMemo(() => pinIcon(labels.point, 'var(--mantine-primary-color-filled)', MAP_MARKER_SIZE), [labels]);
  const drag = useMemo(
    () => ({
      dragend: (event: L.LeafletEvent) => {
        const moved = (event.target as L.Marker).getLatLng();
        onMoved({ lat: moved.lat, lng: moved.lng });
      },
    }),
    [onMoved],
  );

  return (
    // Maps read left to right in every language; `isolation` keeps Leaflet's panes under dialogs and menus. The
    // name is the section's: MapContainer hands unknown props to Leaflet, not to the page.
    <section dir="ltr" aria-label={labels.map} style={{ height: props.height, width: '100%', isolation: 'isolate' }}>
      <MapContainer
        center={centre}
        zoom={zoom}
        style={{ height: '100%', width: '100%', ...(props.tileUrl ? {} : PLAIN_BACKGROUND) }}
        attributionControl={props.tileUrl !== null}
      >
        {props.tileUrl && (
          <TileLayer url={props.tileUrl} attribution="&copy; OpenStreetMap contributors" maxZoom={19} />
        )}
        <Viewport view={view} />
        <ClickToPlace onPlace={onMoved} />
        {outlets.map((outlet) => {
          const at = pointOf(outlet);
          const shape = areaShapeOf(outlet);
          return (
            <Fragment key={outlet.vendor_id}>
              {shape?.kind === 'polygon' && <Polygon positions={shape.positions} pathOptions={AREA_STYLE} />}
              {shape?.kind === 'circle' && (
                <Circle center={shape.center} radius={shape.radiusMeters} pathOptions={AREA_STYLE} />
              )}
              {at && outlet.vendor_id !== props.placedId && (
                <Marker position={at} icon={pinIcon(outlet.name, '#1f2937', 40)} title={outlet.name} alt={outlet.name}>
                  <Tooltip>{outlet.name}</Tooltip>
                </Marker>
              )}
            </Fragment>
          );
        })}
        {point && (
          <Marker
            position={point}
            icon={icon}
            title={labels.point}
            alt={labels.point}
            draggable
            eventHandlers={drag}
            zIndexOffset={100}
          />
        )}
      </MapContainer>
    </section>
  );
}
