import type { OrderPaymentStatus } from '@riderdesk/domain/contracts/order-payment';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { fromMinor } from '@riderdesk/domain/money';
import type { CancelReason } from '@riderdesk/domain/order-status';
import { pinTriesLeft } from '@riderdesk/domain/orders/handover-pin';
import type { Db } from '../../db/db.ts';
import { chargesOfRow } from './model.ts';
import { findOrder, findOrderOfVendor, type OrderRow } from './repo.ts';

/**
 * The one way an order row becomes the spec §7 Order: GET and PUT /order, the list, cancel's follow-up
 * reads and the live `order_update` all answer through it, so rider, ETAs, cancel_reason and
 * tracking_token never differ between them.
 */
export function toOrderView(row: OrderRow): Order {
  const { currency } = row;
  const charges = chargesOfRow(row);
  return {
    order_id: row.order_id,
    vendor_id: row.vendor_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    status: row.status,
    status_history: row.status_history,
    preordered_for: row.preordered_for ? Math.floor(row.preordered_for.getTime() / 1000) : null,
    delivery_fee: fromMinor(row.delivery_fee_minor, currency),
    customer: {
      name: row.customer_name,
      phone_number: row.customer_phone,
      location: {
        address: row.customer_address,
        latitude: row.customer_latitude,
        longitude: row.customer_longitude,
        notes: row.customer_notes,
      },
    },
    order: {
      amount: fromMinor(charges.amountMinor, currency),
      description: row.description ?? '',
      payment_method: row.payment_method as Order['order']['payment_method'],
    },
    rider:
      row.rider_id && row.rider_name ? { id: row.rider_id, name: row.rider_name, phone: row.rider_phone ?? '' } : null,
    outlet_name: row.outlet_name,
    is_customer_to_customer: row.sender_name !== null || row.sender_phone !== null || row.sender_email !== null,
    pickup: {
      name: row.sender_name || row.outlet_name,
      phone_number: row.sender_phone || row.outlet_phone || null,
      location: {
        address: row.pickup_address,
        latitude: row.pickup_latitude,
        longitude: row.pickup_longitude,
        notes: row.pickup_notes,
      },
    },
    age_validation_required: row.age_validation_required,
    handover_pin: row.handover_pin
      ? {
          checked_at: row.handover_pin_checked_at?.toISOString() ?? null,
          tries_left: pinTriesLeft(row.handover_pin_attempts),
          is_locked: row.handover_pin_checked_at === null && pinTriesLeft(row.handover_pin_attempts) === 0,
        }
      : null,
    customer_confirmation:
      row.customer_confirmation && row.confirm_by
        ? {
            state: row.customer_confirmation,
            confirm_by: row.confirm_by.toISOString(),
            confirmed_at: row.customer_confirmed_at?.toISOString() ?? null,
            confirmed_by: row.customer_confirmed_by ?? null,
          }
        : null,
    discount: fromMinor(charges.discountMinor, currency),
    total_amount: fromMinor(charges.totalMinor, currency),
    collect_amount: fromMinor(charges.collectMinor, currency),
    collect_at_pickup_amount: fromMinor(charges.collectAtPickupMinor, currency),
    fee_paid_by: charges.feePaidBy,
    notes: row.customer_notes,
    cancel_reason: (row.cancel_reason as CancelReason | null) ?? null,
    cancel_note: row.cancel_note ?? null,
    pickup_eta_minutes: row.pickup_eta_minutes,
    delivery_eta_minutes: row.delivery_eta_minutes,
    latest_arrival_at: row.latest_arrival_at ? row.latest_arrival_at.toISOString() : null,
    collection_type: row.preordered_for ? 'scheduled' : 'instant',
    voucher_code: row.voucher_code,
    vat_number: row.vat_number,
    tracking_token: row.tracking_token,
    ...(row.payment_status
      ? {
          payment: {
            status: row.payment_status as OrderPaymentStatus,
            paid_amount: fromMinor(row.paid_minor, currency),
            refunded_amount: fromMinor(row.refunded_minor, currency),
            card: row.card_scheme && row.card_last4 ? { scheme: row.card_scheme, last4: row.card_last4 } : null,
          },
        }
      : {}),
  };
}

export async function loadOrderView(db: Db, orderId: string): Promise<Order | null> {
  const row = await findOrder(db, orderId);
  return row ? toOrderView(row) : null;
}

/** An order of this vendor or of one of its outlets (a parent sees its outlets' orders). */
export async function loadOrderViewOfVendor(db: Db, orderId: string, vendorId: string): Promise<Order | null> {
  const row = await findOrderOfVendor(db, orderId, vendorId);
  return row ? toOrderView(row) : null;
}
