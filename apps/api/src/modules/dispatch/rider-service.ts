import type {
  ProofBody,
  RiderLocation,
  RiderMeAnswer,
  RiderOrder,
  RiderPositionBody,
} from '@riderdesk/domain/contracts/riders';
import { liveEtas as etasOfTrip } from '@riderdesk/domain/geo/trip';
import { fromMinor, type GeoPoint } from '@riderdesk/domain/money';
import { canTransition, isTerminal, lifecycleStage, type OrderStage } from '@riderdesk/domain/order-lifecycle';
import type { OrderStatus } from '@riderdesk/domain/order-status';
import { HANDOVER_PIN_TRIES, pinTriesLeft } from '@riderdesk/domain/orders/handover-pin';
import { PROOF_STATUS, type ProofKind } from '@riderdesk/domain/orders/proofs';
import type { Db } from '../../db/db.ts';
import { authError, keyedError } from '../../errors.ts';
import { sha256 } from '../auth/tokens.ts';
import { isSamePin, type Lifecycle, orderNotFound, transitionRefused } from '../orders/lifecycle.ts';
import { chargesOfRow, type OrderRow } from '../orders/model.ts';
import type { OrderRecords } from '../orders/records.ts';
import { withdrawOffer } from './offers.ts';
import { readProof } from './proofs.ts';
import * as repo from './repo.ts';

export type RiderService = ReturnType<typeof riderService>;

type TripRow = Pick<OrderRow, 'pickup_latitude' | 'pickup_longitude' | 'customer_latitude' | 'customer_longitude'>;

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
const ageCheckRequired = () => keyedError(409, 'AgeCheckRequired', 'error.rider.age-check-required', 'age_checked');
const pinRequired = () => keyedError(409, 'HandoverPinRequired', 'error.rider.handover-pin-required', 'handover_pin');
const pinLocked = () => keyedError(423, 'HandoverPinLocked', 'error.rider.handover-pin-locked', 'handover_pin');
function pinWrong(triesLeft: number) {
  const error = keyedError(422, 'HandoverPinWrong', 'error.rider.handover-pin-wrong', 'handover_pin');
  error.errors[0]!.meta.values = { tries: String(triesLeft) };
  return error;
}

