import type { OrderStatus } from '@riderdesk/domain/order-status';
import type { Db, SqlParam } from '../../../db/db.ts';
import type { OrderRow } from '../model.ts';

// The SQL every part of the orders repository shares: an order's columns, its status history, the announcement
// of a change, the digits of a phone and the LIKE pattern of a search (docs/decisions/032-one-orders-repository.md).

// A status history time as the domain reads it: an ISO instant in milliseconds, truncated as a Date truncates.
const ISO_MS = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The status history of one order, oldest entry first, from the covering index (migration 091), as one text of
 * `status time` pairs: splitting a text costs Node less than parsing JSON or two arrays (decision 103). Every
 * reader of orders asks for it so and reads it with `withStatusHistory`.
 */
export const statusHistoryOf = (orderId: string) =>
  `(select string_agg(h.status || ' ' || ${ISO_MS('h.created_at')}, ',' order by h.id)
      from order_status_history h where h.order_id = ${orderId})`;

// bigint and numeric columns come back as strings from node-postgres; float8 keeps them numbers (exact far
// beyond any order amount).
export const ORDER_COLUMNS = `
  o.order_id, o.vendor_id, o.tracking_token, o.status, o.created_at, o.updated_at, o.preordered_for,
  o.currency, o.delivery_fee_minor::float8 as delivery_fee_minor, o.discount_minor::float8 as discount_minor,
  o.voucher_code, o.voucher_type, o.voucher_value::float8 as voucher_value, o.distance_m,
  o.pickup_eta_minutes, o.delivery_eta_minutes, o.customer_name, o.customer_phone, o.customer_address,
  o.customer_notes, o.customer_latitude, o.customer_longitude, o.customer_email, o.customer_language,
  o.pickup_address, o.pickup_notes,
  o.pickup_latitude, o.pickup_longitude, o.sender_name, o.sender_email, o.sender_phone,
  o.amount_minor::float8 as amount_minor, o.description, o.payment_method, o.vat_number,
  o.age_validation_required, o.dispatch_started_at, o.offer_expires_at, o.cancel_reason, o.cancel_note,
  o.latest_arrival_at,
  o.payment_status, o.paid_minor::float8 as paid_minor, o.refunded_minor::float8 as refunded_minor, o.card_scheme,
  o.card_last4, o.api_client_id, o.client_order_id, o.handover_pin, o.handover_pin_attempts,
  o.handover_pin_checked_at, o.customer_confirmation, o.confirm_by, o.customer_confirmed_at,
  o.customer_confirmed_by, o.exception, o.exception_at,
  v.name as outlet_name, v.phone as outlet_phone, v.parent_vendor_id,
  o.rider_id::text as rider_id, r.name as rider_name, r.phone as rider_phone, r.latitude as rider_latitude,
  r.longitude as rider_longitude, r.heading as rider_heading, r.updated_at as rider_updated_at`;

export const ORDER_FROM = `
  from orders o
  join vendors v on v.vendor_id = o.vendor_id
  left join riders r on r.id = o.rider_id`;

// A parent vendor sees its outlets' orders too.
export const OF_VENDOR_OR_OUTLETS = (param: string) => `(o.vendor_id = ${param} or v.parent_vendor_id = ${param})`;

export async function selectOrders<T extends OrderRow = OrderRow>(
  db: Db,
  clauses: string,
  params: readonly SqlParam[],
  extraColumns = '',
): Promise<T[]> {
  const rows = await db.query<T & { history: string | null }>(
    `select ${extraColumns}${ORDER_COLUMNS}, ${statusHistoryOf('o.order_id')} as history ${ORDER_FROM} ${clauses}`,
    params,
  );
  return withStatusHistory(rows);
}

/** Rows read with `statusHistoryOf(…) as history`, their `status_history` entries filled in. */
export function withStatusHistory<T extends OrderRow>(rows: (T & { history: string | null })[]): T[] {
  for (const row of rows) {
    row.status_history = historyOf(row.history);
    row.history = null;
  }
  return rows;
}

/**
 * The announcement of a change of the order `alias` (joined with its vendor as `v`) on the channel `channel`:
 * what every listener reads (apps/api/src/modules/live).
 */
export const announcementOf = (channel: string, alias: string) =>
  `pg_notify(${channel}, json_build_object(
      'order_id', ${alias}.order_id, 'vendor_id', ${alias}.vendor_id, 'parent_vendor_id', v.parent_vendor_id,
      'updated_at', ${ISO_MS(`${alias}.updated_at`)})::text)`;

/**
 * The digits of a stored phone, as searches compare them with the domain's `phoneDigits`: the one expression,
 * which the btree index of migration 101 and the trigram index of migration 090 are built on.
 */
export const phoneDigitsOf = (column: string) => `translate(${column}, '+ ()-', '')`;

/** A LIKE pattern matching any text that contains `text` (backslash, the default escape, escapes). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `STATUS time,STATUS time` (statuses are identifiers, times ISO 8601): the entries, oldest first. */
function historyOf(text: string | null): OrderRow['status_history'] {
  if (!text) return [];
  return text.split(',').map((entry) => {
    const space = entry.lastIndexOf(' ');
    return { status: entry.slice(0, space) as OrderStatus, created_at: entry.slice(space + 1) };
  });
}
