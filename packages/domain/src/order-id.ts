// spec §5 "Entering an order id with the prefix of the selected vendor followed by '-' fetches that
// order": order ids are '<prefix>-<number>', the prefix made from the vendor id alone so the browser
// and the server derive the same one.

const MAX_PREFIX_LENGTH = 6;

/** The initials of the vendor id's words, uppercase: 'pk-karachi-grill-clifton' → 'PKGC'. */
export function orderIdPrefix(vendorId: string): string {
  const words = vendorId.split(/[^A-Za-z0-9]+/).filter(Boolean);
  if (words.length === 0) return 'RD';
  const initials = words.length === 1 ? (words[0] ?? '').slice(0, 3) : words.map((word) => word[0]).join('');
  return initials.slice(0, MAX_PREFIX_LENGTH).toUpperCase();
}

export function formatOrderId(vendorId: string, orderNumber: number | bigint | string): string {
  return `${orderIdPrefix(vendorId)}-${orderNumber}`;
}

/** True when a search term is an order id of this vendor, so the browser fetches that order. */
export function looksLikeOrderIdOf(term: string, vendorId: string): boolean {
  return term
    .trim()
    .toUpperCase()
    .startsWith(`${orderIdPrefix(vendorId)}-`);
}
