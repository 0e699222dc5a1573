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
import type { LatLng } from '@riderdesk/domain/validation/address';
import L from 'leaflet';
import { Fragment, useEffect, useMemo } from 'react';
import { MapContainer, Marker, Polygon, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';

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

const pointOf = (vendor: Vendor): LatLng | null => {
  const { latitude, longitude } = vendor.vendor_information.location;
  return latitude !== null && longitude !== null ? { lat: latitude, lng: longitude } : null;
};

/** spec §9: zoom 17 on an outlet, 12 with a parent, 2 otherwise. */
function viewOf(point: LatLng | null, outlets: readonly Vendor[], hasParent: boolean): [LatLng, number] {
  if (point) return [point, BRANCH_MAP_ZOOM_OUTLET];
  const first = outlets.map(pointOf).find((p) => p !== null);
  if (hasParent && first) return [first, BRANCH_MAP_ZOOM_WITH_PARENT];
  return [first ?? MAP_FALLBACK_CENTER, BRANCH_MAP_ZOOM];
}

function Viewport({ lat, lng, zoom }: { lat: number; lng: number; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView({ lat, lng }, zoom);
  }, [lat, lng, zoom, map]);
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
  const [centre, zoom] = viewOf(point, outlets, props.hasParent);
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
    // Maps read left to right in every language; `isolation` keeps Leaflet's panes under dialogs and menus.
    <div dir="ltr" style={{ height: props.height, width: '100%', isolation: 'isolate' }}>
      <MapContainer
        center={centre}
        zoom={zoom}
        style={{ height: '100%', width: '100%', ...(props.tileUrl ? {} : PLAIN_BACKGROUND) }}
        attributionControl={props.tileUrl !== null}
        aria-label={labels.map}
      >
        {props.tileUrl && (
          <TileLayer url={props.tileUrl} attribution="&copy; OpenStreetMap contributors" maxZoom={19} />
        )}
        <Viewport lat={centre.lat} lng={centre.lng} zoom={zoom} />
        <ClickToPlace onPlace={onMoved} />
        {outlets.map((outlet) => {
          const at = pointOf(outlet);
          const area = outlet.delivery_area;
          return (
            <Fragment key={outlet.vendor_id}>
              {area?.type === 'polygon' && (
                <Polygon
                  positions={area.coordinates.map(([lng, lat]) => [lat, lng] as [number, number])}
                  pathOptions={{
                    color: MAP_POLYGON_FILL_COLOR,
                    weight: 1,
                    fillColor: MAP_POLYGON_FILL_COLOR,
                    fillOpacity: MAP_POLYGON_FILL_OPACITY,
                  }}
                />
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
    </div>
  );
}
