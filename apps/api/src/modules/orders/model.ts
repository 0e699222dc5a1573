import type { OrderStatus, StatusHistoryEntry } from '@riderdesk/domain/order-status';
import type { ConfirmedBy, CustomerConfirmationState } from '@riderdesk/domain/orders/cash-confirmation';
import { type OrderCharges, orderCharges } from '@riderdesk/domain/orders/charges';
import type { OrderExceptionKind } from '@riderdesk/domain/orders/handover-pin';

// What the orders module tells other modules about an order: the shapes its services answer and the
// channel its changes are announced on. Other modules read orders through `orderRecords` (records.ts)
// and change them through the lifecycle, never through the repository (decision 034).

/** The columns a create writes (modules/orders/new-order.ts). */
export interface NewOrder {
  order_id: string;
  vendor_id: string;
  tracking_token: string;
  created_by: string | null;
  status: OrderStatus;
  /** Set for an order paid by card (payments module); absent otherwise. */
  payment_status?: string | null;
  created_at: Date;
  preordered_for: Date | null;
  currency: string;
  delivery_fee_minor: number;
  discount_minor: number;
  voucher_code: string | null;
  voucher_type: string | null;
  voucher_value: number | null;
  distance_m: number;
  pickup_eta_minutes: number;
  delivery_eta_minutes: number;
  /** The minutes to the drop-off given at request (pickup plus delivery ETA): insights' on-time promise. */
  requested_eta_minutes: number;
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  customer_notes: string | null;
  customer_latitude: number;
  customer_longitude: number;
  /** The e-mail channel's address and the language of the customer's messages (decision 175). */
  customer_email?: string | null;
  customer_language?: string | null;
  pickup_address: string | null;
  pickup_notes: string | null;
  pickup_latitude: number;
  pickup_longitude: number;
  sender_name: string | null;
  sender_email: string | null;
  sender_phone: string | null;
  amount_minor: number;
  description: string;
  payment_method: string;
  vat_number: string | null;
  age_validation_required: boolean;
  /** Four digits the rider must be given at the door (decision 175); null when the order has none. */
  handover_pin?: string | null;
  /** A cash order waiting for its customer to confirm before a rider is sent, and until when (decision 175). */
  customer_confirmation?: CustomerConfirmationState | null;
  confirm_by?: Date | null;
  login_pickup_estimation: number;
  /** An order placed through the merchant API: the client that placed it and the client's id for it. */
  api_client_id?: string | null;
  client_order_id?: string | null;
}

/** An order as every reader gets it: its row, its outlet, its rider and its status history. */
export interface OrderRow
  extends Omit<
    NewOrder,
    | 'created_by'
    | 'login_pickup_estimation'
    | 'pickup_eta_minutes'
    | 'delivery_eta_minutes'
    | 'requested_eta_minutes'
    | 'amount_minor'
    | 'description'
  > {
  updated_at: Date;
  // Nullable in the schema, though a create always fills them.
  pickup_eta_minutes: number | null;
  delivery_eta_minutes: number | null;
  amount_minor: number | null;
  description: string | null;
  /** When the order started waiting for a rider: the no_courier time limit counts from here. */
  dispatch_started_at: Date | null;
  offer_expires_at: Date | null;
  cancel_reason: string | null;
  /** The merchant's words with "Other reason". */
  cancel_note: string | null;
  latest_arrival_at: Date | null;
  /** Orders paid online (payments module); null for every other method. */
  payment_status: string | null;
  paid_minor: number;
  refunded_minor: number;
  card_scheme: string | null;
  card_last4: string | null;
  /** Wrong handover PINs a rider gave, and when the right one was given (decision 175). */
  handover_pin_attempts: number;
  handover_pin_checked_at: Date | null;
  customer_confirmed_at: Date | null;
  customer_confirmed_by: ConfirmedBy | null;
  /**
   * The exception the order is flagged with for a person to solve (`handover_pin_failed`: the rider gave the wrong
   * handover PIN too often), and since when; null when none (decision 175). The operators' live board reads these.
   */
  exception: OrderExceptionKind | null;
  exception_at: Date | null;
  outlet_name: string;
  outlet_phone: string | null;
  parent_vendor_id: string | null;
  rider_id: string | null;
  rider_name: string | null;
  rider_phone: string | null;
  rider_latitude: number | null;
  rider_longitude: number | null;
  rider_heading: number | null;
  rider_updated_at: Date | null;
  status_history: StatusHistoryEntry[];
}

/** The channel every committed order change is announced on (repo.ts `notifyOrderChange`). */
export const ORDER_CHANGES_CHANNEL = 'order_changes';

/** A customer of a vendor's past orders, for the address book. */
export interface CustomerRow {
  customer_phone: string;
  customer_name: string;
  customer_address: string;
  customer_notes: string | null;
  customer_latitude: number;
  customer_longitude: number;
}

/** The stored columns an order's money is computed from (a row, an export record, an order being placed). */
export type ChargedRow = Pick<OrderRow, 'delivery_fee_minor' | 'discount_minor' | 'payment_method'> & {
  amount_minor: number | null;
};

/** A stored order's columns as the input of `orderCharges`: an order without an amount has an item worth 0. */
export function chargeInputOf(row: ChargedRow): Parameters<typeof orderCharges>[0] {
  return {
    amountMinor: row.amount_minor ?? 0,
    deliveryFeeMinor: row.delivery_fee_minor,
    discountMinor: row.discount_minor,
    paymentMethod: row.payment_method,
  };
}

/** The money of a stored order (domain orders/charges.ts), for every reader of its row. */
export const chargesOfRow = (row: ChargedRow): OrderCharges => orderCharges(chargeInputOf(row));
