import { TERMINAL_STATUSES } from '@riderdesk/domain/order-lifecycle';
import { DELAYED_BACK_TO_NEW_HISTORY, type OrderStatus } from '@riderdesk/domain/order-status';
import type { ProofKind } from '@riderdesk/domain/orders/proofs';
import type { Db, SqlParam } from '../../db/db.ts';
import { type CustomerRow, type NewOrder, ORDER_CHANGES_CHANNEL, type OrderRow } from './model.ts';

// The one repository of the `orders`, `order_status_history` and `order_proofs` tables
// (docs/decisions/032-one-orders-repository.md).

export type { CustomerRow, NewOrder, OrderRow } from './model.ts';

/** What a change of an order may set; a key left undefined keeps its column. */
export interface OrderChanges {
  updated_at: Date;
  status?: OrderStatus;
  rider_id?: string | null;
  dispatch_started_at?: Date | null;
  offer_expires_at?: Date | null;
  cancel_reason?: string | null;
  cancel_note?: string | null;
  latest_arrival_at?: Date | null;
  pickup_eta_minutes?: number | null;
  delivery_eta_minutes?: number | null;
  delivery_fee_minor?: number;
  discount_minor?: number;
  distance_m?: number;
  customer_name?: string;
  customer_phone?: string;
  customer_address?: string;
  customer_notes?: string | null;
  customer_latitude?: number;
  customer_longitude?: number;
  amount_minor?: number;
  description?: string;
  payment_method?: string;
  preordered_for?: Date | null;
  payment_status?: string | null;
  paid_minor?: number;
  refunded_minor?: number;
  card_scheme?: string | null;
  card_last4?: string | null;
}

// Column names reach the SQL text, so only these do, whatever else an object carries at run time.
const CHANGEABLE_COLUMNS: Record<keyof OrderChanges, true> = {
  updated_at: true,
  status: true,
  rider_id: true,
  dispatch_started_at: true,
  offer_expires_at: true,
  cancel_reason: true,
  cancel_note: true,
  latest_arrival_at: true,
  pickup_eta_minutes: true,
  delivery_eta_minutes: true,
  delivery_fee_minor: true,
  discount_minor: true,
  distance_m: true,
  customer_name: true,
  customer_phone: true,
  customer_address: true,
  customer_notes: true,
  customer_latitude: true,
  customer_longitude: true,
  amount_minor: true,
  description: true,
  payment_method: true,
  preordered_for: true,
  payment_status: true,
  paid_minor: true,
  refunded_minor: true,
  card_scheme: true,
  card_last4: true,
};

// A status history time as the domain reads it: an ISO instant in milliseconds, truncated as a Date truncates.
const ISO_MS = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The status history of one order, oldest entry first, from the covering index (migration 091).
const STATUS_HISTORY = `coalesce((
    select json_agg(json_build_object('status', h.status, 'created_at', ${ISO_MS('h.created_at')}) order by h.id)
      from order_status_history h where h.order_id = o.order_id), '[]'::json) as status_history`;

// bigint and numeric columns come back as strings from node-postgres; float8 keeps them numbers (exact far
// beyond any order amount).
const ORDER_COLUMNS = `
  o.order_id, o.vendor_id, o.tracking_token, o.status, o.created_at, o.updated_at, o.preordered_for,
  o.currency, o.delivery_fee_minor::float8 as delivery_fee_minor, o.discount_minor::float8 as discount_minor,
  o.voucher_code, o.voucher_type, o.voucher_value::float8 as voucher_value, o.distance_m,
  o.pickup_eta_minutes, o.delivery_eta_minutes, o.customer_name, o.customer_phone, o.customer_address,
  o.customer_notes, o.customer_latitude, o.customer_longitude, o.pickup_address, o.pickup_notes,
  o.pickup_latitude, o.pickup_longitude, o.sender_name, o.sender_email, o.sender_phone,
  o.amount_minor::float8 as amount_minor, o.description, o.payment_method, o.vat_number,
  o.age_validation_required, o.dispatch_started_at, o.offer_expires_at, o.cancel_reason, o.cancel_note,
  o.latest_arrival_at,
  o.payment_status, o.paid_minor::float8 as paid_minor, o.refunded_minor::float8 as refunded_minor, o.card_scheme,
  o.card_last4,
  v.name as outlet_name, v.phone as outlet_phone, v.parent_vendor_id,
  o.rider_id::text as rider_id, r.name as rider_name, r.phone as rider_phone, r.latitude as rider_latitude,
  r.longitude as rider_longitude, r.heading as rider_heading, r.updated_at as rider_updated_at`;

