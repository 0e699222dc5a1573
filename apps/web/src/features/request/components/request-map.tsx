// Loaded with React.lazy: Leaflet and its stylesheet stay out of the main bundle.
import 'leaflet/dist/leaflet.css';
import { MAP_DEFAULT_ZOOM } from '@riderdesk/domain/constants';
import type { LatLng } from '@riderdesk/domain/validation/address';
import L from 'leaflet';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';

export type RequestMapProps = {
  tileUrl: string | null;
  centre: LatLng;
  origin: LatLng | null;
  destination: LatLng | null;
  /** The pin the user may drag (or place with a click). */
  movablePin: 'origin' | 'destination' | null;
  onPinMoved: (point: LatLng) => void;
  height: number | string;
  labels: { map: string; origin: string; destination: string };
};

// Drawn inline (no image files, no CDN): Leaflet's default icon loads PNGs by URL.
const PIN_SVG = (fill: string, glyph: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="52" viewBox="0 0 40 52" aria-hidden="true">
    <path d="M20 51c-1.2 0-2-1-2.6-2C11 39.6 2 31 2 20 2 10 10 2 20 2s18 8 18 18c0 11-9 19.6-15.4 29-.6 1-1.4 2-2.6 2z"
      fill="${fill}" stroke="#fff" stroke-width="2.5"/>
    ${glyph}
  </svg>`;

const DESTINATION_GLYPH = '<circle cx="20" cy="20" r="6.5" fill="#fff"/>';
const ORIGIN_GLYPH = '<path d="M12 16h16l-1.5-4h-13zM12.5 17.5h15V27h-4v-5h-7v5h-4z" fill="#fff"/>';

const pinIcon = (kind: 'origin' | 'destination', label: string) =>
  L.divIcon({
    className: 'rd-map-pin',
    html: `<span role="img" aria-label="${label.replace(/"/g, '&quot;')}">${PIN_SVG(
      kind === 'destination' ? 'var(--mantine-primary-color-filled)' : '#1f2937',
      kind === 'destination' ? DESTINATION_GLYPH : ORIGIN_GLYPH,
    )}</span>`,
    iconSize: [40, 52],
    iconAnchor: [20, 51],
  });

// Without a tile server (tests, offline demos) the map is a plain, quiet grid.
const PLAIN_BACKGROUND = {
  backgroundColor: '#f1f3f5',
  backgroundImage:
    'linear-gradient(#e3e7eb 1px, transparent 1px), linear-gradient(90deg, #e3e7eb 1px, transparent 1px)',
  backgroundSize: '32px 32px',
} as const;

function Viewport({ origin, destination, centre }: Pick<RequestMapProps, 'origin' | 'destination' | 'centre'>) {
  const map = useMap();
  const key = JSON.stringify([origin, destination, centre]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised points say when to move.
  useEffect(() => {
    if (origin && destination) {
      map.fitBounds(L.latLngBounds([origin, destination]), { padding: [56, 56], maxZoom: MAP_DEFAULT_ZOOM });
    } else {
      map.setView(destination ?? origin ?? centre, MAP_DEFAULT_ZOOM);
    }
  }, [key, map]);
  return null;
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

function ClickToPlace({ onPlace }: { onPlace: ((point: LatLng) => void) | null }) {
  useMapEvents({
    click(event) {
      onPlace?.({ lat: event.latlng.lat, lng: event.latlng.lng });
    },
  });
  return null;
}

export default function RequestMap(props: RequestMapProps) {
  const { origin, destination, movablePin, onPinMoved, labels } = props;
  const originIcon = useMemo(() => pinIcon('origin', labels.origin), [labels.origin]);
  const destinationIcon = useMemo(() => pinIcon('destination', labels.destination), [labels.destination]);
  const drag = useMemo(
    () => ({
      dragend: (event: L.LeafletEvent) => {
        const point = (event.target as L.Marker).getLatLng();
        onPinMoved({ lat: point.lat, lng: point.lng });
      },
    }),
    [onPinMoved],
  );
  const start = destination ?? origin ?? props.centre;

  return (
    // Maps read left to right in every language. `isolation` keeps Leaflet's z-indexed panes and
    // controls inside the map, under the address suggestions and dialogs.
    <div dir="ltr" style={{ height: props.height, width: '100%', isolation: 'isolate' }}>
      <MapContainer
        center={start}
        zoom={MAP_DEFAULT_ZOOM}
        style={{ height: '100%', width: '100%', ...(props.tileUrl ? {} : PLAIN_BACKGROUND) }}
        attributionControl={props.tileUrl !== null}
        aria-label={labels.map}
      >
        {props.tileUrl && (
          <TileLayer url={props.tileUrl} attribution="&copy; OpenStreetMap contributors" maxZoom={19} />
        )}
        <EndAnimationOnRemove />
        <Viewport origin={origin} destination={destination} centre={props.centre} />
        <ClickToPlace onPlace={movablePin ? onPinMoved : null} />
        {origin && (
          <Marker
            position={origin}
            icon={originIcon}
            title={labels.origin}
            alt={labels.origin}
            draggable={movablePin === 'origin'}
            eventHandlers={movablePin === 'origin' ? drag : {}}
          />
        )}
        {destination && movablePin !== 'origin' && (
          <Marker
            position={destination}
            icon={destinationIcon}
            title={labels.destination}
            alt={labels.destination}
            draggable={movablePin === 'destination'}
            eventHandlers={movablePin === 'destination' ? drag : {}}
            zIndexOffset={100}
          />
        )}
      </MapContainer>
    </div>
  );
}
