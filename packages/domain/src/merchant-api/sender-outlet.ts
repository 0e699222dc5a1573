/**
 * Which of a merchant API client's outlets an order is sent from (issue 35, decision 153). pandago's Sender is
 * either an outlet reference (`client_vendor_id`, which wins when both are given) or the sender's details, whose
 * coordinates must lie on one outlet.
 */
import { type GeoPoint, haversineKm } from '../money.ts';

/**
 * How far the sender's coordinates may lie from an outlet's saved point: a building's footprint and the spread
 * of two geocoders over one address, not a street away — the neighbouring shop in a market is another branch,
 * and the fee, the delivery area and the service are the outlet's own.
 */
export const SENDER_MATCH_TOLERANCE_M = 50;

/** pandago's answers when no outlet, or more than one, is close enough (its 422 examples). */
export const NO_BRANCH_CLOSE_ENOUGH = 'No Branch found that is close enough to the given sender coordinates';
export const MULTIPLE_BRANCHES_CLOSE_ENOUGH =
  'Multiple Branches found that are close enough to the given sender coordinates';
/** pandago's answer when the outlet reference names no outlet of the client (its POST /orders 404 example). */
export const OUTLET_NOT_FOUND = 'Outlet not found';

/** An outlet the client may send from: its id, the id the merchant's system gives it, its saved point. */
export interface SenderCandidate {
  vendorId: string;
  clientVendorId: string | null;
  point: GeoPoint | null;
}

export type SenderReference = { clientVendorId: string } | { point: GeoPoint };

export type SenderMatch =
  | { ok: true; vendorId: string }
  | {
      ok: false;
      status: 404 | 422;
      message: typeof OUTLET_NOT_FOUND | typeof NO_BRANCH_CLOSE_ENOUGH | typeof MULTIPLE_BRANCHES_CLOSE_ENOUGH;
    };

/**
 * The outlet an order comes from. An outlet reference matches the merchant's own id in any case (as the portal
 * keeps it unique), or our id for an outlet that has none (GET /outletList lists such an outlet by it). Sender
 * coordinates match the one outlet within the tolerance; two within it are ambiguous, as pandago answers.
 */
export function matchSenderOutlet(
  reference: SenderReference,
  candidates: readonly SenderCandidate[],
  toleranceM: number = SENDER_MATCH_TOLERANCE_M,
): SenderMatch {
  if ('clientVendorId' in reference) {
    const wanted = reference.clientVendorId.toLowerCase();
    const found = candidates.find(
      (candidate) => (candidate.clientVendorId ?? candidate.vendorId).toLowerCase() === wanted,
    );
    return found ? { ok: true, vendorId: found.vendorId } : { ok: false, status: 404, message: OUTLET_NOT_FOUND };
  }
  const close = candidates.filter(
    (candidate) => candidate.point !== null && haversineKm(candidate.point, reference.point) * 1000 <= toleranceM,
  );
  if (close.length === 1) return { ok: true, vendorId: close[0]!.vendorId };
  return {
    ok: false,
    status: 422,
    message: close.length === 0 ? NO_BRANCH_CLOSE_ENOUGH : MULTIPLE_BRANCHES_CLOSE_ENOUGH,
  };
}
