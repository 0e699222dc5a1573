// spec §2: the selected vendor lives in the URL segment of these sections.
export const VENDOR_SECTIONS = ['request-a-rider', 'order-tracking', 'history', 'bulk-order'] as const;
export type VendorSection = (typeof VENDOR_SECTIONS)[number];

export function sectionOf(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}

export const isVendorSection = (section: string): section is VendorSection =>
  (VENDOR_SECTIONS as readonly string[]).includes(section);

export function sectionPath(section: VendorSection, vendorId: string | null | undefined): string {
  return vendorId ? `/${section}/${encodeURIComponent(vendorId)}` : `/${section}`;
}

/**
 * spec §2: changing the vendor rewrites the vendor segment of request-a-rider (keeping orderID),
 * order-tracking, history and bulk-order. The selected order and bulk job belong to the previous
 * vendor, so they are dropped.
 */
export function withVendor(pathname: string, search: string, vendorId: string): string | null {
  const section = sectionOf(pathname);
  if (!isVendorSection(section)) return null;
  const path = sectionPath(section, vendorId);
  if (section !== 'request-a-rider') return path;
  // The order being edited, and one whose card payment failed and is offered again (with the reason), stay;
  // the request page ignores them when they belong to another branch.
  const current = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of ['orderID', 'retry_order_id', 'payment_error']) {
    const value = current.get(name);
    if (value) kept.set(name, value);
  }
  return kept.size > 0 ? `${path}?${kept}` : path;
}

/** spec §2: request-a-rider with orderID edits that order, from the branch that placed it. */
export function editOrderPath(order: { vendor_id: string; order_id: string }): string {
  return `${sectionPath('request-a-rider', order.vendor_id)}?${new URLSearchParams({ orderID: order.order_id })}`;
}