const ORDER_FROM = `
  from orders o
  join vendors v on v.vendor_id = o.vendor_id
  left join riders r on r.id = o.rider_id`;

// A parent vendor sees its outlets' orders too.
const OF_VENDOR_OR_OUTLETS = (param: string) => `(o.vendor_id = ${param} or v.parent_vendor_id = ${param})`;

async function selectOrders<T extends OrderRow = OrderRow>(
  db: Db,
  clauses: string,
  params: readonly SqlParam[],
  extraColumns = '',
): Promise<T[]> {
  return db.query<T>(`select ${extraColumns}${ORDER_COLUMNS}, ${STATUS_HISTORY} ${ORDER_FROM} ${clauses}`, params);
}

export async function findOrder(db: Db, orderId: string): Promise<OrderRow | null> {
  const [row] = await selectOrders(db, 'where o.order_id = $1', [orderId]);
  return row ?? null;
}

/** An order of this vendor or of one of its outlets. */
export async function findOrderOfVendor(db: Db, orderId: string, vendorId: string): Promise<OrderRow | null> {
  const [row] = await selectOrders(db, `where o.order_id = $1 and ${OF_VENDOR_OR_OUTLETS('$2')}`, [orderId, vendorId]);
  return row ?? null;
}

/** The newest orders of the vendor and of its outlets (the help centre's order picker). */
export async function findRecentOrdersOfVendor(db: Db, vendorId: string, limit: number): Promise<OrderRow[]> {
  return selectOrders(db, `where ${OF_VENDOR_OR_OUTLETS('$1')} order by o.created_at desc, o.order_id desc limit $2`, [
    vendorId,
    limit,
  ]);
}

/** The order behind a public tracking link. */
export async function findOrderByTrackingToken(db: Db, token: string): Promise<OrderRow | null> {
  const [row] = await selectOrders(db, 'where o.tracking_token = $1', [token]);
  return row ?? null;
}

/** Oldest first, so a busy minute does not starve early orders. */
export async function findOrdersInStatus(db: Db, statuses: readonly OrderStatus[], limit: number) {
  return selectOrders(db, 'where o.status = any($1::text[]) order by o.created_at, o.order_id limit $2', [
    statuses,
    limit,
  ]);
}

/** Orders of the vendor (and of its outlets) changed after `since`, oldest change first. */
/**
 * Orders of the vendor (and its outlets) changed after `since`, oldest first, a page at a time: `afterOrderId`
 * is the last order of the previous page (whose `updated_at` is the next `since`), so orders changed in the
 * same millisecond are neither skipped nor repeated across pages.
 */
export async function findOrdersChangedSince(
  db: Db,
  vendorId: string,
  since: string,
  limit: number,
  afterOrderId: string | null = null,
) {
  return selectOrders(
    db,
    `where ${OF_VENDOR_OR_OUTLETS('$1')}
       and (o.updated_at > $2::timestamptz or (o.updated_at = $2::timestamptz and o.order_id > $4::text))
     order by o.updated_at, o.order_id limit $3`,
    [vendorId, since, limit, afterOrderId],
  );
}

export interface OrderPageQuery {
  vendorId: string;
  includeOutlets: boolean;
  /** Pre-orders only, filtered by their pre-ordered time instead of their creation. */
  isScheduled: boolean;
  from: string | null;
  to: string | null;
  /** Compared without spaces. */
  customerPhone: string | null;
  /** Only these statuses (spec §4 status filter); null for any. */
  statuses: readonly OrderStatus[] | null;
  /** With `statuses`, DELAYED orders of this bucket too, placed by their history (spec §4 buckets). */
  delayedBucket?: 'new' | 'collected' | null;
  /** With `statuses`, only pre-orders whose time is after this instant (the SCHEDULED filter). */
  preorderedAfter?: string | null;
  /**
   * spec §4 search, spaces already removed: part of the order id or of the customer's name, or (with
   * `phoneDigits`) digits of the customer's phone; with `wholePhoneDigits` the search is one whole number,
   * compared with each phone whole (decision 101).
   */
  search: { compact: string; phoneDigits: string | null; wholePhoneDigits?: string | null } | null;
  /**
   * Up to how many orders of the period a search reads them all instead of asking the trigram indexes
   * (SEARCH_SCAN_MAX_ROWS unless told).
   */
  searchScanMaxRows?: number;
  /** The last row of the previous page. */
  after: { at: string; id: string } | null;
  limit: number;
}

