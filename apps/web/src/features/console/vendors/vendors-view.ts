import type { ConsoleVendorState, ConsoleVendorSummary } from '@riderdesk/domain/contracts/console-vendors';

/** How a vendor's state shows: its text and badge colour. */
export const STATE_COLOURS: Record<ConsoleVendorState, string> = {
  pending: 'orange',
  active: 'green',
  inactive: 'gray',
};

/** Parent, collection point, or a vendor of its own (a business that signed up). */
export function kindKeyOf(vendor: Pick<ConsoleVendorSummary, 'is_parent' | 'parent_vendor_id'>): string {
  if (vendor.is_parent) return 'console.vendors.kind-parent';
  return vendor.parent_vendor_id ? 'console.vendors.kind-outlet' : 'console.vendors.kind-vendor';
}

export const registrationKeyOf = (type: 'PV' | 'NPV' | null) => `console.vendors.registration.${type ?? 'none'}`;

/** A flag's setting as the page's choice: following the wider value, on or off. */
export type FlagChoice = 'follow' | 'on' | 'off';

export const flagChoiceOf = (value: boolean | undefined): FlagChoice =>
  value === undefined ? 'follow' : value ? 'on' : 'off';

export const flagValueOf = (choice: FlagChoice): boolean | null => (choice === 'follow' ? null : choice === 'on');
