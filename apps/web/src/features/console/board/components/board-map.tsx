import type { BoardOrder } from '@riderdesk/domain/contracts/console-board';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { type MapPosition, MapShell } from '../../../../shared/map/map-shell.tsx';

export interface BoardMapProps {
  orders: readonly BoardOrder[];
  tileUrl: string | null;
  label: string;
  centre: MapPosition;
  height: number | string;
}

const EXCEPTION_COLOUR = '#c92a2a';
const ORDER_COLOUR = '#1c7ed6';
const RIDER_COLOUR = '#1f2937';

/**
 * Every order the filters keep (its pickup, red when it needs a person) and its rider, drawn on one canvas: two
 * thousand orders and their riders as DOM markers would take the page seconds to lay out. Markers are kept by
 * order and moved in place when a live update comes, never drawn again from scratch. The list beside the map
 * is the way to act on an order; the map shows where.
 */
export default function BoardMap({ orders, tileUrl, label, centre, height }: BoardMapProps) {
  return (
    <MapShell tileUrl={tileUrl} label={label} center={centre} zoom={11} height={height}>
      <BoardMarkers orders={orders} />
    </MapShell>
  );
}

interface Drawn {
  pickup: L.CircleMarker;
  rider: L.CircleMarker | null;
}

function BoardMarkers({ orders }: { orders: readonly BoardOrder[] }) {
  const map = useMap();
  const layer = useRef<{ renderer: L.Canvas; group: L.LayerGroup; drawn: Map<string, Drawn> } | null>(null);

  useEffect(() => {
    const renderer = L.canvas({ padding: 0.2 });
    const group = L.layerGroup().addTo(map);
    layer.current = { renderer, group, drawn: new Map() };
    return () => {
      group.remove();
      layer.current = null;
    };
  }, [map]);

  useEffect(() => {
    const current = layer.current;
    if (!current) return;
    const { renderer, group, drawn } = current;
    const seen = new Set<string>();
    for (const order of orders) {
      seen.add(order.order_id);
      const colour = order.exception ? EXCEPTION_COLOUR : ORDER_COLOUR;
      let entry = drawn.get(order.order_id);
      if (!entry) {
        entry = {
          pickup: L.circleMarker([order.pickup.lat, order.pickup.lng], {
            renderer,
            radius: 6,
            color: '#fff',
            weight: 1,
            fillColor: colour,
            fillOpacity: 0.9,
          }).addTo(group),
          rider: null,
        };
        drawn.set(order.order_id, entry);
      } else {
        entry.pickup.setLatLng([order.pickup.lat, order.pickup.lng]);
        if (entry.pickup.options.fillColor !== colour) entry.pickup.setStyle({ fillColor: colour });
      }
      const position = order.rider?.position ?? null;
      if (position && entry.rider) entry.rider.setLatLng([position.lat, position.lng]);
      else if (position) {
        entry.rider = L.circleMarker([position.lat, position.lng], {
          renderer,
          radius: 4,
          color: '#fff',
          weight: 1,
          fillColor: RIDER_COLOUR,
          fillOpacity: 1,
        }).addTo(group);
      } else if (entry.rider) {
        entry.rider.remove();
        entry.rider = null;
      }
    }
    for (const [orderId, entry] of drawn) {
      if (seen.has(orderId)) continue;
      entry.pickup.remove();
      entry.rider?.remove();
      drawn.delete(orderId);
    }
  }, [orders]);

  return null;
}
