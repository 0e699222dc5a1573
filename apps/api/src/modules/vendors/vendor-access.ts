import { keyedError } from '../../errors.ts';
import type { VendorRow } from './model.ts';

export const forbiddenVendor = () => keyedError(403, 'Forbidden', 'error.forbidden-vendor', 'vendor_id');

/** Whether a vendor has a saved pickup point; without one the order must carry a sender (spec §3). */
export function hasPickupAddress(vendor: VendorRow): boolean {
  return vendor.latitude !== null && vendor.longitude !== null;
}
