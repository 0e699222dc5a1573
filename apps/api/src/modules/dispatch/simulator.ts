import { ROAD_FACTOR } from '@riderdesk/domain/geo/trip';
import { type GeoPoint, haversineKm } from '@riderdesk/domain/money';
import { lifecycleStage, type OrderStage } from '@riderdesk/domain/order-lifecycle';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import { periodicTask } from '../../infra/periodic-task.ts';
import type { OrderRecords } from '../orders/records.ts';
import type { DispatchConfig } from './config.ts';
import { simulatedProof } from './proofs.ts';
import * as repo from './repo.ts';
import type { RiderService } from './rider-service.ts';

export type FleetSimulator = ReturnType<typeof fleetSimulator>;

// Simulated seconds spent at each stop before the next step.
const THINK_S = 20;
const PICKUP_DWELL_S = 120;
const LEAVE_DWELL_S = 30;
const DOOR_DWELL_S = 60;
const ARRIVED_KM = 0.03;
const NEAR_CUSTOMER_KM = 0.4;
// Riders report their position at most this often (real time), like a phone app would.
const REPORT_EVERY_MS = 1000;

interface RiderMemory {
  /** Road speed, 20–25 km/h (ARCHITECTURE.md: a realistic urban speed). */
  speedKmh: number;
  /** The stage this memory is about; a new stage restarts the dwell clock. */
  key: string;
  since: number;
  position: GeoPoint | null;
  heading: number | null;
  lastReportMs: number;
  decided: boolean;
}

function bearing(from: GeoPoint, to: GeoPoint): number {
  const rad = Math.PI / 180;
  const y = Math.sin((to.lng - from.lng) * rad) * Math.cos(to.lat * rad);
  const x =
    Math.cos(from.lat * rad) * Math.sin(to.lat * rad) -
    Math.sin(from.lat * rad) * Math.cos(to.lat * rad) * Math.cos((to.lng - from.lng) * rad);
  return (((Math.atan2(y, x) / rad) % 360) + 360) % 360;
}

/**
 * Virtual riders that do what a rider app would, through the same RiderService the rider API calls. Time
 * runs SIM_SPEED times faster than the wall clock for their movement and their stops only; order times
 * still come from the application's clock.
 */
