import { keyedError } from '../../errors.ts';
import type { VendorRow } from './model.ts';

export const forbiddenVendor = () => keyedError(403, 'Forbidden', 'error.forbidden-vendor', 'vendor_id');

/** spec §8: the delivery group's test vendors (TEST_VENDOR_IDS) skip the undeliverable and fee errors. */
export function isTestVendor(config: { testVendorIds: readonly string[] }, vendorId: string): boolean {
  return config.testVendorIds.includes(vendorId);
}

/** Whether a vendor has a saved pickup point; without one the order must carry a sender (spec §3). */
export function hasPickupAddress(vendor: VendorRow): boolean {
  return vendor.latitude !== null && vendor.longitude !== null;
}

/**
 * A collection point takes orders once active: a new one while its activation job runs (spec §7 "a few
 * minutes"), never one an operator deactivated.
 */
export function assertVendorActive(vendor: VendorRow): void {
  if (!vendor.is_active) {
    throw keyedError(
      409,
      'Conflict',
      vendor.is_pending ? 'outlet.error.pending' : 'outlet.error.inactive',
      'vendor_id',
    );
  }
}
