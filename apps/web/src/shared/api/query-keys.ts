import type { CountryParameterName } from '@riderdesk/domain/contracts/vendors';

/**
 * Query keys that more than one feature reads or writes. Each cache entry has one owner here, so an
 * invalidation after a mutation, or a live update, reaches the very copy a screen shows.
 */
export const orderKeys = {
  /** Every list and every single order. */
  all: ['orders'] as const,
  /** Every list of orders: tracking's lists of today, its pre-orders and its phone searches. */
  lists: ['orders', 'list'] as const,
  active: (vendorId: string, includeOutlets: boolean) =>
    ['orders', 'list', 'active', vendorId, includeOutlets] as const,
  preorders: (vendorId: string, includeOutlets: boolean) =>
    ['orders', 'list', 'preorders', vendorId, includeOutlets] as const,
  phoneSearch: (vendorId: string, includeOutlets: boolean, phone: string) =>
    ['orders', 'list', 'phone-search', vendorId, includeOutlets, phone] as const,
  /** Every page list of order history; its filters are part of the key. */
  histories: ['orders', 'list', 'history'] as const,
  history: (
    vendorId: string,
    includeOutlets: boolean,
    filters: { from: string; to: string; status: string; search: string; drill: Record<string, string> },
  ) => ['orders', 'list', 'history', vendorId, includeOutlets, filters] as const,
  /** Every single order: the order an edit starts from and the tracking detail share one copy. */
  details: ['orders', 'detail'] as const,
  detail: (vendorId: string, orderId: string) => ['orders', 'detail', vendorId, orderId] as const,
};

/** The order id of a key made by orderKeys.detail. */
export const orderIdOfDetailKey = (queryKey: readonly unknown[]): unknown => queryKey[3];

export const vendorKeys = {
  /** The signed-in user's vendors and outlets, as the branch selector lists them. */
  all: ['vendors'] as const,
};

export const flagKeys = {
  /** The country's flags, from the first provider that answers (spec §7); kept across logins. */
  all: ['flags'] as const,
  /** A vendor's flags as the API evaluates them for its merchants: forgotten at logout with the session's data. */
  vendors: ['vendor-flags'] as const,
  vendor: (vendorId: string) => ['vendor-flags', vendorId] as const,
};

export const countryParameterKeys = {
  detail: (name: CountryParameterName) => ['country-parameter', name] as const,
};

/** The geocoder's answers (spec §7 geolocator), read by the request flow and the collection point dialog. */
export const geoKeys = {
  autocomplete: (query: object) => ['geo', 'autocomplete', query] as const,
  placeDetails: (placeId: string) => ['geo', 'place-details', placeId] as const,
  reverse: (lat: number, lng: number) => ['geo', 'reverse', lat, lng] as const,
  addressBook: (vendorId: string, query: string) => ['geo', 'address-book', vendorId, query] as const,
};
