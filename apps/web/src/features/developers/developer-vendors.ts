import type { Vendor } from '@riderdesk/domain/contracts/vendors';

/**
 * The vendors a client or an endpoint can belong to: parents first (a client of a parent may act for its
 * outlets), then the others, each once, by name.
 */
export function ownerVendors(vendors: readonly Vendor[]): Vendor[] {
  return [...vendors].sort(
    (a, b) =>
      Number(b.is_parent) - Number(a.is_parent) ||
      a.name.localeCompare(b.name) ||
      a.vendor_id.localeCompare(b.vendor_id),
  );
}

/** The vendor's tree as the server counts it for a client's scope: the vendor itself and its outlets. */
export function vendorTree(vendors: readonly Vendor[], vendorId: string): Vendor[] {
  const own = vendors.find((vendor) => vendor.vendor_id === vendorId);
  const outlets = vendors.filter((vendor) => vendor.parent_vendor_id === vendorId && vendor.vendor_id !== vendorId);
  return [...(own ? [own] : []), ...outlets.sort((a, b) => a.name.localeCompare(b.name))];
}

/** The owner the forms start on: the branch selected in the shell's parent when the user has it, else the branch. */
export function defaultOwner(vendors: readonly Vendor[], selected: Vendor | null): string | null {
  if (!selected) return ownerVendors(vendors)[0]?.vendor_id ?? null;
  const parent = selected.parent_vendor_id && vendors.find((vendor) => vendor.vendor_id === selected.parent_vendor_id);
  return parent ? parent.vendor_id : selected.vendor_id;
}

export const vendorName = (vendors: readonly Vendor[], vendorId: string): string =>
  vendors.find((vendor) => vendor.vendor_id === vendorId)?.name ?? vendorId;
