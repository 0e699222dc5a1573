import { TZDate } from '@date-fns/tz';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { paymentAndRefundStatus } from '@riderdesk/domain/order-history';
import { type OrderStatus, STATUS_GROUPS, STATUS_LABEL_KEYS } from '@riderdesk/domain/order-status';

// The columns of the history table (spec §2 "All orders"), then what reconciling needs beyond it: the
// status history times, voucher, VAT number and notes.
export const EXPORT_COLUMNS = [
  'order_id',
  'created_at',
  'outlet',
  'outlet_id',
  'customer_name',
  'customer_phone',
  'drop_off',
  'status',
  'rider',
  'delivery_fee',
  'discount',
  'amount',
  'total_amount',
  'collect_amount',
  'payment_method',
  'payment_status',
  'paid_amount',
  'refund_status',
  'refunded_amount',
  'card',
  'accepted_at',
  'picked_up_at',
  'delivered_at',
  'cancelled_at',
  'cancel_reason',
  'voucher_code',
  'vat_number',
  'customer_notes',
  'description',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];
export type ExportCell = string | number | null;

// OWASP "CSV injection": a spreadsheet reads a cell starting with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

export function startsLikeFormula(value: string): boolean {
  return FORMULA_START.test(value);
}

/** CSV has no cell types: a leading apostrophe makes a spreadsheet keep such a cell as text. */
export function neutraliseForCsv(cell: ExportCell): ExportCell {
  return typeof cell === 'string' && startsLikeFormula(cell) ? `'${cell}` : cell;
}

// A cell is quoted when it holds a comma, a quote or a line break (RFC 4180), as csv-stringify does.
const CSV_QUOTE_WHEN = /[",\n\r]/;

/**
 * One CSV record ended by a line feed, its cells neutralised (neutraliseForCsv) unless told otherwise: byte
 * for byte what csv-stringify writes with its default options (tested), without its per-cell option
 * handling, which cost about as much as the rest of the export (bench/README.md, order-history).
 */
export function csvRecord(cells: readonly ExportCell[], { neutralise = true } = {}): string {
  let record = '';
  for (let index = 0; index < cells.length; index++) {
    if (index > 0) record += ',';
    const cell = cells[index];
    if (cell === null || cell === undefined) continue;
    if (typeof cell === 'number') {
      record += String(cell);
      continue;
    }
    const text = neutralise && startsLikeFormula(cell) ? `'${cell}` : cell;
    record += CSV_QUOTE_WHEN.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  }
  return `${record}\n`;
}

// A zone's offset changes only at a quarter-hour of UTC (offsets are whole quarter-hours), so it is looked up
// once per quarter-hour of time: an export writes several times per row, and a time-zone-aware date-fns
// format costs about 50 µs where this costs 1 (bench/README.md, order-history).
const QUARTER_HOUR_MS = 900_000;
const ZONE_OFFSETS_KEPT = 100_000;
const zoneOffsets = new Map<string, Map<number, number>>();

/** `yyyy-MM-dd HH:mm:ss` of an instant in the time zone. */
export function zoneTimeFormatter(timeZone: string): (instantMs: number) => string {
  let offsets = zoneOffsets.get(timeZone);
  if (!offsets) {
    offsets = new Map();
    zoneOffsets.set(timeZone, offsets);
  }
  const cache = offsets;
  return (instantMs) => {
    const quarter = Math.floor(instantMs / QUARTER_HOUR_MS);
    let offsetMs = cache.get(quarter);
    if (offsetMs === undefined) {
      if (cache.size >= ZONE_OFFSETS_KEPT) cache.clear();
      offsetMs = -new TZDate(quarter * QUARTER_HOUR_MS, timeZone).getTimezoneOffset() * 60_000;
      cache.set(quarter, offsetMs);
    }
    return new Date(instantMs + offsetMs).toISOString().slice(0, 19).replace('T', ' ');
  };
}

/** Looks a dotted key up in a locale catalogue, falling back to the key itself. */
export type Translate = (key: string) => string;

function lastTimeOf(order: Order, statuses: readonly OrderStatus[]): string | null {
  for (let index = order.status_history.length - 1; index >= 0; index--) {
    const entry = order.status_history[index];
    if (entry && statuses.includes(entry.status)) return entry.created_at;
  }
  return null;
}

/** One row of the export; amounts stay numbers (major units) and times are written in the country zone. */
export function exportRow(order: Order, timeZone: string, t: Translate): ExportCell[] {
  const inZone = zoneTimeFormatter(timeZone);
  const time = (instant: string | null) => (instant === null ? null : inZone(Date.parse(instant)));
  // Card payments (decision 060): what was charged and what was refunded; empty for other methods.
  const payment = order.payment ? paymentAndRefundStatus(order.payment.status) : null;
  const cardStatus = (status: string) => t(`tracking.payment.card-status.${status}`);
  const cells: Record<ExportColumn, ExportCell> = {
    order_id: order.order_id,
    created_at: time(order.created_at),
    outlet: order.outlet_name,
    outlet_id: order.vendor_id,
    customer_name: order.customer.name,
    customer_phone: order.customer.phone_number,
    drop_off: order.customer.location.address,
    status: t(STATUS_LABEL_KEYS[order.status]),
    rider: order.rider?.name ?? null,
    delivery_fee: order.delivery_fee,
    discount: order.discount,
    amount: order.order.amount,
    total_amount: order.total_amount,
    collect_amount: order.collect_amount,
    payment_method: t(`tracking.payment-method.${order.order.payment_method}`),
    payment_status: payment ? cardStatus(payment.payment) : null,
    paid_amount: order.payment ? order.payment.paid_amount : null,
    refund_status: payment?.refund ? cardStatus(payment.refund) : null,
    refunded_amount: order.payment ? order.payment.refunded_amount : null,
    card: order.payment?.card ? `${order.payment.card.scheme} •••• ${order.payment.card.last4}` : null,
    accepted_at: time(lastTimeOf(order, ['COURIER_ACCEPTED_DELIVERY'])),
    picked_up_at: time(lastTimeOf(order, ['PICKED_UP'])),
    delivered_at: time(lastTimeOf(order, ['DELIVERED'])),
    cancelled_at: time(lastTimeOf(order, STATUS_GROUPS.cancelled)),
    cancel_reason: order.cancel_reason ? t(`cancel.reason.${order.cancel_reason}`) : null,
    voucher_code: order.voucher_code,
    vat_number: order.vat_number,
    customer_notes: order.customer.location.notes,
    description: order.order.description || null,
  };
  return EXPORT_COLUMNS.map((column) => cells[column]);
}

export function exportHeadings(t: Translate): string[] {
  return EXPORT_COLUMNS.map((column) => t(`history.export.column.${column}`));
}

/**
 * A string cell is never evaluated; the text number format keeps one that looks like a formula as text even
 * when someone edits the cell and presses enter.
 */
export function keepFormulaLikeCellsText(sheet: Record<string, unknown>): void {
  for (const [address, cell] of Object.entries(sheet)) {
    if (address.startsWith('!')) continue;
    const value = cell as { t?: string; v?: unknown; z?: string };
    if (value.t === 's' && typeof value.v === 'string' && startsLikeFormula(value.v)) value.z = '@';
  }
}
