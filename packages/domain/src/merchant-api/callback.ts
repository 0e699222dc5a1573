import { type CancelReason, isInGroup, type OrderStatus, type StatusHistoryEntry } from '../order-status.ts';
import { type ProofKind, proofKindsReached } from '../orders/proofs.ts';
import { absolute, paths } from '../paths.ts';
import { MERCHANT_API_BASE } from './credentials.ts';
import {
  type ApiCancellationReason,
  type ApiOrderStatus,
  apiCancellationOf,
  apiStatusOf,
  apiTimelineOf,
} from './order-mapping.ts';

/**
 * pandago's callback body (its `CallbackRequest`), stripped of personal data as pandago's is: no recipient
 * name, phone or address, no sender contact. The full order is read from the merchant API.
 */
export interface CallbackBody {
  order_id: string;
  client_order_id: string | null;
  status: ApiOrderStatus;
  /** As GET /orders/{order_id} answers it: ISO instants, '' when not known. */
  timeline: { estimated_pickup_time: string; estimated_delivery_time: string };
  /** Empty while no rider has the order; the location only while a rider has it and has reported one. */
  driver: {
    id?: string;
    name?: string;
    phone_number?: string;
    location?: { latitude: number; longitude: number };
  };
  created_at: number;
  updated_at: number;
  tracking_link: string;
  proof_of_pickup_url?: string;
  proof_of_delivery_url?: string;
  proof_of_return_url?: string;
  /** Metres, as pandago's. */
  distance: number;
  /** Only on a cancelled order, as pandago's. */
  cancellation?: { reason: ApiCancellationReason; source: 'CLIENT' | 'LOGISTICS' };
  delivery_tasks: { age_validation_required: boolean };
}

/** What the body is built from: the columns of an order as the orders module reads it (no personal field is read). */
export interface CallbackOrder {
  order_id: string;
  /** The merchant's own reference, when the order came through the merchant API with one. */
  client_order_id?: string | null;
  status: OrderStatus;
  status_history: readonly StatusHistoryEntry[];
  created_at: Date;
  updated_at: Date;
  tracking_token: string;
  distance_m: number;
  preordered_for: Date | null;
  latest_arrival_at: Date | null;
  pickup_eta_minutes: number | null;
  delivery_eta_minutes: number | null;
  cancel_reason: string | null;
  age_validation_required: boolean;
  rider_id: string | null;
  rider_name: string | null;
  rider_phone: string | null;
  rider_latitude: number | null;
  rider_longitude: number | null;
}

const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** The pandago statuses an order went through, in order, each once per stretch: what its status callbacks said. */
export function apiStatusTrail(history: readonly StatusHistoryEntry[]): ApiOrderStatus[] {
  const trail: ApiOrderStatus[] = [];
  for (let index = 0; index < history.length; index += 1) {
    const status = apiStatusOf(history[index]!.status, history.slice(0, index + 1));
    if (trail.at(-1) !== status) trail.push(status);
  }
  return trail;
}

/** The body of every webhook event of an order (issue 35): pandago's callback, built the same way for each type. */
/** `publicUrl` (PUBLIC_URL) makes the tracking link and the proof URLs absolute. */
export function callbackBody(order: CallbackOrder, publicUrl: string): CallbackBody {
  const status = apiStatusOf(order.status, order.status_history);
  // The proofs the order's steps have produced (rider API and simulator take one at each such step).
  const proofs = proofKindsReached(order.status_history);
  const proofUrl = (kind: ProofKind) =>
    absolute(publicUrl, `${MERCHANT_API_BASE}/orders/proof_of_${kind}/${encodeURIComponent(order.order_id)}`);
  const hasLocation = order.rider_id !== null && order.rider_latitude !== null && order.rider_longitude !== null;
  return {
    order_id: order.order_id,
    client_order_id: order.client_order_id ?? null,
    status,
    timeline: apiTimelineOf({
      status: order.status,
      updatedAt: order.updated_at,
      preorderedFor: order.preordered_for,
      pickupEtaMinutes: order.pickup_eta_minutes,
      deliveryEtaMinutes: order.delivery_eta_minutes,
      latestArrivalAt: order.latest_arrival_at,
    }),
    driver: order.rider_id
      ? {
          id: order.rider_id,
          ...(order.rider_name !== null && { name: order.rider_name }),
          ...(order.rider_phone && { phone_number: order.rider_phone }),
          ...(hasLocation && { location: { latitude: order.rider_latitude!, longitude: order.rider_longitude! } }),
        }
      : {},
    created_at: unixSeconds(order.created_at),
    updated_at: unixSeconds(order.updated_at),
    // The same link as GET /orders/{order_id} answers.
    tracking_link: absolute(publicUrl, paths.tracking(order.tracking_token)),
    ...(proofs.includes('pickup') && { proof_of_pickup_url: proofUrl('pickup') }),
    ...(proofs.includes('delivery') && { proof_of_delivery_url: proofUrl('delivery') }),
    ...(proofs.includes('return') && { proof_of_return_url: proofUrl('return') }),
    distance: order.distance_m,
    ...(status === 'CANCELLED' && { cancellation: apiCancellationOf(order.cancel_reason as CancelReason | null) }),
    delivery_tasks: { age_validation_required: order.age_validation_required },
  };
}

/** Whether an order is over: delivered, returned, or cancelled in any way. */
export function isOrderOver(status: OrderStatus): boolean {
  return isInGroup(status, 'done') || isInGroup(status, 'cancelled');
}

/** Whether an order's rider position is sent (order.location): a rider has it and it is not over. */
export function isLocationTracked(order: Pick<CallbackOrder, 'status' | 'rider_id'>): boolean {
  return order.rider_id !== null && !isOrderOver(order.status);
}
