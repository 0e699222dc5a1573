import type { Order } from '@riderdesk/domain/contracts/orders';
import type { CancelReason } from '@riderdesk/domain/order-status';
import type { Db, SqlParam } from '../../db/db.ts';
import type { OrderRow } from './repo.ts';
import { toOrder } from './service.ts';

/** An order row with what live tracking adds: the rider, the cancel reason, the delay. */
export interface OrderViewRow extends OrderRow {
  parent_vendor_id: string | null;
  rider_id: string | null;
  rider_name: string | null;
  rider_phone: string | null;
  cancel_reason: string | null;
  latest_arrival_at: Date | null;
}

// The columns of repo.ts's SELECT_ORDER (kept in step by the OrderSchema check on every answer) plus ours.
export const selectOrderView = (extraColumns = '') => `
  select ${extraColumns} o.order_id, o.vendor_id, o.tracking_token, o.status, o.created_at, o.updated_at, o.preordered_for,
         o.currency, o.delivery_fee_minor::float8 as delivery_fee_minor, o.discount_minor::float8 as discount_minor,
         o.voucher_code, o.voucher_type, o.voucher_value::float8 as voucher_value, o.distance_m,
         o.pickup_eta_minutes, o.delivery_eta_minutes, o.customer_name, o.customer_phone, o.customer_address,
         o.customer_notes, o.customer_latitude, o.customer_longitude, o.pickup_latitude, o.pickup_longitude,
         o.amount_minor::float8 as amount_minor, o.description, o.payment_method, o.vat_number,
         o.age_validation_required, v.name as outlet_name, v.parent_vendor_id,
         o.rider_id::text as rider_id, r.name as rider_name, r.phone as rider_phone,
         o.cancel_reason, o.latest_arrival_at,
         coalesce((select json_agg(json_build_object('status', h.status, 'created_at', h.created_at) order by h.id)
                     from order_status_history h where h.order_id = o.order_id), '[]'::json) as status_history
    from orders o
    join vendors v on v.vendor_id = o.vendor_id
    left join riders r on r.id = o.rider_id`;
export const SELECT_ORDER_VIEW = selectOrderView();

export function toOrderView(row: OrderViewRow): Order {
  const order = toOrder(row);
  return {
    ...order,
    rider:
      row.rider_id && row.rider_name ? { id: row.rider_id, name: row.rider_name, phone: row.rider_phone ?? '' } : null,
    cancel_reason: (row.cancel_reason as CancelReason | null) ?? null,
    latest_arrival_at: row.latest_arrival_at ? row.latest_arrival_at.toISOString() : null,
  };
}

export async function findOrderViews(db: Db, where: string, params: readonly SqlParam[]): Promise<OrderViewRow[]> {
  return db.query<OrderViewRow>(`${SELECT_ORDER_VIEW} ${where}`, params);
}

export async function loadOrderView(db: Db, orderId: string): Promise<Order | null> {
  const [row] = await findOrderViews(db, 'where o.order_id = $1', [orderId]);
  return row ? toOrderView(row) : null;
}
