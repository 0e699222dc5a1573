/**
 * The web app's addresses (spec §2 routes), written in this one place: the router's route patterns, and
 * a builder per route for every link the web app and the API make to a page (navigation, the e-mails'
 * links, the card payment's way back, the public tracking links). Every builder encodes each parameter, so
 * an id with a space, a slash or a `?` stays one segment or one value. `npm run lint:boundaries` fails on a
 * route path written by hand anywhere else.
 */

/** The host of the embedded help centre (served by the API); HELP_CENTRE_URL may name another one. */
export const EMBEDDED_HELP_CENTRE = '/help-centre';

/** spec §2: each route's pattern, as React Router reads it (`:name` a segment, `?` an optional one). */
export const ROUTE_PATTERNS = {
  landing: '/',
  connect: '/connect',
  register: '/register',
  forgotPassword: '/forgot-password',
  invitation: '/invitation',
  faq: '/faq',
  terms: '/termsandconditions',
  prohibitedItems: '/prohibiteditems-c2c',
  maintenance: '/maintenance',
  helpCentreFrame: `${EMBEDDED_HELP_CENTRE}/frame`,
  tracking: '/tracking/:orderID',
  deliveryReceipt: '/delivery-receipt/:orderID',
  trackingC2c: '/tracking-c2c/:orderID',
  requestARider: '/request-a-rider/:vendorID?',
  orderTracking: '/order-tracking/:vendorID?',
  history: '/history/:vendorID?',
  /** Insights (issue 39): a branch's deliveries in charts, beside History. */
  insights: '/insights/:vendorID?',
  /** Finance (issue 38): cash riders hold, settlements, statements, beside Insights. */
  finance: '/finance/:vendorID?',
  bulkOrder: '/bulk-order/:vendorID?/:bulkJobID?',
  helpCentre: '/helpcenter/:vendorID',
  /** Settings → Developers (issue 35): the merchant API's clients, webhooks and activity. */
  developers: '/settings/developers',
  /** Settings → Customer messages (issue 37): what each outlet tells its customers, and how. */
  customerMessages: '/settings/customer-messages',
} as const;

/** The first segment of every route but the landing page, each once: what the boundary checker looks for. */
export const ROUTE_PREFIXES: readonly string[] = [
  ...new Set(
    Object.values(ROUTE_PATTERNS)
      .map((pattern) => pattern.split('/')[1] ?? '')
      .filter((segment) => segment !== ''),
  ),
];

type Query = Record<string, string | number | null | undefined>;

/** `?a=1&b=2` of the values given (null and undefined left out), or '' when there are none. */
function queryOf(query: Query | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) search.set(name, String(value));
  }
  return search.size > 0 ? `?${search}` : '';
}

const segment = (value: string) => `/${encodeURIComponent(value)}`;
/** A section whose vendor segment is optional: without a vendor, the section itself. */
const section = (name: string, vendorId: string | null | undefined) => `/${name}${vendorId ? segment(vendorId) : ''}`;

/** spec §2: request-a-rider's query: `orderID` edits that order; a failed card payment is offered again. */
export type RequestQuery = { orderID?: string | null; retry_order_id?: string | null; payment_error?: string | null };
/** spec §2: tracking and history select an order with `order_id`; a failed card payment names its reason. */
export type OrderQuery = { order_id?: string | null; payment_error?: string | null };
/**
 * History opened on a period and a status (insights' bars and cells link there): `start` and `end` are calendar
 * days in the country's time zone, `status` a spec §4 filter value. History applies them as if chosen.
 */
export type HistoryQuery = Pick<OrderQuery, 'order_id'> & {
  start?: string | null;
  end?: string | null;
  status?: string | null;
  /** The narrowing of a click from insights (insights/drill.ts: HistoryDrillSchema). */
  weekday?: number | null;
  hour?: number | null;
  delivery_bucket?: number | null;
  pickup_bucket?: number | null;
  cancel_reason?: string | null;
};