/** A LIKE pattern matching any text that contains `text` (backslash, the default escape, escapes). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The WHERE of the history filters, shared by the page and its count. */
function orderPageWhere(
  query: Omit<OrderPageQuery, 'limit'>,
  byIndex = false,
): { where: string[]; params: SqlParam[] } {
  const params: SqlParam[] = [query.vendorId];
  const param = (value: SqlParam) => {
    params.push(value);
    return `$${params.length}`;
  };
  // The outlets are listed first, so each vendor id reaches the (vendor_id, created_at, order_id) index
  // instead of an OR over a joined column (docs/decisions/045-order-history-queries.md).
  const where = [
    query.includeOutlets
      ? 'o.vendor_id = any(array(select vendor_id from vendors where vendor_id = $1 or parent_vendor_id = $1))'
      : 'o.vendor_id = $1',
  ];
  // A card payment that never succeeded placed no order for the merchant: declined, failed 3-D Secure, or
  // abandoned before anything was paid. Such an order stays readable by its id, marked "Payment failed".
  where.push(`o.status <> 'PAYMENT_FAILED'`, `not (o.status = 'PAYMENT_CANCELLED' and o.paid_minor = 0)`);
  const timeColumn = query.isScheduled ? 'o.preordered_for' : 'o.created_at';
  if (query.isScheduled) where.push('o.preordered_for is not null');
  if (query.from) where.push(`${timeColumn} >= ${param(query.from)}::timestamptz`);
  if (query.to) where.push(`${timeColumn} <= ${param(query.to)}::timestamptz`);
  if (query.customerPhone) {
    where.push(`replace(o.customer_phone, ' ', '') = ${param(query.customerPhone.replaceAll(' ', ''))}`);
  }
  if (query.statuses) {
    const inStatuses = `o.status = any(${param([...query.statuses])}::text[])`;
    if (query.delayedBucket) {
      const backToNew = DELAYED_BACK_TO_NEW_HISTORY.map(
        (statuses) =>
          `exists (select 1 from order_status_history h where h.order_id = o.order_id and h.status = any(${param([...statuses])}::text[]))`,
      ).join(' and ');
      const placed = query.delayedBucket === 'new' ? backToNew : `not (${backToNew})`;
      where.push(`(${inStatuses} or (o.status = 'DELAYED' and ${placed}))`);
    } else {
      where.push(inStatuses);
    }
    if (query.preorderedAfter) where.push(`o.preordered_for > ${param(query.preorderedAfter)}::timestamptz`);
  }
  if (query.search) {
    // Through the trigram indexes (migration 090), LIKE over their very expressions; over a small period,
    // position(), which no index serves, so the period's few orders are read and filtered. The term is data:
    // its backslash, % and _ are escaped for LIKE, and mean nothing to position().
    const compact = query.search.compact.toLowerCase();
    const digits = query.search.phoneDigits;
    const contains = (expression: string, text: string) =>
      byIndex ? `${expression} like ${param(containsPattern(text))}` : `position(${param(text)} in ${expression}) > 0`;
    const wholePhone = query.search.wholePhoneDigits;
    if (wholePhone && byIndex) {
      // One whole number (decision 101): its orders are few across all vendors, found through the digits'
      // btree (migration 101) and the two trigram indexes, then looked up by id. Asked as an array, the
      // planner cannot AND them with the period's bitmap (100 000 entries read for a handful of orders).
      const pattern = param(containsPattern(compact));
      where.push(
        `o.order_id = any(array(select s.order_id from orders s
           where translate(s.customer_phone, '+ ()-', '') = ${param(wholePhone)}
              or lower(s.order_id) like ${pattern} or lower(replace(s.customer_name, ' ', '')) like ${pattern}))`,
      );
    } else {
      const matches = [
        contains('lower(o.order_id)', compact),
        contains(`lower(replace(o.customer_name, ' ', ''))`, compact),
      ];
      // A whole number is compared whole on this path too, so both find the same orders.
      if (wholePhone) matches.push(`translate(o.customer_phone, '+ ()-', '') = ${param(wholePhone)}`);
      else if (digits) matches.push(contains(`translate(o.customer_phone, '+ ()-', '')`, digits));
      where.push(`(${matches.join(' or ')})`);
    }
  }
  if (query.after) {
    where.push(`(o.created_at, o.order_id) < (${param(query.after.at)}::timestamptz, ${param(query.after.id)})`);
  }
  return { where, params };
}

