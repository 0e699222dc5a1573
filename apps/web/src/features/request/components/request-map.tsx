// Loaded with React.lazy (request-map-card.tsx): Leaflet and its stylesheet stay out of the main bundle.
import { MAP_DEFAULT_ZOOM } from '@riderdesk/domain/constants';
import type { LatLng } from '@riderdesk/domain/validation/address';
import { useEffect, useMemo } from 'react';
import { Marker, useMap } from 'react-leaflet';
import { MapShell, PlaceOnClick, useDragEnd } from '../../../shared/map/map-shell.tsx';
import { pinIcon } from '../../../shared/map/markers.ts';

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

const PIN_HEIGHT = 52;

function Viewport({ origin, destination, centre }: Pick<RequestMapProps, 'origin' | 'destination' | 'centre'>) {
  const map = useMap();
  const key = JSON.stringify([origin, destination, centre]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised points say when to move.
  useEffect(() => {
    if (origin && destination) {
      map.fitBounds(
        [
          [origin.lat, origin.lng],
          [destination.lat, destination.lng],
        ],
        { padding: [56, 56], maxZoom: MAP_DEFAULT_ZOOM },
      );
    } else {
      map.setView(destination ?? origin ?? centre, MAP_DEFAULT_ZOOM);
    }
  }, [key, map]);
  return null;
}

export default function RequestMap(props: RequestMapProps) {
  const { origin, destination, movablePin, onPinMoved, labels } = props;
  const originIcon = useMemo(() => pinIcon('outlet', labels.origin, PIN_HEIGHT), [labels.origin]);
  const destinationIcon = useMemo(() => pinIcon('destination', labels.destination, PIN_HEIGHT), [labels.destination]);
  const drag = useDragEnd(onPinMoved);

  return (
    <MapShell
      tileUrl={props.tileUrl}
      label={labels.map}
      center={destination ?? origin ?? props.centre}
      zoom={MAP_DEFAULT_ZOOM}
      height={props.height}
    >
      <Viewport origin={origin} destination={destination} centre={props.centre} />
      <PlaceOnClick onPlace={movablePin ? onPinMoved : null} />
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
    </MapShell>
  );
}
