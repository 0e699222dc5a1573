import type { ApiOrder } from '@riderdesk/domain/contracts/merchant-api';
import { apiCancellationOf, apiStatusOf, apiTimelineOf } from '@riderdesk/domain/merchant-api/order-mapping';
import { fromMinor } from '@riderdesk/domain/money';
import { type CancelReason, isInGroup } from '@riderdesk/domain/order-status';
import { paths } from '@riderdesk/domain/paths';
import { chargesOfRow, type OrderRow } from '../../orders/model.ts';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * An order as pandago's Order (decision 153): our statuses and reasons in pandago's names, the pickup as the
 * sender, the customer as the recipient, times in unix seconds, the public tracking page as the tracking link.
 */
export function apiOrderOf(row: OrderRow, publicUrl: string): ApiOrder {
  const { currency } = row;
  const charges = chargesOfRow(row);
  const isCancelled = isInGroup(row.status, 'cancelled');
  return {
    order_id: row.order_id,
    ...(row.client_order_id ? { client_order_id: row.client_order_id } : {}),
    sender: {
      name: row.sender_name || row.outlet_name,
      phone_number: row.sender_phone || row.outlet_phone || '',
      location: {
        address: row.pickup_address ?? '',
        latitude: row.pickup_latitude,
        longitude: row.pickup_longitude,
      },
      notes: row.pickup_notes ?? '',
    },
    recipient: {
      name: row.customer_name,
      phone_number: row.customer_phone,
      location: {
        address: row.customer_address,
        latitude: row.customer_latitude,
        longitude: row.customer_longitude,
      },
      notes: row.customer_notes ?? '',
    },
    distance: row.distance_m,
    payment_method: row.payment_method,
    // spec §3: no order asks for a cold bag.
    coldbag_needed: false,
    amount: fromMinor(charges.amountMinor, currency),
    description: row.description ?? '',
    status: apiStatusOf(row.status, row.status_history),
    delivery_fee: fromMinor(row.delivery_fee_minor, currency),
    timeline: apiTimelineOf({
      status: row.status,
      updatedAt: row.updated_at,
      preorderedFor: row.preordered_for,
      pickupEtaMinutes: row.pickup_eta_minutes,
      deliveryEtaMinutes: row.delivery_eta_minutes,
      latestArrivalAt: row.latest_arrival_at,
    }),
    driver: {
      id: row.rider_id ?? '',
      name: row.rider_name ?? '',
      phone_number: row.rider_phone ?? '',
    },
    tracking_link: `${publicUrl}${paths.tracking(row.tracking_token)}`,
    created_at: seconds(row.created_at),
    updated_at: seconds(row.updated_at),
    preordered_for: row.preordered_for ? seconds(row.preordered_for) : null,
    ...(isCancelled ? { cancellation: apiCancellationOf(row.cancel_reason as CancelReason | null) } : {}),
    delivery_tasks: {
      age_validation_required: row.age_validation_required,
      handover_pin_required: Boolean(row.handover_pin),
      handover_pin_checked_at: row.handover_pin_checked_at ? seconds(row.handover_pin_checked_at) : null,
    },
    ...(row.customer_confirmation && row.confirm_by
      ? {
          customer_confirmation: {
            state: row.customer_confirmation,
            confirm_by: seconds(row.confirm_by),
            confirmed_at: row.customer_confirmed_at ? seconds(row.customer_confirmed_at) : null,
            ...(row.customer_confirmed_by ? { confirmed_by: row.customer_confirmed_by } : {}),
          },
        }
      : {}),
    ...(row.exception ? { exception: row.exception } : {}),
  };
}
