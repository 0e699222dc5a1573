import type { ConsoleVendorSearchQuery } from '@riderdesk/domain/contracts/console-vendors';

/** Query keys of the console's Vendors and outlets page; no other section reads these. */
export const vendorKeys = {
  all: ['console', 'vendors'] as const,
  search: (query: ConsoleVendorSearchQuery) => [...vendorKeys.all, 'search', query] as const,
  vendor: (vendorId: string) => [...vendorKeys.all, 'vendor', vendorId] as const,
};
