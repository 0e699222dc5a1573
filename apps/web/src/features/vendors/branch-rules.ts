import { isOutletEditable } from '@riderdesk/domain/contracts/outlets';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';

/** spec §2: outlets whose id starts with a- or b- are not editable; parents never are (spec §6). */
export function canEditOutlet(vendor: Vendor, isEditFlagOn: boolean): boolean {
  return isEditFlagOn && isOutletEditable(vendor);
}

/** spec §2: Add collection point appears with its flag; a collection point goes under one of the user's parents. */
export function canAddOutlet(vendors: readonly Vendor[], isAddFlagOn: boolean): boolean {
  return isAddFlagOn && vendors.some((vendor) => vendor.is_parent);
}

/** spec §2 and §6: the include-all-outlets toggle shows for parent accounts, if the country allows it. */
export function isOutletToggleShown(vendors: readonly Vendor[], allOutletOrders: string | undefined): boolean {
  return allOutletOrders === 'true' && vendors.some((vendor) => vendor.is_parent);
}

/** spec §2: disabled on request-a-rider or when the selected vendor is not a parent. */
export function isOutletToggleEnabled(selected: Vendor | null, isRequestRoute: boolean): boolean {
  return !isRequestRoute && Boolean(selected?.is_parent);
}

export interface BranchEntry {
  vendor: Vendor;
  depth: 0 | 1;
}

/** Parents first, each followed by its outlets; outlets whose parent is not listed come last. */
export function orderBranches(vendors: readonly Vendor[]): BranchEntry[] {
  const byName = (a: Vendor, b: Vendor) => a.name.localeCompare(b.name);
  const ids = new Set(vendors.map((vendor) => vendor.vendor_id));
  const parents = vendors.filter((vendor) => vendor.is_parent).sort(byName);
  const entries: BranchEntry[] = [];
  for (const parent of parents) {
    entries.push({ vendor: parent, depth: 0 });
    for (const outlet of vendors.filter((v) => !v.is_parent && v.parent_vendor_id === parent.vendor_id).sort(byName)) {
      entries.push({ vendor: outlet, depth: 1 });
    }
  }
  const orphans = vendors.filter((v) => !v.is_parent && !(v.parent_vendor_id && ids.has(v.parent_vendor_id)));
  for (const outlet of orphans.sort(byName)) entries.push({ vendor: outlet, depth: 0 });
  return entries;
}

/** The first vendor a user lands on when the URL names none: the first parent, else the first outlet. */
export function defaultVendor(vendors: readonly Vendor[]): Vendor | null {
  return orderBranches(vendors)[0]?.vendor ?? null;
}
