import { type HistoryDrill, ordersOfCancellationReason } from '@riderdesk/domain/insights/drill';
import {
  DELIVERY_MINUTE_BOUNDS,
  FINISHED_BUCKET_OF,
  PICKUP_WAIT_MINUTE_BOUNDS,
} from '@riderdesk/domain/insights/figures';
import { DELAYED_BACK_TO_NEW_HISTORY, type OrderStatus } from '@riderdesk/domain/order-status';
import type { Db, SqlParam } from '../../../db/db.ts';
import type { OrderRow } from '../model.ts';
import { minutesBetween, REQUESTED_AT, statusReachedAt } from '../order-measures.ts';
import {
  containsPattern,
  ORDER_COLUMNS,
  ORDER_FROM,
  phoneDigitsOf,
  statusHistoryOf,
  withStatusHistory,
} from './sql.ts';

// The history filters and search of spec §4: the page, its count and the export's batches.

export interface OrderPageQuery {
  vendorId: string;
  includeOutlets: boolean;
  /** Pre-orders only, filtered by their pre-ordered time instead of their creation. */
  isScheduled: boolean;
  from: string | null;
  to: string | null;
  /** The digits of one whole number in international form (the domain's `phoneDigits` of its E.164). */
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
  /** The narrowing of a click from insights, its weekday and hour read in `timeZone` (the country's). */
  drill?: (HistoryDrill & { timeZone: string }) | null;
  /** The last row of the previous page. */
  after: { at: string; id: string } | null;
  limit: number;
}

/** The conditions of an insights narrowing: the same facts as the rollups (insights/repo.ts) count. */
function drillWhere(drill: HistoryDrill & { timeZone: string }, param: (value: SqlParam) => string): string[] {
  const where: string[] = [];
  if (drill.weekday !== undefined || drill.hour !== undefined) {
    const local = `(o.created_at at time zone ${param(drill.timeZone)})`;
    if (drill.weekday !== undefined) where.push(`extract(isodow from ${local}) = ${param(drill.weekday)}`);
    if (drill.hour !== undefined) where.push(`extract(hour from ${local}) = ${param(drill.hour)}`);
  }
  if (drill.delivery_bucket !== undefined) {
    const deliveredAt = statusReachedAt('max', 'DELIVERED');
    where.push(
      `o.status = 'DELIVERED'`,
      `${deliveredAt} is not null`,
      `width_bucket(${minutesBetween(deliveredAt, REQUESTED_AT)}, ${param(DELIVERY_MINUTE_BOUNDS.map(String))}::float8[]) = ${param(drill.delivery_bucket)}`,
    );
  }
  if (drill.pickup_bucket !== undefined) {
    // Counted, as the rollups count it, once the order is finished.
    // greatest() passes over a null: an order never picked up, or whose rider never arrived, has no wait.
    const [pickedUpAt, arrivedAt] = [statusReachedAt('min', 'PICKED_UP'), statusReachedAt('max', 'NEAR_VENDOR')];
    const wait = minutesBetween(pickedUpAt, arrivedAt);
    where.push(
      `o.status = any(${param(Object.keys(FINISHED_BUCKET_OF))}::text[])`,
      `${pickedUpAt} is not null and ${arrivedAt} is not null`,
      `width_bucket(${wait}, ${param(PICKUP_WAIT_MINUTE_BOUNDS.map(String))}::float8[]) = ${param(drill.pickup_bucket)}`,
    );
  }
  if (drill.cancel_reason !== undefined) {
    const { status, cancelReasons } = ordersOfCancellationReason(drill.cancel_reason);
    where.push(`o.status = ${param(status)}`);
    if (cancelReasons) {
      const named = cancelReasons.filter((reason): reason is string => reason !== null);
      const orNone = cancelReasons.includes(null) ? ' or o.cancel_reason is null' : '';
      where.push(`(o.cancel_reason = any(${param(named)}::text[])${orNone})`);
    }
  }
  return where;
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
    where.push(`${phoneDigitsOf('o.customer_phone')} = ${param(query.customerPhone)}`);
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
           where ${phoneDigitsOf('s.customer_phone')} = ${param(wholePhone)}
              or lower(s.order_id) like ${pattern} or lower(replace(s.customer_name, ' ', '')) like ${pattern}))`,
      );
    } else {
      const matches = [
        contains('lower(o.order_id)', compact),
        contains(`lower(replace(o.customer_name, ' ', ''))`, compact),
      ];
      // A whole number is compared whole on this path too, so both find the same orders.
      if (wholePhone) matches.push(`${phoneDigitsOf('o.customer_phone')} = ${param(wholePhone)}`);
      else if (digits) matches.push(contains(phoneDigitsOf('o.customer_phone'), digits));
      where.push(`(${matches.join(' or ')})`);
    }
  }
  if (query.drill) where.push(...drillWhere(query.drill, param));
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
     select page.*, ${statusHistoryOf('page.order_id')} as history
       from page
      order by page.created_at desc, page.order_id desc`,
    params,
    // Planning this statement costs PostgreSQL about twice its execution. A page without a search takes few
    // shapes (the filters present), each kept prepared. A search is planned every time: how rare its term is
    // decides its plan (decision 090).
    { prepare: query.search === null },
  );
  return withStatusHistory(rows);
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
 * bench/LOG.md, order-history).
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