export function fleetSimulator(deps: {
  db: Db;
  riders: RiderService;
  orders: OrderRecords;
  config: DispatchConfig;
  log: FastifyBaseLogger;
  isLeader?: () => Promise<boolean>;
  random?: () => number;
  /** Wall clock in ms; tests replace it. */
  clock?: () => number;
}) {
  const { db, riders, orders, config, log } = deps;
  const random = deps.random ?? Math.random;
  const clock = deps.clock ?? (() => performance.now());
  const memory = new Map<string, RiderMemory>();
  let simSeconds = 0;
  let lastWall: number | null = null;

  function remember(rider: repo.RiderRow, key: string): RiderMemory {
    let entry = memory.get(rider.id);
    if (!entry) {
      entry = {
        speedKmh: 20 + random() * 5,
        key,
        since: simSeconds,
        position: rider.latitude != null ? { lat: rider.latitude, lng: rider.longitude! } : null,
        heading: rider.heading,
        lastReportMs: 0,
        decided: false,
      };
      memory.set(rider.id, entry);
    }
    if (entry.key !== key) {
      entry.key = key;
      entry.since = simSeconds;
      entry.decided = false;
    }
    return entry;
  }

  /** Moves along the straight line; the road detour is accounted for by covering it at speed/ROAD_FACTOR. */
  function move(entry: RiderMemory, target: GeoPoint, seconds: number): number {
    const here = entry.position ?? target;
    const remaining = haversineKm(here, target);
    const stepKm = ((entry.speedKmh / ROAD_FACTOR) * seconds) / 3600;
    if (remaining <= stepKm || remaining < 1e-6) {
      entry.position = { ...target };
      return 0;
    }
    const fraction = stepKm / remaining;
    // A few metres of sideways jitter, so a track on the map does not look ruled.
    const jitter = (random() - 0.5) * 0.00004;
    const next = {
      lat: here.lat + (target.lat - here.lat) * fraction + jitter,
      lng: here.lng + (target.lng - here.lng) * fraction - jitter,
    };
    entry.heading = Math.round(bearing(here, next)) % 360;
    entry.position = next;
    return haversineKm(next, target);
  }

  async function report(riderId: string, entry: RiderMemory, force = false) {
    const wall = clock();
    if (!entry.position || (!force && wall - entry.lastReportMs < REPORT_EVERY_MS)) return;
    entry.lastReportMs = wall;
    await riders.reportPosition(riderId, {
      latitude: entry.position.lat,
      longitude: entry.position.lng,
      heading: entry.heading,
    });
  }

  const dwelt = (entry: RiderMemory, seconds: number) => simSeconds - entry.since >= seconds;

  async function drive(rider: repo.RiderRow, elapsed: number) {
    if (!rider.current_order_id) {
      memory.delete(rider.id);
      return;
    }
    const row = await orders.find(rider.current_order_id);
    if (!row || row.rider_id !== rider.id) return;
    const stage: OrderStage = lifecycleStage(row);
    const entry = remember(rider, `${row.order_id}:${stage}`);
    const pickup = { lat: row.pickup_latitude, lng: row.pickup_longitude };
    const customer = { lat: row.customer_latitude, lng: row.customer_longitude };
    const orderId = row.order_id;

    switch (stage) {
      case 'ASSIGNED_TO_TRANSPORT':
        if (!dwelt(entry, THINK_S) || entry.decided) return;
        entry.decided = true;
        if (random() < config.simDeclineProbability) await riders.decline(rider.id, orderId);
        else await riders.accept(rider.id, orderId);
        return;
      case 'COURIER_ACCEPTED_DELIVERY': {
        const left = move(entry, pickup, elapsed);
        await report(rider.id, entry, left <= ARRIVED_KM);
        if (left <= ARRIVED_KM) await riders.arrivedAtVendor(rider.id, orderId);
        return;
      }
      case 'NEAR_VENDOR':
        if (dwelt(entry, PICKUP_DWELL_S)) await riders.collected(rider.id, orderId, simulatedProof('pickup'));
        return;
      case 'PICKED_UP':
        if (dwelt(entry, LEAVE_DWELL_S)) await riders.leftVendor(rider.id, orderId);
        return;
      case 'COURIER_LEFT_VENDOR': {
        const left = move(entry, customer, elapsed);
        await report(rider.id, entry, left <= NEAR_CUSTOMER_KM);
        if (left <= NEAR_CUSTOMER_KM) await riders.nearCustomer(rider.id, orderId);
        return;
      }
      case 'NEAR_CUSTOMER': {
        const left = move(entry, customer, elapsed);
        if (left > ARRIVED_KM) {
          await report(rider.id, entry);
          entry.since = simSeconds;
          return;
        }
        if (!dwelt(entry, DOOR_DWELL_S) || entry.decided) return;
        entry.decided = true;
        await report(rider.id, entry, true);
        if (random() < config.simUnreachableProbability) await riders.customerUnreachable(rider.id, orderId);
        // The simulated rider checks the recipient's age where the order asks for it, and the simulated recipient
        // tells the PIN they were sent (decision 175).
        else {
          await riders.delivered(rider.id, orderId, {
            ...simulatedProof('delivery'),
            age_checked: true,
            ...(row.handover_pin ? { handover_pin: row.handover_pin } : {}),
          });
        }
        return;
      }
      case 'RETURN_INITIATED': {
        const left = move(entry, pickup, elapsed);
        await report(rider.id, entry, left <= ARRIVED_KM);
        if (left <= ARRIVED_KM && !entry.decided) {
          entry.decided = true;
          await riders.returned(rider.id, orderId, simulatedProof('return'));
        }
        return;
      }
      default:
        return;
    }
  }

  async function tick(): Promise<void> {
    const wall = clock();
    const elapsed = lastWall === null ? 0 : ((wall - lastWall) / 1000) * config.simSpeed;
    lastWall = wall;
    simSeconds += elapsed;
    for (const rider of await repo.simulatedRiders(db)) {
      try {
        await drive(rider, elapsed);
      } catch (error) {
        // A vendor cancelling mid-step, or another instance, got there first: try again next tick.
        if (!(error instanceof AppError)) log.error({ err: error, riderId: rider.id }, 'simulated rider failed');
      }
    }
  }

  const periodic = periodicTask({
    name: 'simulator',
    intervalMs: config.simTickMs,
    isLeader: deps.isLeader,
    run: tick,
    // Standing by, so the first tick after taking over does not move riders by all the time spent waiting.
    onNotLeader: () => {
      lastWall = null;
    },
    log,
  });

  return { tick, start: periodic.start, stop: periodic.stop };
}
