import type { PublicC2cTracking, PublicReceipt, PublicTracking } from '@riderdesk/domain/contracts/public-tracking';
import { fromMinor } from '@riderdesk/domain/money';
import { isTerminal, lifecycleStage } from '@riderdesk/domain/order-lifecycle';
import {
  isInGroup,
  type OrderStatus,
  type PublicTrackingStage,
  publicTrackingStage,
  type StatusHistoryEntry,
  statusProgress,
} from '@riderdesk/domain/order-status';
import { orderCharges } from '@riderdesk/domain/orders/charges';
import type { Db } from '../../db/db.ts';
import { keyedError } from '../../errors.ts';

export type PublicTrackingService = ReturnType<typeof publicTrackingService>;

interface TrackingRow {
  order_id: string;
  status: OrderStatus;
  created_at: Date;
  updated_at: Date;
  preordered_for: Date | null;
  latest_arrival_at: Date | null;
  pickup_eta_minutes: number | null;
  delivery_eta_minutes: number | null;
  outlet_name: string;
  pickup_address: string | null;
  pickup_latitude: number;
  pickup_longitude: number;
  sender_name: string | null;
  /** The pickup is a private sender's address (a vendor without a saved outlet, spec §3), not a shop. */
  is_sender_pickup: boolean;
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  customer_latitude: number;
  customer_longitude: number;
  currency: string;
  delivery_fee_minor: number;
  discount_minor: number;
  amount_minor: number | null;
  payment_method: string;
  description: string | null;
  rider_name: string | null;
  rider_latitude: number | null;
  rider_longitude: number | null;
  rider_heading: number | null;
  rider_updated_at: Date | null;
  has_delivery_proof: boolean;
  status_history: StatusHistoryEntry[];
}

const notFound = () => keyedError(404, 'NotFound', 'error.tracking.not-found');

const firstName = (name: string | null) => (name ?? '').trim().split(/\s+/)[0] ?? '';

/** The district part of an address: its last two comma-separated parts, never the flat or the house. */
export function addressArea(address: string | null): string {
  const parts = (address ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.slice(-2).join(', ');
}

export function maskPhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.length <= 7) return '*'.repeat(digits.length);
  return `${digits.slice(0, 3)}${'*'.repeat(digits.length - 7)}${digits.slice(-4)}`;
}

// Coordinates of a private person are rounded to about 100 m: enough for the map, not a doorstep.
const rounded = (value: number) => Math.round(value * 1000) / 1000;

function firstTime(history: readonly StatusHistoryEntry[], statuses: readonly OrderStatus[]): string | null {
  return history.find((entry) => statuses.includes(entry.status))?.created_at ?? null;
}