/**
 * A period of at most this many orders is searched by reading them all: a keyset scan of a few thousand
 * index entries is a few milliseconds, while the planner, which cannot tell how rare a term is, may join
 * the trigram indexes' answers with the period's (tens of milliseconds on a million orders).
 */
export const SEARCH_SCAN_MAX_ROWS = 5_000;

/**
 * Whether a search goes through the indexes: a whole phone number always, another term of three characters or
 * more over a large period (`searchScanMaxRows`, when given, decides for every term: the tests compare both).
 */
async function searchesByIndex(db: Db, query: Omit<OrderPageQuery, 'after' | 'limit'>): Promise<boolean> {
  if (!query.search) return false;
  // A whole number's few orders are found by index whatever the period (decision 101): no count first.
  if (query.search.wholePhoneDigits && query.searchScanMaxRows === undefined) return true;
  const shortest = Math.min(query.search.compact.length, query.search.phoneDigits?.length ?? Infinity);
  if (shortest < 3) return false;
  const most = query.searchScanMaxRows ?? SEARCH_SCAN_MAX_ROWS;
  const { where, params } = orderPageWhere({ ...query, search: null, statuses: null, after: null });
  params.push(most + 1);
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from orders o where ${where.join(' and ')} limit $${params.length}) p`,
    params,
  );
  return (row?.n ?? 0) > most;
}

/**
 * Newest first, keyset pages on (created_at, order_id); `cursor_at` keeps created_at's microseconds. Each
 * order's status history is read in the same query from the covering index (migration 091), as one text of
 * `status time` pairs: a lateral read per order costs PostgreSQL less than one grouped read over the page
 * (decision 103), and splitting a text costs Node less than parsing two arrays.
 */
export async function findOrderPage(db: Db, query: OrderPageQuery): Promise<(OrderRow & { cursor_at: string })[]> {
  const { where, params } = orderPageWhere(query, await searchesByIndex(db, query));
  params.push(query.limit);
  const rows = await db.query<OrderRow & { cursor_at: string; history: string | null }>(
    `with page as (
       select to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at, ${ORDER_COLUMNS}
         ${ORDER_FROM}
        where ${where.join(' and ')} order by o.created_at desc, o.order_id desc limit $${params.length})
     select page.*, history.history
       from page cross join lateral (
         select string_agg(h.status || ' ' || ${ISO_MS('h.created_at')}, ',' order by h.id) as history
           from order_status_history h where h.order_id = page.order_id) history
      order by page.created_at desc, page.order_id desc`,
    params,
    // Planning this statement costs PostgreSQL about twice its execution. A page without a search takes few
    // shapes (the filters present), each kept prepared. A search is planned every time: how rare its term is
    // decides its plan (decision 090).
    { prepare: query.search === null },
  );
  for (const row of rows) {
    row.status_history = historyOf(row.history);
    row.history = null;
  }
  return rows;
}

/** `STATUS time,STATUS time` (statuses are identifiers, times ISO 8601): the entries, oldest first. */
function historyOf(text: string | null): OrderRow['status_history'] {
  if (!text) return [];
  return text.split(',').map((entry) => {
    const space = entry.lastIndexOf(' ');
    return { status: entry.slice(0, space) as OrderStatus, created_at: entry.slice(space + 1) };
  });
}

/**
 * One order as an export writes it (decision 103): only the export's columns, its times already written in
 * the country zone (`yyyy-MM-dd HH:mm:ss`) by PostgreSQL, and of its status history only the last time of
 * each step the export shows.
 */
export interface ExportRecord {
  order_id: string;
  cursor_at: string;
  created_at: string;
  outlet_name: string;
  vendor_id: string;
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  customer_notes: string | null;
  status: OrderStatus;
  rider_name: string | null;
  currency: string;
  delivery_fee_minor: number;
  discount_minor: number;
  amount_minor: number | null;
  payment_method: string;
  payment_status: string | null;
  paid_minor: number | null;
  refunded_minor: number | null;
  card_scheme: string | null;
  card_last4: string | null;
  accepted_at: string | null;
  picked_up_at: string | null;
  delivered_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  voucher_code: string | null;
  vat_number: string | null;
  age_validation_required: boolean;
  description: string | null;
}

/** The statuses whose last time an export writes, each in its own column. */
export interface ExportSteps {
  accepted: readonly OrderStatus[];
  pickedUp: readonly OrderStatus[];
  delivered: readonly OrderStatus[];
  cancelled: readonly OrderStatus[];
}

/**
 * A keyset batch of the history filters' orders for an export: the page's WHERE and order, but a narrow row
 * with its times formatted in `timeZone` by the database (decision 103; its read against the page's in
 * bench/README.md, order-history).
 */
export async function findExportBatch(
  db: Db,
  query: OrderPageQuery,
  timeZone: string,
  steps: ExportSteps,
): Promise<ExportRecord[]> {
  const { where, params } = orderPageWhere(query, await searchesByIndex(db, query));
  const param = (value: SqlParam) => {
    params.push(value);
    return `$${params.length}`;
  };
  const limit = param(query.limit);
  const zone = param(timeZone);
  const local = (column: string) => `to_char(${column} at time zone ${zone}, 'YYYY-MM-DD HH24:MI:SS')`;
  // A step's time is its latest entry's: the order's few history entries, from the covering index.
  const lastOf = (statuses: readonly OrderStatus[]) =>
    `max(h.created_at) filter (where h.status = any(${param([...statuses])}::text[]))`;
  return db.query<ExportRecord>(
    `with page as (
       select o.order_id, o.created_at, o.vendor_id, v.name as outlet_name, o.customer_name, o.customer_phone,
              o.customer_address, o.customer_notes, o.status, r.name as rider_name, o.currency,
              o.delivery_fee_minor::float8 as delivery_fee_minor, o.discount_minor::float8 as discount_minor,
              o.amount_minor::float8 as amount_minor, o.payment_method, o.payment_status,
              o.paid_minor::float8 as paid_minor, o.refunded_minor::float8 as refunded_minor, o.card_scheme,
              o.card_last4, o.cancel_reason, o.voucher_code, o.vat_number, o.age_validation_required, o.description
         ${ORDER_FROM}
        where ${where.join(' and ')} order by o.created_at desc, o.order_id desc limit ${limit})
     select page.order_id, to_char(page.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
            ${local('page.created_at')} as created_at, page.outlet_name, page.vendor_id, page.customer_name,
            page.customer_phone, page.customer_address, page.customer_notes, page.status, page.rider_name,
            page.currency, page.delivery_fee_minor, page.discount_minor, page.amount_minor, page.payment_method,
            page.payment_status, page.paid_minor, page.refunded_minor, page.card_scheme, page.card_last4,
            ${local('steps.accepted_at')} as accepted_at, ${local('steps.picked_up_at')} as picked_up_at,
            ${local('steps.delivered_at')} as delivered_at, ${local('steps.cancelled_at')} as cancelled_at,
            page.cancel_reason, page.voucher_code, page.vat_number, page.age_validation_required, page.description
       from page cross join lateral (
         select ${lastOf(steps.accepted)} as accepted_at, ${lastOf(steps.pickedUp)} as picked_up_at,
                ${lastOf(steps.delivered)} as delivered_at, ${lastOf(steps.cancelled)} as cancelled_at
           from order_status_history h where h.order_id = page.order_id) steps
      order by page.created_at desc, page.order_id desc`,
    params,
  );
}

/** How many orders the history filters select (an e-mailed export's progress total). */
export async function countOrderPage(db: Db, query: Omit<OrderPageQuery, 'after' | 'limit'>): Promise<number> {
  const { where, params } = orderPageWhere({ ...query, after: null }, await searchesByIndex(db, query));
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from orders o where ${where.join(' and ')}`,
    params,
  );
  return row?.n ?? 0;
}

