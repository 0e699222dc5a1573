import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { useMemo } from 'react';

/** Where each branch collects from, for the order detail's map. */
export function useOutletLocations(vendors: readonly Vendor[]) {
  return useMemo(() => {
    const locations: Record<string, { latitude: number; longitude: number }> = {};
    for (const vendor of vendors) {
      const { latitude, longitude } = vendor.vendor_information.location;
      if (latitude !== null && longitude !== null) locations[vendor.vendor_id] = { latitude, longitude };
    }
    return locations;
  }, [vendors]);
}
