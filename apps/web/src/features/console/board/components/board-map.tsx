import type { BoardOrder } from '@riderdesk/domain/contracts/console-board';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { type CanvasPoint, canvasPoints } from '../../../../shared/map/canvas-points.ts';
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

/** The board's points: each order's pickup (red when it needs a person) and, where known, its rider. */
export function boardPoints(orders: readonly BoardOrder[]): Map<string, CanvasPoint> {
  const points = new Map<string, CanvasPoint>();
  for (const order of orders) {
    points.set(`o:${order.order_id}`, {
      lat: order.pickup.lat,
      lng: order.pickup.lng,
      fill: order.exception ? EXCEPTION_COLOUR : ORDER_COLOUR,
      radius: 6,
    });
    const position = order.rider?.position;
    if (position) points.set(`r:${order.order_id}`, { ...position, fill: RIDER_COLOUR, radius: 4 });
  }
  return points;
}

/**
 * Every order the filters keep and its rider, on one canvas in the shared map shell; a live update moves the
 * points in place. The list beside the map is where an order is acted on; the map shows where.
 */
export default function BoardMap({ orders, tileUrl, label, centre, height }: BoardMapProps) {
  return (
    <MapShell tileUrl={tileUrl} label={label} center={centre} zoom={11} height={height}>
      <BoardPoints orders={orders} />
    </MapShell>
  );
}

function BoardPoints({ orders }: { orders: readonly BoardOrder[] }) {
  const map = useMap();
  const layer = useRef<ReturnType<typeof canvasPoints> | null>(null);
  useEffect(() => {
    const points = canvasPoints();
    points.addTo(map);
    layer.current = points;
    return () => {
      points.remove();
      layer.current = null;
    };
  }, [map]);
  useEffect(() => {
    layer.current?.set(boardPoints(orders));
  }, [orders]);
  return null;
}