export async function countOrdersOfVendor(db: Db, vendorId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from orders o join vendors v on v.vendor_id = o.vendor_id
      where ${OF_VENDOR_OR_OUTLETS('$1')}`,
    [vendorId],
  );
  return row?.n ?? 0;
}

/**
 * Locks the order row, so every change of one order (an edit, a lifecycle step) is serialised, across API
 * instances too. With `vendorId`, only an order placed by that vendor is locked.
 */
export async function lockOrder(tx: Db, orderId: string, vendorId?: string): Promise<OrderRow | null> {
  const locked = vendorId
    ? await tx.query('select 1 from orders where order_id = $1 and vendor_id = $2 for update', [orderId, vendorId])
    : await tx.query('select 1 from orders where order_id = $1 for update', [orderId]);
  if (locked.length === 0) return null;
  return findOrder(tx, orderId);
}

/** `count` new order numbers from the one sequence, in one statement. */
export async function nextOrderNumbers(tx: Db, count: number): Promise<string[]> {
  const rows = await tx.query<{ n: string }>(
    `select nextval('order_number_seq')::text as n from generate_series(1, $1::int)`,
    [count],
  );
  return rows.map((row) => row.n);
}

/**
 * Inserts new orders, one statement per shape of row (a card order also sets payment_status): a chunk of
 * bulk rows is one statement instead of one each. A column a row leaves out keeps its default. The same
 * statement (data-modifying CTEs) writes each order's first status_history entry — the status it was written
 * with, at its creation — and announces it on `order_changes` as `notifyOrderChanges` does: one round trip
 * to the database instead of three.
 */
export async function insertOrdersAnnounced(tx: Db, orders: readonly NewOrder[]): Promise<void> {
  const byShape = new Map<string, NewOrder[]>();
  for (const order of orders) {
    const shape = Object.keys(order).join(',');
    const same = byShape.get(shape);
    if (same) same.push(order);
    else byShape.set(shape, [order]);
  }
  for (const [shape, same] of byShape) {
    const columns = shape.split(',') as (keyof NewOrder)[];
    const createdAt = columns.indexOf('created_at');
    const values: SqlParam[] = [];
    const tuples = same.map((order) => {
      const base = values.length;
      for (const column of columns) values.push((order[column] ?? null) as SqlParam);
      const placeholders = columns.map((_, index) => `$${base + index + 1}`);
      return `(${placeholders.join(', ')}, $${base + createdAt + 1})`;
    });
    const insert = `insert into orders (${columns.join(', ')}, updated_at) values ${tuples.join(', ')}`;
    values.push(ORDER_CHANGES_CHANNEL);
    await tx.query(
      `with inserted as (${insert} returning order_id, vendor_id, status, created_at, updated_at),
            history as (
              insert into order_status_history (order_id, status, created_at)
              select order_id, status, created_at from inserted
            )
       select pg_notify($${values.length}, json_build_object(
           'order_id', i.order_id, 'vendor_id', i.vendor_id, 'parent_vendor_id', v.parent_vendor_id,
           'updated_at', to_char(i.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text)
         from inserted i join vendors v on v.vendor_id = i.vendor_id`,
      values,
    );
  }
}

/** The key a create claims (decision 021): its owner, the key and the hash of the body it was sent with. */
export interface OrderKeyClaim {
  owner: string;
  key: string;
  requestHash: string;
  expiresAt: Date;
}

/** What `insertOrderOnce` did: the order it placed, or the completed answer already stored under the key. */
export type OrderOnceResult =
  | { kind: 'placed'; orderId: string }
  | { kind: 'stored'; requestHash: string; statusCode: number | null; response: unknown }
  /** The key is held by a request that committed while this statement ran (a concurrent duplicate). */
  | { kind: 'held' };

/**
 * One order — its number drawn from `order_number_seq`, its first status_history entry, its announcement on
 * `order_changes` — and, with a claim, its Idempotency-Key and the answer that key replays, in one statement
 * (decision 100): it commits or fails as a whole, so no explicit transaction is needed. The key is claimed as
 * the transaction of decision 021 claimed it: `insert … on conflict do update … where expired`, so a concurrent
 * duplicate waits on the primary key until the first commits and then places nothing. A key already completed
 * before the statement began answers with its stored row; one completed while it waited answers `held`, and the
 * caller reads it afterwards.
 */
export async function insertOrderOnce(
  db: Db,
  order: Omit<NewOrder, 'order_id'>,
  orderIdPrefix: string,
  claim: OrderKeyClaim | null,
): Promise<OrderOnceResult> {
  const columns = Object.keys(order) as (keyof typeof order)[];
  const values: SqlParam[] = columns.map((column) => (order[column] ?? null) as SqlParam);
  const param = (value: SqlParam) => {
    values.push(value);
    return `$${values.length}`;
  };
  const createdAt = `$${columns.indexOf('created_at') + 1}`;
  const orderId = `${param(orderIdPrefix)} || '-' || number.n`;
  const channel = param(ORDER_CHANGES_CHANNEL);
  let claimed = '';
  let stored = '';
  if (claim) {
    const [owner, key] = [param(claim.owner), param(claim.key)];
    claimed = `claimed as (
         insert into idempotency_keys as k (owner, key, request_hash, created_at, expires_at, status_code, response)
         select ${owner}, ${key}, ${param(claim.requestHash)}, ${createdAt}, ${param(claim.expiresAt)},
                200, jsonb_build_object('result', jsonb_build_object('order_id', ${orderId}))
           from number
         on conflict (owner, key) do update
           set request_hash = excluded.request_hash, created_at = excluded.created_at,
               expires_at = excluded.expires_at, status_code = excluded.status_code, response = excluded.response
           where k.expires_at <= excluded.created_at
         returning owner
       ),`;
    // The statement's snapshot shows a key committed before it began; not one it waited for.
    stored = `union all
       select 'stored', null, k.request_hash, k.status_code, k.response
         from idempotency_keys k
        where k.owner = ${owner} and k.key = ${key} and k.expires_at > ${createdAt}
          and not exists (select 1 from claimed)`;
  }
  const rows = await db.query<{
    kind: 'placed' | 'stored';
    order_id: string | null;
    request_hash: string | null;
    status_code: number | null;
    response: unknown;
  }>(
    `with number as (select nextval('order_number_seq')::text as n),
          ${claimed}
          inserted as (
            insert into orders (${columns.join(', ')}, order_id, updated_at)
            select ${columns.map((_, index) => `$${index + 1}`).join(', ')}, ${orderId}, ${createdAt}
              from number ${claim ? 'where exists (select 1 from claimed)' : ''}
            returning order_id, vendor_id, status, created_at, updated_at
          ),
          history as (
            insert into order_status_history (order_id, status, created_at)
            select order_id, status, created_at from inserted
          ),
          announced as (
            select i.order_id, pg_notify(${channel}, json_build_object(
                'order_id', i.order_id, 'vendor_id', i.vendor_id, 'parent_vendor_id', v.parent_vendor_id,
                'updated_at', to_char(i.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text)
              from inserted i join vendors v on v.vendor_id = i.vendor_id
          )
     select 'placed' as kind, order_id, null as request_hash, null::int as status_code, null::jsonb as response
       from announced
     ${stored}`,
    values,
    // One text per shape of order (a sender, a voucher, a pre-order change the columns): a few at most.
    { prepare: true },
  );
  const [row] = rows;
  if (row?.kind === 'placed') return { kind: 'placed', orderId: row.order_id! };
  if (row?.kind === 'stored') {
    return { kind: 'stored', requestHash: row.request_hash!, statusCode: row.status_code, response: row.response };
  }
  return { kind: 'held' };
}

export async function updateOrder(tx: Db, orderId: string, changes: OrderChanges): Promise<void> {
  const columns = (Object.keys(changes) as (keyof OrderChanges)[]).filter(
    (column) => CHANGEABLE_COLUMNS[column] === true && changes[column] !== undefined,
  );
  const assignments = columns.map((column, index) => `${column} = $${index + 2}`);
  await tx.query(`update orders set ${assignments.join(', ')} where order_id = $1`, [
    orderId,
    ...columns.map((column) => changes[column] ?? null),
  ]);
}

/** Appends to the order's status_history (spec §3). */
export async function insertStatus(tx: Db, orderId: string, status: OrderStatus, at: Date): Promise<void> {
  await insertStatuses(tx, [orderId], status, at);
}

/** Appends the same entry to the status_history of several orders, in one statement. */
export async function insertStatuses(
  tx: Db,
  orderIds: readonly string[],
  status: OrderStatus,
  at: Date,
): Promise<void> {
  await tx.query(
    `insert into order_status_history (order_id, status, created_at)
     select id, $2, $3 from unnest($1::text[]) with ordinality as o(id, n) order by n`,
    [orderIds, status, at],
  );
}

/**
 * Announces an order change on `order_changes`. Called inside the change's transaction: PostgreSQL (and
 * PGlite) deliver it only on commit, so listeners never load a change that was rolled back and a committed
 * change is never left unannounced.
 */
export async function notifyOrderChange(tx: Db, orderId: string): Promise<void> {
  await notifyOrderChanges(tx, [orderId]);
}

/** One announcement per order (as `notifyOrderChange`), in one statement. */
export async function notifyOrderChanges(tx: Db, orderIds: readonly string[]): Promise<void> {
  await tx.query(
    `select pg_notify($1, json_build_object(
        'order_id', o.order_id, 'vendor_id', o.vendor_id, 'parent_vendor_id', v.parent_vendor_id,
        'updated_at', to_char(o.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text)
       from orders o join vendors v on v.vendor_id = o.vendor_id where o.order_id = any($2::text[])`,
    [ORDER_CHANGES_CHANNEL, orderIds],
  );
}

/** Whether the rider is on an unfinished order of one of these vendors (GET /riders/{id}). */
export async function isRiderOnOrdersOf(db: Db, riderId: string, vendorIds: readonly string[]): Promise<boolean> {
  const rows = await db.query(
    `select 1 from orders
      where rider_id = $1 and vendor_id = any($2::text[]) and status <> all($3::text[]) limit 1`,
    [riderId, vendorIds, TERMINAL_STATUSES],
  );
  return rows.length > 0;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Distinct customers of one vendor's orders, each with the latest order's name and address; matched on
 * phone, name or address, ignoring spaces (as the order search of spec §4).
 */
export async function findCustomersOfVendor(
  db: Db,
  vendorId: string,
  query: { text: string; phoneDigits: string | null },
  limit: number,
): Promise<CustomerRow[]> {
  const pattern = `%${escapeLike(query.text.replace(/\s+/g, ''))}%`;
  const phonePattern = query.phoneDigits ? `%${query.phoneDigits}%` : null;
  return db.query<CustomerRow>(
    `select * from (
       select distinct on (customer_phone)
              customer_phone, customer_name, customer_address, customer_notes,
              customer_latitude, customer_longitude, created_at
         from orders
        where vendor_id = $1
        order by customer_phone, created_at desc
     ) latest
     where replace(customer_phone, ' ', '') ilike $2
        or regexp_replace(customer_phone, '\\D', '', 'g') like $4
        or replace(customer_name, ' ', '') ilike $2
        or replace(customer_address, ' ', '') ilike $2
     order by created_at desc
     limit $3`,
    [vendorId, pattern, limit, phonePattern],
  );
}

// --- Proof photos

export async function saveProof(
  tx: Db,
  proof: { orderId: string; kind: ProofKind; contentType: string; bytes: Buffer; riderId: string | null; at: Date },
): Promise<void> {
  // Bytes travel as base64 text: the Db surface takes text parameters on both engines.
  await tx.query(
    `insert into order_proofs (order_id, kind, content_type, bytes, rider_id, created_at)
     values ($1, $2, $3, decode($4, 'base64'), $5, $6)
     on conflict (order_id, kind) do update
       set content_type = excluded.content_type, bytes = excluded.bytes, rider_id = excluded.rider_id,
           created_at = excluded.created_at`,
    [proof.orderId, proof.kind, proof.contentType, proof.bytes.toString('base64'), proof.riderId, proof.at],
  );
}

export async function findProofOfVendors(
  db: Db,
  orderId: string,
  kind: ProofKind,
  vendorIds: readonly string[],
): Promise<{ content_type: string; bytes: Buffer } | null> {
  const [row] = await db.query<{ content_type: string; data: string }>(
    `select p.content_type, encode(p.bytes, 'base64') as data
       from order_proofs p join orders o on o.order_id = p.order_id
      where p.order_id = $1 and p.kind = $2 and o.vendor_id = any($3::text[])`,
    [orderId, kind, vendorIds],
  );
  return row ? { content_type: row.content_type, bytes: Buffer.from(row.data, 'base64') } : null;
}

export async function hasProof(db: Db, orderId: string, kind: ProofKind): Promise<boolean> {
  const rows = await db.query('select 1 from order_proofs where order_id = $1 and kind = $2', [orderId, kind]);
  return rows.length > 0;
}

/** Where a vendor's newest order was collected: a guest's pickup, kept when its orders move to an account. */
export async function findLatestPickupOfVendor(
  db: Db,
  vendorId: string,
): Promise<{ address: string | null; notes: string | null; latitude: number; longitude: number } | null> {
  const [row] = await db.query<{
    pickup_address: string | null;
    pickup_notes: string | null;
    pickup_latitude: number;
    pickup_longitude: number;
  }>(
    `select pickup_address, pickup_notes, pickup_latitude, pickup_longitude from orders
      where vendor_id = $1 order by created_at desc, order_id desc limit 1`,
    [vendorId],
  );
  return row
    ? {
        address: row.pickup_address,
        notes: row.pickup_notes,
        latitude: row.pickup_latitude,
        longitude: row.pickup_longitude,
      }
    : null;
}

/** Moves every order of one vendor to another (a guest's orders into the business it registers). */
export async function moveOrdersToVendor(db: Db, fromVendorId: string, toVendorId: string): Promise<number> {
  const rows = await db.query<{ order_id: string }>(
    'update orders set vendor_id = $2 where vendor_id = $1 returning order_id',
    [fromVendorId, toVendorId],
  );
  return rows.length;
}
