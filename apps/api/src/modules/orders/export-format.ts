import type { OrderPaymentStatus } from '@riderdesk/domain/contracts/order-payment';
import { fromMinor } from '@riderdesk/domain/money';
import { paymentAndRefundStatus } from '@riderdesk/domain/order-history';
import { STATUS_GROUPS, STATUS_LABEL_KEYS } from '@riderdesk/domain/order-status';
import { type ExportCell, exportTime } from '../../infra/spreadsheet.ts';
import { chargesOfRow } from './model.ts';
import type { ExportRecord, ExportSteps } from './repo.ts';

// The columns of the history table (spec §2 "All orders"), then what reconciling needs beyond it: the
// status history times, voucher, VAT number, age check and notes.
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
  'age_check',
  'customer_notes',
  'description',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

// Column widths in characters, for what each column usually holds (times are "yyyy-MM-dd HH:mm:ss").
const TIME = 20;
const AMOUNT = 12;
const EXPORT_COLUMN_WIDTHS: Record<ExportColumn, number> = {
  order_id: 16,
  created_at: TIME,
  outlet: 32,
  outlet_id: 24,
  customer_name: 20,
  customer_phone: 16,
  drop_off: 40,
  status: 18,
  rider: 18,
  delivery_fee: AMOUNT,
  discount: AMOUNT,
  amount: AMOUNT,
  total_amount: AMOUNT,
  collect_amount: AMOUNT,
  payment_method: 18,
  payment_status: 16,
  paid_amount: AMOUNT,
  refund_status: 16,
  refunded_amount: AMOUNT,
  card: 20,
  accepted_at: TIME,
  picked_up_at: TIME,
  delivered_at: TIME,
  cancelled_at: TIME,
  cancel_reason: 24,
  voucher_code: 14,
  vat_number: 16,
  age_check: 14,
  customer_notes: 30,
  description: 30,
};

// The widest a column opens, in characters: a longer value is still all there, under the cell's edge.
const MAX_COLUMN_WIDTH = 40;

/** A sheet column's width: what it usually holds, or its heading when that is longer (at most 40). */
export function columnWidth(usual: number, heading: string | undefined): number {
  return Math.min(MAX_COLUMN_WIDTH, Math.max(usual, (heading?.length ?? 0) + 2));
}

/** Each export column's width (columnWidth). */
export function exportColumnWidths(headings: readonly string[]): number[] {
  return EXPORT_COLUMNS.map((column, index) => columnWidth(EXPORT_COLUMN_WIDTHS[column], headings[index]));
}
/** Looks a dotted key up in a locale catalogue, falling back to the key itself. */
export type Translate = (key: string) => string;

/** The statuses whose last time each time column of an export shows. */
export const EXPORT_STEPS: ExportSteps = {
  accepted: ['COURIER_ACCEPTED_DELIVERY'],
  pickedUp: ['PICKED_UP'],
  delivered: ['DELIVERED'],
  cancelled: STATUS_GROUPS.cancelled,
};

/**
 * One row of the export; amounts stay numbers (major units) through the same charges as the order's view, and
 * times come written in the country zone by the export's read (`findExportBatch`).
 */
export function exportRow(order: ExportRecord, t: Translate): ExportCell[] {
  const { currency } = order;
  const charges = chargesOfRow(order);
  // Card payments (decision 060): what was charged and what was refunded; empty for other methods.
  const paymentStatus = order.payment_status as OrderPaymentStatus | null;
  const payment = paymentStatus ? paymentAndRefundStatus(paymentStatus) : null;
  const cardStatus = (status: string) => t(`tracking.payment.card-status.${status}`);
  const cells: Record<ExportColumn, ExportCell> = {
    order_id: order.order_id,
    created_at: exportTime(order.created_at),
    outlet: order.outlet_name,
    outlet_id: order.vendor_id,
    customer_name: order.customer_name,
    customer_phone: order.customer_phone,
    drop_off: order.customer_address,
    status: t(STATUS_LABEL_KEYS[order.status]),
    rider: order.rider_name,
    delivery_fee: fromMinor(order.delivery_fee_minor, currency),
    discount: fromMinor(charges.discountMinor, currency),
    amount: fromMinor(order.amount_minor ?? 0, currency),
    total_amount: fromMinor(charges.totalMinor, currency),
    collect_amount: fromMinor(charges.collectMinor, currency),
    payment_method: t(`tracking.payment-method.${order.payment_method}`),
    payment_status: payment ? cardStatus(payment.payment) : null,
    paid_amount: payment ? fromMinor(order.paid_minor ?? 0, currency) : null,
    refund_status: payment?.refund ? cardStatus(payment.refund) : null,
    refunded_amount: payment ? fromMinor(order.refunded_minor ?? 0, currency) : null,
    card: payment && order.card_scheme && order.card_last4 ? `${order.card_scheme} •••• ${order.card_last4}` : null,
    accepted_at: exportTime(order.accepted_at),
    picked_up_at: exportTime(order.picked_up_at),
    delivered_at: exportTime(order.delivered_at),
    cancelled_at: exportTime(order.cancelled_at),
    cancel_reason: order.cancel_reason ? t(`cancel.reason.${order.cancel_reason}`) : null,
    voucher_code: order.voucher_code,
    vat_number: order.vat_number,
    // spec §3 age_validation_required: the rider checks the customer's age at the door.
    age_check: order.age_validation_required ? t('history.export.age-check-required') : null,
    customer_notes: order.customer_notes,
    description: order.description || null,
  };
  return EXPORT_COLUMNS.map((column) => cells[column]);
}

export function exportHeadings(t: Translate): string[] {
  return EXPORT_COLUMNS.map((column) => t(`history.export.column.${column}`));
}
