import type { ProofBody, RiderMeAnswer, RiderOrder, RiderPositionBody } from '@riderdesk/domain/contracts/riders';
import { liveEtas as etasOfTrip } from '@riderdesk/domain/geo/trip';
import { fromMinor, type GeoPoint } from '@riderdesk/domain/money';
import { isTerminal, lifecycleStage, type OrderStage } from '@riderdesk/domain/order-lifecycle';
import type { OrderStatus } from '@riderdesk/domain/order-status';
import { orderCharges } from '@riderdesk/domain/orders/charges';
import { PROOF_STATUS, type ProofKind } from '@riderdesk/domain/orders/proofs';
import type { Db } from '../../db/db.ts';
import { keyedError } from '../../errors.ts';
import { type Lifecycle, orderNotFound, transitionRefused } from './lifecycle.ts';
import { readProof } from './proofs.ts';
import * as repo from './repo.ts';

export type RiderService = ReturnType<typeof riderService>;

type TripRow = Pick<
  repo.LifecycleRow,
  'pickup_latitude' | 'pickup_longitude' | 'customer_latitude' | 'customer_longitude'
>;

/** Live pickup and delivery ETAs of an order from where its rider is now (spec §4). */
export const liveEtas = (row: TripRow, stage: OrderStage, rider: GeoPoint) =>
  etasOfTrip(
    {
      pickup: { lat: row.pickup_latitude, lng: row.pickup_longitude },
      customer: { lat: row.customer_latitude, lng: row.customer_longitude },
    },
    stage,
    rider,
  );

const riderBusy = () => keyedError(409, 'RiderBusy', 'error.rider.busy');

/**
 * The rider's side of the lifecycle. The rider API and the fleet simulator both call these, so a real
 * rider app can replace the simulator without touching the orders module (ARCHITECTURE.md "Dispatch").
 */
