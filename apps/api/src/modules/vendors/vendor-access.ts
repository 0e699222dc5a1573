import type { Db } from '../../db/db.ts';
import { keyedError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import * as repo from './repo.ts';
import type { VendorService } from './service.ts';

export const forbiddenVendor = () => keyedError(403, 'Forbidden', 'error.forbidden-vendor', 'vendor_id');

/**
 * The vendor a call acts for, once it is known to be one of the caller's. An unknown vendor answers the
 * same 403 as another merchant's, so ids cannot be probed.
 */
export async function vendorOfCaller(
  db: Db,
  vendors: VendorService,
  caller: Caller,
  vendorId: string,
): Promise<repo.VendorRow> {
  const ids = await vendors.vendorIdsForCaller(caller);
  if (!ids.includes(vendorId)) throw forbiddenVendor();
  const row = await repo.findVendor(db, vendorId);
  if (!row) throw forbiddenVendor();
  return row;
}

/** Whether a vendor has a saved pickup point; without one the order must carry a sender (spec §3). */
export function hasPickupAddress(vendor: repo.VendorRow): boolean {
  return vendor.latitude !== null && vendor.longitude !== null;
}

/**
 * A collection point takes orders once active: a new one while its activation job runs (spec §7 "a few
 * minutes"), never one an operator deactivated.
 */
export function assertVendorActive(vendor: repo.VendorRow): void {
  if (!vendor.is_active) {
    throw keyedError(
      409,
      'Conflict',
      vendor.is_pending ? 'outlet.error.pending' : 'outlet.error.inactive',
      'vendor_id',
    );
  }
}