export function publicTrackingService({ db }: { db: Db }) {
  async function find(token: string): Promise<TrackingRow> {
    const [row] = await db.query<TrackingRow>(
      `select o.order_id, o.status, o.created_at, o.updated_at, o.preordered_for, o.latest_arrival_at,
              o.pickup_eta_minutes, o.delivery_eta_minutes, v.name as outlet_name, o.pickup_address,
              o.pickup_latitude, o.pickup_longitude, o.sender_name,
              (o.sender_name is not null or o.sender_phone is not null or o.sender_email is not null)
                as is_sender_pickup,
              o.customer_name, o.customer_phone,
              o.customer_address, o.customer_latitude, o.customer_longitude, o.currency,
              o.delivery_fee_minor::float8 as delivery_fee_minor, o.discount_minor::float8 as discount_minor,
              o.amount_minor::float8 as amount_minor, o.payment_method, o.description,
              r.name as rider_name, r.latitude as rider_latitude, r.longitude as rider_longitude,
              r.heading as rider_heading, r.updated_at as rider_updated_at,
              exists (select 1 from order_proofs p where p.order_id = o.order_id and p.kind = 'delivery')
                as has_delivery_proof,
              coalesce((select json_agg(json_build_object('status', h.status, 'created_at', h.created_at) order by h.id)
                          from order_status_history h where h.order_id = o.order_id), '[]'::json) as status_history
         from orders o
         join vendors v on v.vendor_id = o.vendor_id
         left join riders r on r.id = o.rider_id
        where o.tracking_token = $1`,
      [token],
    );
    if (!row) throw notFound();
    row.status_history = row.status_history.map((entry) => ({
      status: entry.status,
      created_at: new Date(entry.created_at).toISOString(),
    }));
    return row;
  }

  function common(row: TrackingRow) {
    const order = { status: row.status, status_history: row.status_history };
    const stage = lifecycleStage(order);
    const isCancelled = isInGroup(row.status, 'cancelled');
    // The rider's position is shown while a rider has the order, and never after it is finished.
    const showsRider =
      row.rider_name !== null &&
      row.rider_latitude !== null &&
      !isTerminal(row.status) &&
      statusProgress(stage) >= statusProgress('ASSIGNED_TO_TRANSPORT');
    const timeline: { stage: PublicTrackingStage; at: string }[] = [];
    for (const entry of row.status_history) {
      const publicStage = publicTrackingStage(entry.status);
      if (publicStage && timeline.at(-1)?.stage !== publicStage)
        timeline.push({ stage: publicStage, at: entry.created_at });
    }
    return {
      status: row.status,
      stage: isCancelled ? null : publicTrackingStage(stage),
      is_cancelled: isCancelled,
      is_delayed: row.latest_arrival_at !== null && !isTerminal(row.status),
      latest_arrival_at: row.latest_arrival_at?.toISOString() ?? null,
      rider: showsRider
        ? {
            first_name: firstName(row.rider_name),
            latitude: row.rider_latitude!,
            longitude: row.rider_longitude!,
            heading: row.rider_heading,
            updated_at: (row.rider_updated_at ?? row.updated_at).toISOString(),
          }
        : null,
      pickup_eta_minutes: isTerminal(row.status) ? null : row.pickup_eta_minutes,
      delivery_eta_minutes: isTerminal(row.status) ? null : row.delivery_eta_minutes,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      preordered_for: row.preordered_for?.toISOString() ?? null,
      picked_up_at: firstTime(row.status_history, ['PICKED_UP']),
      delivered_at: firstTime(row.status_history, ['DELIVERED']),
      timeline,
    };
  }

  return {
    async tracking(token: string): Promise<PublicTracking> {
      const row = await find(token);
      return {
        ...common(row),
        // A shop is shown as it is; a private sender only as on the c2c page: district and ~100 m.
        outlet: row.is_sender_pickup
          ? {
              name: row.outlet_name,
              address: addressArea(row.pickup_address),
              latitude: rounded(row.pickup_latitude),
              longitude: rounded(row.pickup_longitude),
            }
          : {
              name: row.outlet_name,
              address: row.pickup_address,
              latitude: row.pickup_latitude,
              longitude: row.pickup_longitude,
            },
        destination: {
          area: addressArea(row.customer_address),
          latitude: rounded(row.customer_latitude),
          longitude: rounded(row.customer_longitude),
        },
        recipient_phone: maskPhone(row.customer_phone),
      };
    },

    async c2c(token: string): Promise<PublicC2cTracking> {
      const row = await find(token);
      return {
        ...common(row),
        sender: {
          first_name: firstName(row.sender_name ?? row.outlet_name),
          area: addressArea(row.pickup_address),
          latitude: rounded(row.pickup_latitude),
          longitude: rounded(row.pickup_longitude),
        },
        recipient: {
          first_name: firstName(row.customer_name),
          area: addressArea(row.customer_address),
          latitude: rounded(row.customer_latitude),
          longitude: rounded(row.customer_longitude),
        },
      };
    },

    async receipt(token: string): Promise<PublicReceipt> {
      const row = await find(token);
      const charges = orderCharges({
        amountMinor: row.amount_minor ?? 0,
        deliveryFeeMinor: row.delivery_fee_minor,
        discountMinor: row.discount_minor,
        paymentMethod: row.payment_method,
      });
      return {
        order_id: row.order_id,
        status: row.status,
        outlet_name: row.outlet_name,
        currency: row.currency,
        delivery_fee: fromMinor(charges.deliveryFeeMinor, row.currency),
        discount: fromMinor(charges.discountMinor, row.currency),
        amount: fromMinor(charges.amountMinor, row.currency),
        total_amount: fromMinor(charges.totalMinor, row.currency),
        collect_amount: fromMinor(charges.collectMinor, row.currency),
        fee_paid_by: charges.feePaidBy,
        payment_method: row.payment_method,
        description: row.description ?? '',
        destination_area: addressArea(row.customer_address),
        rider_first_name: row.rider_name ? firstName(row.rider_name) : null,
        created_at: row.created_at.toISOString(),
        picked_up_at: firstTime(row.status_history, ['PICKED_UP']),
        delivered_at: firstTime(row.status_history, ['DELIVERED']),
        has_delivery_proof: row.has_delivery_proof,
      };
    },
  };
}
