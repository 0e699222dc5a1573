import { paths } from '@riderdesk/domain/paths';

// spec §2: the selected vendor lives in the URL segment of these sections.
export const VENDOR_SECTIONS = [
  'request-a-rider',
  'order-tracking',
  'history',
  'insights',
  'finance',
  'bulk-order',
] as const;
export type VendorSection = (typeof VENDOR_SECTIONS)[number];

export function sectionOf(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}

export const isVendorSection = (section: string): section is VendorSection =>
  (VENDOR_SECTIONS as readonly string[]).includes(section);

const SECTION_PATHS = {
  'request-a-rider': paths.requestARider,
  'order-tracking': paths.orderTracking,
  history: paths.history,
  insights: paths.insights,
  finance: paths.finance,
  'bulk-order': paths.bulkOrder,
} as const satisfies Record<VendorSection, (vendorId: string | null | undefined) => string>;

export function sectionPath(section: VendorSection, vendorId: string | null | undefined): string {
  return SECTION_PATHS[section](vendorId);
}

/**
 * spec §2: changing the vendor rewrites the vendor segment of request-a-rider (keeping orderID),
 * order-tracking, history and bulk-order. The selected order and bulk job belong to the previous
 * vendor, so they are dropped.
 */
export function withVendor(pathname: string, search: string, vendorId: string): string | null {
  const section = sectionOf(pathname);
  if (!isVendorSection(section)) return null;
  if (section !== 'request-a-rider') return sectionPath(section, vendorId);
  // The order being edited, and one whose card payment failed and is offered again (with the reason), stay;
  // the request page ignores them when they belong to another branch.
  const current = new URLSearchParams(search);
  const kept = (name: string) => current.get(name) || null;
  return paths.requestARider(vendorId, {
    orderID: kept('orderID'),
    retry_order_id: kept('retry_order_id'),
    payment_error: kept('payment_error'),
  });
}