export const paths = {
  landing: (query?: { verified?: 0 | 1 }) => `/${queryOf(query)}`,
  connect: () => ROUTE_PATTERNS.connect,
  register: () => ROUTE_PATTERNS.register,
  forgotPassword: () => ROUTE_PATTERNS.forgotPassword,
  /** The token rides in the fragment: browsers do not send it, so it stays out of every server's access log. */
  invitation: (token?: string) =>
    token === undefined ? ROUTE_PATTERNS.invitation : `${ROUTE_PATTERNS.invitation}#${new URLSearchParams({ token })}`,
  faq: () => ROUTE_PATTERNS.faq,
  terms: () => ROUTE_PATTERNS.terms,
  prohibitedItems: () => ROUTE_PATTERNS.prohibitedItems,
  maintenance: () => ROUTE_PATTERNS.maintenance,
  /** spec §2 public order pages, opened with the order's tracking token. */
  tracking: (token: string) => `/tracking${segment(token)}`,
  deliveryReceipt: (token: string) => `/delivery-receipt${segment(token)}`,
  trackingC2c: (token: string) => `/tracking-c2c${segment(token)}`,
  requestARider: (vendorId?: string | null, query?: RequestQuery) =>
    `${section('request-a-rider', vendorId)}${queryOf(query)}`,
  orderTracking: (vendorId?: string | null, query?: OrderQuery) =>
    `${section('order-tracking', vendorId)}${queryOf(query)}`,
  history: (vendorId?: string | null, query?: HistoryQuery) => `${section('history', vendorId)}${queryOf(query)}`,
  insights: (vendorId?: string | null) => section('insights', vendorId),
  finance: (vendorId?: string | null) => section('finance', vendorId),
  bulkOrder: (vendorId?: string | null) => section('bulk-order', vendorId),
  bulkJob: (vendorId: string, bulkJobId: string) => `/bulk-order${segment(vendorId)}${segment(bulkJobId)}`,
  helpCentre: (vendorId: string) => `/helpcenter${segment(vendorId)}`,
  /** Its tab is the `tab` query parameter, which the page writes itself (as history's `order_id`). */
  developers: () => ROUTE_PATTERNS.developers,
  /** Its outlet is the `vendor_id` query parameter, which the page writes itself. */
  customerMessages: () => ROUTE_PATTERNS.customerMessages,
} as const;

/** spec §2: an order's edit page, on the branch that placed it. */
export const editOrderPath = (order: { vendor_id: string; order_id: string }) =>
  paths.requestARider(order.vendor_id, { orderID: order.order_id });

/** The same path on the public address (PUBLIC_URL, or the page's origin): for links that leave the app. */
export const absolute = (origin: string, path: string) => `${origin.replace(/\/+$/, '')}${path}`;

/**
 * The operator console (issue 36, decision 171): a page of its own (console.html, its own bundle), so none of it
 * is in the merchant's pages. Kept apart from ROUTE_PATTERNS and `paths`, which the merchant's bundle holds.
 */
export const CONSOLE_ROUTE_PATTERNS = {
  console: '/console',
  consoleSignIn: '/console/sign-in',
  /** The first operator's link and the invitations' (the token rides in the fragment). */
  consoleSetUp: '/console/set-up',
  consoleOperators: '/console/operators',
  consoleAuditLog: '/console/audit-log',
  consoleBoard: '/console/board',
  consoleRiders: '/console/riders',
  consoleVendors: '/console/vendors',
  consoleVouchers: '/console/vouchers',
  consoleSupport: '/console/support',
  consoleSettings: '/console/settings',
} as const;

export const consolePaths = {
  /** The console's home: its first section the operator may open. */
  console: () => CONSOLE_ROUTE_PATTERNS.console,
  /** `next`: the console page to open once signed in. */
  consoleSignIn: (query?: { next?: string | null }) => `${CONSOLE_ROUTE_PATTERNS.consoleSignIn}${queryOf(query)}`,
  consoleSetUp: (token?: string) =>
    token === undefined
      ? CONSOLE_ROUTE_PATTERNS.consoleSetUp
      : `${CONSOLE_ROUTE_PATTERNS.consoleSetUp}#${new URLSearchParams({ token })}`,
  consoleOperators: () => CONSOLE_ROUTE_PATTERNS.consoleOperators,
  consoleAuditLog: (query?: { operator_id?: string | null; target_type?: string | null; target_id?: string | null }) =>
    `${CONSOLE_ROUTE_PATTERNS.consoleAuditLog}${queryOf(query)}`,
  consoleBoard: () => CONSOLE_ROUTE_PATTERNS.consoleBoard,
  consoleRiders: () => CONSOLE_ROUTE_PATTERNS.consoleRiders,
  /** `vendor`: the vendor whose page is open beside the list. */
  consoleVendors: (query?: { q?: string | null; vendor?: string | null }) =>
    `${CONSOLE_ROUTE_PATTERNS.consoleVendors}${queryOf(query)}`,
  consoleVouchers: () => CONSOLE_ROUTE_PATTERNS.consoleVouchers,
  /** `ticket`: the ticket opened beside the queue. */
  consoleSupport: (query?: { status?: string | null; ticket?: string | null }) =>
    `${CONSOLE_ROUTE_PATTERNS.consoleSupport}${queryOf(query)}`,
  consoleSettings: (query?: { tab?: string | null }) => `${CONSOLE_ROUTE_PATTERNS.consoleSettings}${queryOf(query)}`,
} as const;

/** The console's API calls sit under the API's prefix and this one: `/api/v1/console/…` (decision 169). */
export const CONSOLE_API_PREFIX = '/console';
/** The console finance section's API (issue 38), under the console's prefix. */
export const CONSOLE_FINANCE_API = `${CONSOLE_API_PREFIX}/finance`;
