import type { ApiOrderCoordinates } from '@riderdesk/domain/contracts/merchant-api';
import { isLocationTracked } from '@riderdesk/domain/merchant-api/callback';
import type { ProofKind } from '@riderdesk/domain/orders/proofs';
import { AppError } from '../../../errors.ts';
import { MerchantApiError } from '../merchant-api-error.ts';
import type { ApiCaller } from './api-caller.ts';
import { type MerchantApiOrderDeps, ownedOrder, portalCallerOf } from './orders.ts';

/** pandago's 404 sentences for a proof an order does not have (its proof routes' examples). */
export const PROOF_NOT_FOUND: Record<ProofKind, string> = {
  pickup: 'Proof of pickup for this order was not found',
  delivery: 'Proof of delivery for this order was not found',
  return: 'Proof of return for this order was not found',
};

/** An order that has no courier on it now, or one that has not reported a position. */
export const COURIER_LOCATION_NOT_FOUND = 'Courier location for this order was not found';

/**
 * pandago GET /orders/{order_id}/coordinates: the latest position of the courier on an order of the client's
 * scope, while the order is under way (the webhooks' rider positions follow the same rule, decision 156).
 */
export async function orderCoordinates(
  deps: MerchantApiOrderDeps,
  caller: ApiCaller,
  orderId: string,
): Promise<ApiOrderCoordinates> {
  const row = await ownedOrder(deps, caller, orderId);
  if (!isLocationTracked(row) || row.rider_latitude === null || row.rider_longitude === null) {
    throw new MerchantApiError(404, COURIER_LOCATION_NOT_FOUND);
  }
  const at = row.rider_updated_at ?? row.updated_at;
  return {
    ...(row.client_order_id ? { client_order_id: row.client_order_id } : {}),
    latitude: row.rider_latitude,
    longitude: row.rider_longitude,
    updated_at: Math.floor(at.getTime() / 1000),
  };
}

/**
 * pandago GET /orders/proof_of_{pickup,delivery,return}/{order_id}: the rider's photo, base64-encoded, read through
 * the portal's proof service. Another client's order answers exactly like an order without that proof.
 */
export async function orderProof(
  deps: MerchantApiOrderDeps,
  caller: ApiCaller,
  orderId: string,
  kind: ProofKind,
): Promise<string> {
  const notFound = () => new MerchantApiError(404, PROOF_NOT_FOUND[kind]);
  const row = await deps.orderRecords.find(orderId);
  if (!row || !caller.vendorIds.includes(row.vendor_id)) throw notFound();
  try {
    const proof = await deps.orders.proof(portalCallerOf(caller, row.vendor_id), orderId, kind);
    return proof.bytes.toString('base64');
  } catch (error) {
    if (error instanceof AppError && error.code === 'NotFound') throw notFound();
    throw error;
  }
}