export function riderService({ db, now, lifecycle }: { db: Db; now: () => Date; lifecycle: Lifecycle }) {
  /** Only the rider the order is with may move it; another rider learns nothing about it. */
  const ownedBy = (riderId: string) => (row: repo.LifecycleRow) => {
    if (row.rider_id !== riderId) throw orderNotFound();
  };

  async function riderPosition(riderId: string): Promise<GeoPoint | null> {
    const rider = await repo.findRider(db, riderId);
    return rider?.latitude != null && rider.longitude != null ? { lat: rider.latitude, lng: rider.longitude } : null;
  }

  async function withProof(riderId: string, orderId: string, kind: ProofKind, body: ProofBody | undefined) {
    const to = PROOF_STATUS[kind];
    // Delivered and returned end the rider's job with the order; collected does not.
    const releases = kind !== 'pickup';
    const proof = readProof(body);
    const position = await riderPosition(riderId);
    return lifecycle.step(orderId, to, {
      guard: ownedBy(riderId),
      patch: (row) => {
        const stage = to as OrderStage;
        const etas = position ? liveEtas(row, stage, position) : null;
        return to === 'DELIVERED' || to === 'RETURNED_TO_VENDOR'
          ? { pickup_eta_minutes: 0, delivery_eta_minutes: 0 }
          : (etas ?? {});
      },
      also: async (tx, _row, at) => {
        await repo.saveProof(tx, { orderId, kind, contentType: proof.contentType, bytes: proof.bytes, riderId, at });
        if (releases) await repo.releaseRider(tx, riderId, orderId, at);
      },
    });
  }

  async function plainStep(riderId: string, orderId: string, to: OrderStatus) {
    const position = await riderPosition(riderId);
    return lifecycle.step(orderId, to, {
      guard: ownedBy(riderId),
      patch: (row) => (position ? (liveEtas(row, to as OrderStage, position) ?? {}) : {}),
    });
  }

  async function riderOrder(orderId: string): Promise<RiderOrder | null> {
    const [row] = await db.query<{
      order_id: string;
      status: OrderStatus;
      outlet_name: string;
      outlet_phone: string | null;
      pickup_address: string | null;
      pickup_notes: string | null;
      pickup_latitude: number;
      pickup_longitude: number;
      customer_name: string;
      customer_phone: string;
      customer_address: string;
      customer_notes: string | null;
      customer_latitude: number;
      customer_longitude: number;
      payment_method: RiderOrder['payment_method'];
      currency: string;
      amount_minor: number | null;
      delivery_fee_minor: number;
      discount_minor: number;
      description: string | null;
      offer_expires_at: Date | null;
      pickup_eta_minutes: number | null;
      delivery_eta_minutes: number | null;
    }>(
      `select o.order_id, o.status, v.name as outlet_name, coalesce(o.sender_phone, v.phone) as outlet_phone,
              o.pickup_address, o.pickup_notes, o.pickup_latitude, o.pickup_longitude, o.customer_name,
              o.customer_phone, o.customer_address, o.customer_notes, o.customer_latitude, o.customer_longitude,
              o.payment_method, o.currency, o.amount_minor, o.delivery_fee_minor, o.discount_minor,
              o.description, o.offer_expires_at, o.pickup_eta_minutes, o.delivery_eta_minutes
         from orders o join vendors v on v.vendor_id = o.vendor_id where o.order_id = $1`,
      [orderId],
    );
    if (!row) return null;
    return {
      order_id: row.order_id,
      status: row.status,
      pickup: {
        name: row.outlet_name,
        phone: row.outlet_phone,
        address: row.pickup_address,
        notes: row.pickup_notes,
        latitude: row.pickup_latitude,
        longitude: row.pickup_longitude,
      },
      dropoff: {
        name: row.customer_name,
        phone: row.customer_phone,
        address: row.customer_address,
        notes: row.customer_notes,
        latitude: row.customer_latitude,
        longitude: row.customer_longitude,
      },
      payment_method: row.payment_method,
      collect_amount: fromMinor(
        orderCharges({
          amountMinor: row.amount_minor ?? 0,
          deliveryFeeMinor: row.delivery_fee_minor,
          discountMinor: row.discount_minor,
          paymentMethod: row.payment_method,
        }).collectMinor,
        row.currency,
      ),
      description: row.description ?? '',
      offer_expires_at: row.offer_expires_at?.toISOString() ?? null,
      pickup_eta_minutes: row.pickup_eta_minutes,
      delivery_eta_minutes: row.delivery_eta_minutes,
    };
  }

  async function jobView(orderId: string): Promise<RiderOrder> {
    const order = await riderOrder(orderId);
    if (!order) throw orderNotFound();
    return order;
  }

  return {
    riderOrder,

    async me(riderId: string): Promise<RiderMeAnswer['result']> {
      const rider = await repo.findRider(db, riderId);
      if (!rider) throw orderNotFound();
      return {
        id: rider.id,
        name: rider.name,
        vehicle: rider.vehicle,
        state: rider.state,
        latitude: rider.latitude,
        longitude: rider.longitude,
        heading: rider.heading,
        order: rider.current_order_id ? await riderOrder(rider.current_order_id) : null,
      };
    },

    async setAvailability(riderId: string, available: boolean): Promise<void> {
      const rider = await repo.findRider(db, riderId);
      if (!rider) throw orderNotFound();
      if (rider.state === 'ASSIGNED') throw riderBusy();
      await repo.setRiderState(db, riderId, available ? 'AVAILABLE' : 'OFFLINE', now());
    },

    /** Moves the rider and keeps the current order's ETAs current; the order is announced only when they change. */
    async reportPosition(riderId: string, position: RiderPositionBody): Promise<void> {
      const at = now();
      await repo.updateRiderPosition(
        db,
        riderId,
        { latitude: position.latitude, longitude: position.longitude, heading: position.heading ?? null },
        at,
      );
      const rider = await repo.findRider(db, riderId);
      if (!rider?.current_order_id) return;
      const [row] = await repo.findLifecycleRowsById(db, rider.current_order_id);
      if (!row || row.rider_id !== riderId) return;
      const order = { status: row.status as OrderStatus, status_history: row.status_history };
      if (isTerminal(order.status)) return;
      const etas = liveEtas(row, lifecycleStage(order), { lat: position.latitude, lng: position.longitude });
      if (!etas) return;
      if (
        etas.pickup_eta_minutes === row.pickup_eta_minutes &&
        etas.delivery_eta_minutes === row.delivery_eta_minutes
      ) {
        return;
      }
      // A delayed order's latest arrival follows the rider (spec §3 "latest-arrival time when delayed").
      const latest = row.latest_arrival_at ? new Date(at.getTime() + etas.delivery_eta_minutes * 60_000) : undefined;
      await lifecycle.touch(row.order_id, { ...etas, ...(latest ? { latest_arrival_at: latest } : {}) });
    },

    async accept(riderId: string, orderId: string): Promise<RiderOrder> {
      const position = await riderPosition(riderId);
      await lifecycle.step(orderId, 'COURIER_ACCEPTED_DELIVERY', {
        guard: (row, stage) => {
          ownedBy(riderId)(row);
          if (stage !== 'ASSIGNED_TO_TRANSPORT') throw transitionRefused();
        },
        patch: (row) => ({
          offer_expires_at: null,
          ...(position ? (liveEtas(row, 'COURIER_ACCEPTED_DELIVERY', position) ?? {}) : {}),
        }),
      });
      return jobView(orderId);
    },

    async decline(riderId: string, orderId: string): Promise<void> {
      await lifecycle.step(orderId, 'WAITING_FOR_TRANSPORT', {
        guard: (row, stage) => {
          ownedBy(riderId)(row);
          if (stage !== 'ASSIGNED_TO_TRANSPORT') throw transitionRefused();
        },
        patch: () => ({ rider_id: null, offer_expires_at: null }),
        also: async (tx, _row, at) => {
          await repo.insertDecline(tx, orderId, riderId, 'declined', at);
          await repo.releaseRider(tx, riderId, orderId, at);
        },
      });
    },

    async arrivedAtVendor(riderId: string, orderId: string) {
      await plainStep(riderId, orderId, 'NEAR_VENDOR');
      return jobView(orderId);
    },
    async collected(riderId: string, orderId: string, proof: ProofBody | undefined) {
      await withProof(riderId, orderId, 'pickup', proof);
      return jobView(orderId);
    },
    async leftVendor(riderId: string, orderId: string) {
      await plainStep(riderId, orderId, 'COURIER_LEFT_VENDOR');
      return jobView(orderId);
    },
    async nearCustomer(riderId: string, orderId: string) {
      await plainStep(riderId, orderId, 'NEAR_CUSTOMER');
      return jobView(orderId);
    },
    async delivered(riderId: string, orderId: string, proof: ProofBody | undefined) {
      await withProof(riderId, orderId, 'delivery', proof);
      return jobView(orderId);
    },
    async customerUnreachable(riderId: string, orderId: string) {
      await plainStep(riderId, orderId, 'RETURN_INITIATED');
      return jobView(orderId);
    },
    async returned(riderId: string, orderId: string, proof: ProofBody | undefined) {
      await withProof(riderId, orderId, 'return', proof);
      return jobView(orderId);
    },
  };
}
