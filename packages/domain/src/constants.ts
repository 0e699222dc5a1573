// spec §9: business constants and limits. Durations carry their unit in the name.

export const DESCRIPTION_MAX_LENGTH = 200;
export const NOTES_MAX_BYTES = 1000;
export const STREET_MAX_BYTES = 255;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*';
export const RESET_CODE_LENGTH = 6;
export const VAT_NUMBER_LENGTH = 8;

export const BULK_FILE_MAX_BYTES = 5_242_880;
export const BULK_FILE_EXTENSION = 'xlsx';
export const BULK_FILE_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const REGISTRATION_LINK_TTL_HOURS = 24;
export const ASAP_MINUTES = 60;
export const PREORDER_WINDOW_DAYS = 2;
export const PAYMENT_COMMITTED_CANCEL_MINUTES = 10;

export const AUTOCOMPLETE_DEBOUNCE_MS = 500;
// spec §5: the address book is searched only from this query length.
export const ADDRESS_BOOK_MIN_QUERY_LENGTH = 2;

export const FLAG_REFRESH_MS = 300_000;
export const FLAG_PROVIDER_TIMEOUT_MS = 2000;
export const FLAG_REFRESH_DEBOUNCE_MS = 400;

export const BUILD_CHECK_MS = 300_000;
export const BUILD_RELOAD_DELAY_MS = 3000;
export const OUTDATED_BUILD_NOTIFICATION_MS = 10_000;
export const CHUNK_LOAD_RETRY_COUNT = 10;
export const CHUNK_LOAD_RETRY_MS = 2000;

export const TOKEN_REFRESH_THRESHOLD_S = 600;
// spec §9: "every 1 hour minus 5 minutes".
export const HELP_CENTRE_TOKEN_REFRESH_MS = (60 - 5) * 60 * 1000;

// spec §9 "rider poll 2 s". Its idle, reconnect-check, queue and vendor-lookup polls have no counterpart here:
// the live connection pushes order and rider changes and reconnects with its own back-off (live-connection.ts).
export const RIDER_POLL_MS = 2000;

// spec §9: fallback active-deliveries refresh, checked only on the tracking route.
export const ACTIVE_DELIVERIES_CHECK_MS = 5000;
export const ACTIVE_DELIVERIES_STALE_FAST_MS = 60_000;
export const ACTIVE_DELIVERIES_STALE_MS = 300_000;

export const RETRY_COUNT = 3;
export const RETRY_DELAY_MS = 1000;
export const ADDRESS_BOOK_RETRY_COUNT = 1;
export const FEE_RETRY_DELAY_MS = 1000;

export const COUNTRY_PARAMETER_CACHE_MS = 300_000;

export const PAGE_SIZE_HISTORY = 30;
export const PAGE_SIZE_HISTORY_OUTLETS = 50;
export const PAGE_SIZE_ACTIVE = 200;
export const SEARCH_HISTORY_SIZE = 10;

export const NOTIFICATION_MS = {
  default: 3500,
  order: 5000,
  bulk: 7000,
  cancel: 7000,
  vendorFetch: 10_000,
  outdatedBuild: OUTDATED_BUILD_NOTIFICATION_MS,
} as const;

export const LOGIN_PICKUP_ESTIMATION = 15;
/** Upper bound of an order's login pickup estimation, in minutes (a day); it is stored as an integer. */
export const LOGIN_PICKUP_ESTIMATION_MAX = 24 * 60;
/**
 * Upper bound of any amount a client sends, in major units: far above a delivered item, and low enough
 * that its minor units stay exact in a double and fit the bigint columns.
 */
export const MONEY_MAX = 1_000_000_000;
/**
 * Upper bound of an order's amount, in major units (decision 129): ten million, far above anything a rider
 * carries, so a slip of the zeros (PKR 100,000,000) is refused with its reason instead of confirmed. The
 * browser's form, the server's order contracts and the shared spec §5 chain all read it.
 */
export const ORDER_AMOUNT_MAX = 10_000_000;
export const COUNTRY_ETA_MINIMUM = 8;
// spec §4: tracking says 'less than 5 minutes away' when the rider is near.
export const RIDER_NEAR_MINUTES = 5;
export const DRAWER_WIDTH = 384;
export const MAX_ITEM_WEIGHT_KG = 5;

export const DATE_PRESET_DAYS = { Yesterday: 1, PastWeek: 7, PastMonth: 30 } as const;

export const MAP_DEFAULT_ZOOM = 18;
// spec §9: fallback centre "in the middle of Australia".
export const MAP_FALLBACK_CENTER = { lat: -25.2744, lng: 133.7751 } as const;
export const BRANCH_MAP_ZOOM = 2;
export const BRANCH_MAP_ZOOM_WITH_PARENT = 12;
export const BRANCH_MAP_ZOOM_OUTLET = 17;
export const MAP_MARKER_SIZE = 65;
export const MAP_POLYGON_FILL_COLOR = 'orangered';
export const MAP_POLYGON_FILL_OPACITY = 0.2;

/** spec §9; PAY_AT_PICKUP is the pay-at-pickup choice: the rider collects the delivery fee at the pickup. */
export const PAYMENT_METHODS = [
  'NONE',
  'PAID',
  'CASH_ON_DELIVERY',
  'PAYMENT_ON_DELIVERY',
  'PAY_AT_PICKUP',
  'ONLINE_PAYMENT',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

// spec §4 "Bulk flow": bulk order payment types.
export const BULK_PAYMENT_TYPES = [
  'PAID',
  'CASH_ON_DELIVERY',
  'ONLINE_PAYMENT',
] as const satisfies readonly PaymentMethod[];
export type BulkPaymentType = (typeof BULK_PAYMENT_TYPES)[number];

/**
 * What a bulk row may be paid with: it is placed with no one at a card form, so it is paid in cash or was paid
 * already. An ONLINE_PAYMENT row is refused with that reason, and the template does not offer it (decision 117).
 */
export const BULK_OFFERED_PAYMENT_TYPES = ['PAID', 'CASH_ON_DELIVERY'] as const satisfies readonly BulkPaymentType[];

export const CARD_METHODS = ['cybersource_creditcard', 'generic_creditcard'] as const;
export type CardMethod = (typeof CARD_METHODS)[number];

// spec §3: order amount type values.
export const ORDER_AMOUNT_TYPES = ['amount', 'percentage', 'deliveryFee'] as const;
export type OrderAmountType = (typeof ORDER_AMOUNT_TYPES)[number];
