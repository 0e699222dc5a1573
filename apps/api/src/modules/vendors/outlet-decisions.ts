import { VENDOR_AUDIT_ACTIONS } from '@riderdesk/domain/console/vendor-audit';
import { type DeliveryArea, defaultDeliveryPolygon } from '@riderdesk/domain/delivery-area';
import type { Db } from '../../db/db.ts';
import { recordAudit } from '../operators/audit.ts';
import type { VendorRow } from './model.ts';
import * as repo from './repo.ts';

/**
 * An operator's decision on a collection point (decision 055, 180), whatever its activation job did or will do:
 * active or not, and no longer pending either way. The console and `npm run ops -- approve-outlet|deactivate-outlet`
 * both decide here, in the caller's transaction, with its audit entry.
 *
 * `area` on activation: the polygon the operator drew; 'default' the default polygon around its point (the command
 * line's approval); 'keep' the area it has (a default polygon when it has none).
 */
export interface OutletDecision {
  isActive: boolean;
  area?: DeliveryArea | 'default' | 'keep';
  /** The operator; null for the command line. */
  operatorId: string | null;
  at: Date;
}

export const outletAuditState = (row: VendorRow) => ({
  is_active: row.is_active,
  is_pending: row.is_pending,
  delivery_area: row.delivery_area,
});

/** The outlet after the decision; null when `vendorId` is not a collection point. */
export async function decideOutlet(tx: Db, vendorId: string, decision: OutletDecision): Promise<VendorRow | null> {
  const before = await repo.findVendor(tx, vendorId);
  if (!before?.parent_vendor_id) return null;
  if (decision.isActive) {
    const point =
      before.latitude !== null && before.longitude !== null ? { lat: before.latitude, lng: before.longitude } : null;
    const requested = decision.area ?? 'default';
    const area =
      typeof requested === 'object'
        ? requested
        : requested === 'keep' && before.delivery_area
          ? null
          : point && defaultDeliveryPolygon(point);
    if (area) await repo.drawDeliveryArea(tx, vendorId, area);
  }
  await repo.setOutletActive(tx, vendorId, decision.isActive);
  const after = (await repo.findVendor(tx, vendorId))!;
  const action = !decision.isActive
    ? VENDOR_AUDIT_ACTIONS.deactivateOutlet
    : before.is_pending
      ? VENDOR_AUDIT_ACTIONS.approveOutlet
      : VENDOR_AUDIT_ACTIONS.activateOutlet;
  await recordAudit(tx, {
    at: decision.at,
    operatorId: decision.operatorId,
    action,
    target: { type: 'vendor', id: vendorId },
    before: outletAuditState(before),
    after: outletAuditState(after),
  });
  return after;
}
