import type { PublicC2cTracking, PublicReceipt, PublicTracking } from '@riderdesk/domain/contracts/public-tracking';
import { addressArea as areaOfAddress } from '@riderdesk/domain/geo/address-area';
import { fromMinor } from '@riderdesk/domain/money';
import { isOverlayStatus, isTerminal, lifecycleStage } from '@riderdesk/domain/order-lifecycle';
import {
  isInGroup,
  type OrderStatus,
  type PublicTrackingStage,
  publicTrackingStage,
  STATUS_GROUPS,
  type StatusHistoryEntry,
  statusProgress,
} from '@riderdesk/domain/order-status';
import { maskPhone } from '@riderdesk/domain/phone';
import { keyedError } from '../../errors.ts';
import { chargesOfRow, type OrderRow } from '../orders/model.ts';
import type { OrderRecords } from '../orders/records.ts';

export type PublicTrackingService = ReturnType<typeof publicTrackingService>;

const notFound = () => keyedError(404, 'NotFound', 'error.tracking.not-found');

const firstName = (name: string | null) => (name ?? '').trim().split(/\s+/)[0] ?? '';

/** The pickup is a private sender's address (a vendor without a saved outlet, spec §3), not a shop. */
const isSenderPickup = (row: OrderRow) =>
  row.sender_name !== null || row.sender_phone !== null || row.sender_email !== null;

// Coordinates of a private person are rounded to about 100 m: enough for the map, not a doorstep.
const rounded = (value: number) => Math.round(value * 1000) / 1000;

function firstTime(history: readonly StatusHistoryEntry[], statuses: readonly OrderStatus[]): string | null {
  return history.find((entry) => statuses.includes(entry.status))?.created_at ?? null;
}

/**
 * @param broaderPlaces the country and its regions: an address's trailing parts the public pages drop so
 * the area and the city are what is left ('…, Clifton, Karachi, Sindh, Pakistan' → 'Clifton, Karachi').
 */
export function publicTrackingService({
  orders,
  broaderPlaces,
  confirmCustomer,
}: {
  orders: OrderRecords;
  broaderPlaces: readonly string[];
  /** The orders' confirmation of a cash order by its customer (lifecycle.confirmCustomer, decision 175). */
  confirmCustomer: (orderId: string) => Promise<unknown>;
}) {
  /** The area and city of an address, never the flat, the house or the building. */
  const addressArea = (address: string | null) => areaOfAddress(address, broaderPlaces);

  /** Where a private person is, as far as the public may know: the area and about 100 m. */
  const privatePlace = (address: string | null, latitude: number, longitude: number) => ({
    area: addressArea(address),
    latitude: rounded(latitude),
    longitude: rounded(longitude),
  });

  async function find(token: string): Promise<OrderRow> {
    const row = await orders.byTrackingToken(token);
    if (!row) throw notFound();
    return row;
  }

  function common(row: OrderRow) {
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
      // An edit or a delay does not move the order back a stage: the timeline follows the stages as `stage` does.
      if (isOverlayStatus(entry.status)) continue;
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
      age_validation_required: row.age_validation_required,
      timeline,
    };
  }

  const service = {
    async tracking(token: string): Promise<PublicTracking> {
      const row = await find(token);
      return {
        ...common(row),
        // A shop is shown as it is; a private sender only as on the c2c page: district and ~100 m.
        outlet: isSenderPickup(row)
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
        destination: privatePlace(row.customer_address, row.customer_latitude, row.customer_longitude),
        recipient_phone: maskPhone(row.customer_phone),
        // The recipient's PIN for the rider (decision 175): the tracking link is sent to the recipient, and the
        // PIN is of no use once the order is finished.
        handover_pin: row.handover_pin && !isTerminal(row.status) ? row.handover_pin : null,
        customer_confirmation:
          row.customer_confirmation && row.confirm_by
            ? { state: row.customer_confirmation, confirm_by: row.confirm_by.toISOString() }
            : null,
      };
    },

    /**
     * The recipient confirms a cash order from its tracking page (decision 175), until its time is up; answers the
     * page as it now is. The link is the secret, as for the page itself.
     */
    async confirm(token: string): Promise<PublicTracking> {
      const row = await find(token);
      await confirmCustomer(row.order_id);
      return service.tracking(token);
    },

    async c2c(token: string): Promise<PublicC2cTracking> {
      const row = await find(token);
      return {
        ...common(row),
        // A business sends as itself (its whole name and address, as /tracking shows a shop); a private sender
        // as on every public page: first name, district and ~100 m.
        sender: isSenderPickup(row)
          ? {
              first_name: firstName(row.sender_name ?? row.outlet_name),
              name: firstName(row.sender_name ?? row.outlet_name),
              address: addressArea(row.pickup_address),
              ...privatePlace(row.pickup_address, row.pickup_latitude, row.pickup_longitude),
            }
          : {
              first_name: firstName(row.outlet_name),
              name: row.outlet_name,
              address: row.pickup_address ?? '',
              area: addressArea(row.pickup_address),
              latitude: row.pickup_latitude,
              longitude: row.pickup_longitude,
            },
        recipient: {
          first_name: firstName(row.customer_name),
          ...privatePlace(row.customer_address, row.customer_latitude, row.customer_longitude),
        },
      };
    },

    async receipt(token: string): Promise<PublicReceipt> {
      const row = await find(token);
      const isCancelled = isInGroup(row.status, 'cancelled');
      const charges = chargesOfRow(row);
      return {
        order_id: row.order_id,
        status: row.status,
        outlet_name: row.outlet_name,
        currency: row.currency,
        delivery_fee: fromMinor(charges.deliveryFeeMinor, row.currency),
        discount: fromMinor(charges.discountMinor, row.currency),
        amount: fromMinor(charges.amountMinor, row.currency),
        total_amount: fromMinor(charges.totalMinor, row.currency),
        // Nothing is handed over at the door of an order that was cancelled.
        collect_amount: isCancelled ? 0 : fromMinor(charges.collectMinor, row.currency),
        fee_paid_by: charges.feePaidBy,
        payment_method: row.payment_method,
        description: row.description ?? '',
        destination_area: addressArea(row.customer_address),
        rider_first_name: row.rider_name ? firstName(row.rider_name) : null,
        created_at: row.created_at.toISOString(),
        picked_up_at: firstTime(row.status_history, ['PICKED_UP']),
        delivered_at: firstTime(row.status_history, ['DELIVERED']),
        is_cancelled: isCancelled,
        cancelled_at: isCancelled
          ? (firstTime(row.status_history, STATUS_GROUPS.cancelled) ?? row.updated_at.toISOString())
          : null,
        has_delivery_proof: await orders.hasProof(row.order_id, 'delivery'),
      };
    },
  };
  return service;
}