/** The order as its rider sees it: where to collect, where to deliver, what to collect in cash. */
function toRiderOrder(row: OrderRow): RiderOrder {
  const charges = chargesOfRow(row);
  return {
    order_id: row.order_id,
    status: row.status,
    pickup: {
      name: row.sender_name || row.outlet_name,
      phone: row.sender_phone || row.outlet_phone,
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
    payment_method: row.payment_method as RiderOrder['payment_method'],
    collect_amount: fromMinor(charges.collectMinor, row.currency),
    collect_at_pickup_amount: fromMinor(charges.collectAtPickupMinor, row.currency),
    description: row.description ?? '',
    age_validation_required: row.age_validation_required,
    // The rider learns that a PIN is due and how many tries are left, never the PIN (decision 175).
    handover_pin_required: row.handover_pin != null && row.handover_pin_checked_at === null,
    handover_pin_tries_left: row.handover_pin != null ? pinTriesLeft(row.handover_pin_attempts) : null,
    offer_expires_at: row.offer_expires_at?.toISOString() ?? null,
    pickup_eta_minutes: row.pickup_eta_minutes,
    delivery_eta_minutes: row.delivery_eta_minutes,
  };
}

/**
 * The rider's side of the lifecycle. The rider API and the fleet simulator both call these, so a real
 * rider app can replace the simulator without touching the orders module (ARCHITECTURE.md "Dispatch").
 */
export function riderService({
  db,
  now,
  lifecycle,
  orders,
}: {
  db: Db;
  now: () => Date;
  lifecycle: Lifecycle;
  orders: OrderRecords;
}) {
  /** Only the rider the order is with may move it; another rider learns nothing about it. */
  const ownedBy = (riderId: string) => (row: OrderRow) => {
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
    if (to === 'DELIVERED') await checkPin(riderId, orderId, body?.handover_pin);
    const position = await riderPosition(riderId);
    return lifecycle.step(orderId, to, {
      guard: (row) => {
        ownedBy(riderId)(row);
        // spec §3 age_validation_required: the order is delivered only once the rider confirms the age check.
        if (to === 'DELIVERED' && row.age_validation_required && body?.age_checked !== true) throw ageCheckRequired();
        // Judged again under the step's lock: the PIN checked a moment ago is still the order's, and not locked.
        if (to === 'DELIVERED' && row.handover_pin && row.handover_pin_checked_at === null) {
          const given = body?.handover_pin;
          if (row.handover_pin_attempts >= HANDOVER_PIN_TRIES) throw pinLocked();
          if (given === undefined || !isSamePin(given, row.handover_pin)) throw pinRequired();
        }
      },
      patch: (row, at) => {
        const stage = to as OrderStage;
        const etas = position ? liveEtas(row, stage, position) : null;
        const checked = to === 'DELIVERED' && row.handover_pin ? { handover_pin_checked_at: at } : {};
        return to === 'DELIVERED' || to === 'RETURNED_TO_VENDOR'
          ? { pickup_eta_minutes: 0, delivery_eta_minutes: 0, ...checked }
          : (etas ?? {});
      },
      proof: { kind, contentType: proof.contentType, bytes: proof.bytes, riderId },
      also: async (tx, _row, at) => {
        if (releases) await repo.releaseRider(tx, riderId, orderId, at);
      },
    });
  }

  /**
   * The handover PIN the customer gave (decision 175): a wrong one is counted (its own transaction) and refused
   * with the tries left; the last wrong one locks the order and flags it for the operators.
   */
  async function checkPin(riderId: string, orderId: string, given: string | undefined): Promise<void> {
    const checked = await lifecycle.checkHandoverPin(orderId, given, (row) => {
      ownedBy(riderId)(row);
      // No try is counted for a delivery that could not happen anyway.
      if (!canTransition(row, 'DELIVERED')) throw transitionRefused();
    });
    if (checked.kind === 'missing') throw pinRequired();
    if (checked.kind === 'wrong') throw pinWrong(checked.triesLeft);
    if (checked.kind === 'locked') throw pinLocked();
  }

  async function plainStep(riderId: string, orderId: string, to: OrderStatus) {
    const position = await riderPosition(riderId);
    return lifecycle.step(orderId, to, {
      guard: ownedBy(riderId),
      patch: (row) => (position ? (liveEtas(row, to as OrderStage, position) ?? {}) : {}),
    });
  }

  async function riderOrder(orderId: string): Promise<RiderOrder | null> {
    const row = await orders.find(orderId);
    return row ? toRiderOrder(row) : null;
  }

  async function jobView(orderId: string): Promise<RiderOrder> {
    const order = await riderOrder(orderId);
    if (!order) throw orderNotFound();
    return order;
  }

  /** A rider step without a photo; the answer is the job as the rider now sees it. */
  const stepTo =
    (to: OrderStatus) =>
    async (riderId: string, orderId: string): Promise<RiderOrder> => {
      await plainStep(riderId, orderId, to);
      return jobView(orderId);
    };

  /** A rider step that stores its proof photo (spec §1). */
  const stepWithProof =
    (kind: ProofKind) =>
    async (riderId: string, orderId: string, proof: ProofBody | undefined): Promise<RiderOrder> => {
      await withProof(riderId, orderId, kind, proof);
      return jobView(orderId);
    };

  return {
    /**
     * `Authorization: Rider {token}`: the token `npm run ops -- create-rider` prints, stored only as its sha256.
     * A scheme of its own keeps a rider token from ever being read as a user's.
     */
    async riderOfHeader(header: string | undefined): Promise<string> {
      const [scheme, token = ''] = (header ?? '').trim().split(/\s+/, 2);
      if (scheme !== 'Rider' || token.length < 16) throw authError(401, 'NotAuthorizedException');
      const rider = await repo.findRiderByTokenHash(db, sha256(token));
      if (!rider) throw authError(401, 'NotAuthorizedException');
      return rider.id;
    },

    /** GET /riders/{id}: a rider is known to a vendor only while on one of its unfinished orders. */
    async locationFor(vendorIds: readonly string[], riderId: string): Promise<RiderLocation | null> {
      if (!(await orders.isRiderOnOrdersOf(riderId, vendorIds))) return null;
      const rider = await repo.findRider(db, riderId);
      if (!rider) return null;
      return {
        id: rider.id,
        name: rider.name,
        phone: rider.phone,
        vehicle: rider.vehicle,
        latitude: rider.latitude,
        longitude: rider.longitude,
        heading: rider.heading,
        updated_at: rider.updated_at.toISOString(),
      };
    },

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
      const row = await orders.find(rider.current_order_id);
      if (!row || row.rider_id !== riderId || isTerminal(row.status)) return;
      const etas = liveEtas(row, lifecycleStage(row), { lat: position.latitude, lng: position.longitude });
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
      await withdrawOffer(lifecycle, orderId, 'declined', (row, stage) => {
        ownedBy(riderId)(row);
        if (stage !== 'ASSIGNED_TO_TRANSPORT') throw transitionRefused();
      });
    },

    arrivedAtVendor: stepTo('NEAR_VENDOR'),
    collected: stepWithProof('pickup'),
    leftVendor: stepTo('COURIER_LEFT_VENDOR'),
    nearCustomer: stepTo('NEAR_CUSTOMER'),
    delivered: stepWithProof('delivery'),
    customerUnreachable: stepTo('RETURN_INITIATED'),
    returned: stepWithProof('return'),
  };
}
