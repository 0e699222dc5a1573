import { ASAP_MINUTES } from '@riderdesk/domain/constants';
import { isCashOrder } from '@riderdesk/domain/ledger/postings';
import { type GeoPoint, haversineKm } from '@riderdesk/domain/money';
import { canTransition, lifecycleStage, type OrderStage } from '@riderdesk/domain/order-lifecycle';
import type { OrderStatus } from '@riderdesk/domain/order-status';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import type { DomainMetrics } from '../../infra/metrics.ts';
import { periodicTask } from '../../infra/periodic-task.ts';
import { type Lifecycle, transitionRefused } from '../orders/lifecycle.ts';
import type { OrderRow } from '../orders/model.ts';
import type { OrderRecords } from '../orders/records.ts';
import type { DispatchConfig } from './config.ts';
import { withdrawOffer } from './offers.ts';
import * as repo from './repo.ts';
import { liveEtas } from './rider-service.ts';

export type Dispatcher = ReturnType<typeof dispatcher>;

const MINUTE_MS = 60_000;
const BATCH = 500;
// Orders nobody has accepted yet: the dispatcher's to move on, offer, or give up on.
const UNACCEPTED: OrderStatus[] = [
  'NEW',
  'RECEIVED',
  'RECEIVED_BY_VENDOR',
  'ACCEPTED_BY_VENDOR',
  'WAITING_FOR_TRANSPORT',
  'ASSIGNED_TO_TRANSPORT',
  'MODIFIED',
];
const IN_FLIGHT: OrderStatus[] = [
  'COURIER_ACCEPTED_DELIVERY',
  'NEAR_VENDOR',
  'PICKED_UP',
  'COURIER_LEFT_VENDOR',
  'NEAR_CUSTOMER',
  'MODIFIED',
];

export interface TickReport {
  received: number;
  /** Cash orders cancelled because their customer did not confirm in time (decision 175). */
  unconfirmed: number;
  released: number;
  offered: number;
  expired: number;
  cancelled: number;
  delayed: number;
}

/** spec §9 ASAP: drop-off within 60 minutes of the order, or of the pre-ordered time. */
export function promisedDropOff(row: Pick<OrderRow, 'created_at' | 'preordered_for'>): Date {
  return new Date((row.preordered_for ?? row.created_at).getTime() + ASAP_MINUTES * MINUTE_MS);
}

/**
 * Moves orders nobody is driving: NEW is received at once; a received order waits for a rider when it is
 * due (at once for ASAP, or when a pre-order's time minus the pickup estimate approaches); the nearest free
 * rider is offered it; an offer left too long goes to the next rider; an order nobody takes is cancelled
 * with no_courier; an order running past its promise becomes DELAYED.
 */
export function dispatcher(deps: {
  db: Db;
  now: () => Date;
  lifecycle: Lifecycle;
  orders: OrderRecords;
  metrics: Pick<DomainMetrics, 'dispatcherTick'>;
  config: DispatchConfig;
  log: FastifyBaseLogger;
  /** Only one instance dispatches at a time; the others stand by (infra/leader.ts). */
  isLeader?: () => Promise<boolean>;
  /**
   * The riders among these holding cash at or above the limit (the ledger's book, decision 178): they are offered
   * no new cash order until they deposit. Handed in by the composition root, so dispatch imports no ledger.
   */
  ridersAtCashLimit?: (riderIds: readonly string[]) => Promise<Set<string>>;
}) {
  const { db, now, lifecycle, orders, config, log } = deps;

  /** A step another instance or the vendor got to first is not an error. */
  async function attempt<T>(work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 409 || error.statusCode === 404)) return null;
      throw error;
    }
  }

  function isDue(row: OrderRow, at: Date): boolean {
    if (!row.preordered_for) return true;
    const leadMinutes = (row.pickup_eta_minutes ?? 0) + config.preorderLeadMinutes;
    return row.preordered_for.getTime() - leadMinutes * MINUTE_MS <= at.getTime();
  }

  function hasNoCourier(row: OrderRow, at: Date): boolean {
    return (
      row.dispatch_started_at !== null &&
      at.getTime() - row.dispatch_started_at.getTime() >= config.noCourierMinutes * MINUTE_MS
    );
  }

  async function cancelNoCourier(row: OrderRow) {
    return attempt(() =>
      lifecycle.cancel(row.order_id, 'no_courier', (current, stage) => {
        if (stage !== 'WAITING_FOR_TRANSPORT' && stage !== 'ASSIGNED_TO_TRANSPORT') throw transitionRefused();
        if (current.dispatch_started_at?.getTime() !== row.dispatch_started_at?.getTime()) throw transitionRefused();
      }),
    );
  }

  /**
   * A cash order its customer did not confirm by its time is cancelled with spec §8's `unreachable`, its
   * confirmation marked expired so the merchant reads why (decision 175). One confirmed meanwhile is left alone.
   */
  async function cancelUnconfirmed(row: OrderRow, at: Date) {
    return attempt(() =>
      lifecycle.step(row.order_id, 'CANCELLED', {
        guard: (current) => {
          const isDue = current.confirm_by !== null && current.confirm_by !== undefined && current.confirm_by <= at;
          if (current.customer_confirmation !== 'awaiting' || !isDue) throw transitionRefused();
        },
        patch: () => ({
          cancel_reason: 'unreachable',
          customer_confirmation: 'expired',
          rider_id: null,
          offer_expires_at: null,
        }),
      }),
    );
  }

  async function expireOffer(row: OrderRow) {
    return attempt(() =>
      withdrawOffer(lifecycle, row.order_id, 'expired', (current, stage) => {
        if (stage !== 'ASSIGNED_TO_TRANSPORT' || current.rider_id !== row.rider_id) throw transitionRefused();
      }),
    );
  }

  async function offer(row: OrderRow, rider: repo.RiderRow): Promise<boolean> {
    const position = { lat: rider.latitude!, lng: rider.longitude! };
    const result = await attempt(() =>
      lifecycle.step(row.order_id, 'ASSIGNED_TO_TRANSPORT', {
        guard: (_current, stage) => {
          if (stage !== 'WAITING_FOR_TRANSPORT') throw transitionRefused();
        },
        patch: (current, at) => ({
          rider_id: rider.id,
          offer_expires_at: new Date(at.getTime() + config.offerTimeoutSeconds * 1000),
          ...(liveEtas(current, 'ASSIGNED_TO_TRANSPORT', position) ?? {}),
        }),
        also: async (tx, current, at) => {
          // The rider may have been taken by another instance since we read the free list.
          if (!(await repo.reserveRider(tx, rider.id, current.order_id, at))) throw transitionRefused();
        },
      }),
    );
    return result !== null;
  }

  async function assign(waiting: OrderRow[], report: TickReport) {
    if (waiting.length === 0) return;
    const free = await repo.availableRiders(db);
    if (free.length === 0) return;
    const atCashLimit = waiting.some((row) => isCashOrder(row.payment_method))
      ? ((await deps.ridersAtCashLimit?.(free.map((rider) => rider.id))) ?? new Set<string>())
      : new Set<string>();
    const declines = await repo.declinesOf(
      db,
      waiting.map((row) => row.order_id),
    );
    const taken = new Set<string>();
    // Oldest order first, so a busy minute does not starve early orders.
    for (const row of waiting) {
      const pickup: GeoPoint = { lat: row.pickup_latitude, lng: row.pickup_longitude };
      const refused = declines.get(row.order_id) ?? new Set<string>();
      const isCash = isCashOrder(row.payment_method);
      const candidates = free
        .filter((rider) => !taken.has(rider.id) && !refused.has(rider.id) && !(isCash && atCashLimit.has(rider.id)))
        .map((rider) => ({ rider, km: haversineKm({ lat: rider.latitude!, lng: rider.longitude! }, pickup) }))
        .filter((candidate) => candidate.km <= config.dispatchRadiusKm)
        .sort((a, b) => a.km - b.km);
      for (const { rider } of candidates.slice(0, 3)) {
        taken.add(rider.id);
        if (await offer(row, rider)) {
          report.offered++;
          break;
        }
      }
    }
  }

  async function pass(): Promise<TickReport> {
    const report: TickReport = {
      received: 0,
      unconfirmed: 0,
      released: 0,
      offered: 0,
      expired: 0,
      cancelled: 0,
      delayed: 0,
    };
    const at = now();
    for (const row of await orders.confirmationsDue(at, BATCH)) {
      if (await cancelUnconfirmed(row, at)) report.unconfirmed++;
    }
    const waiting: OrderRow[] = [];
    for (let row of await orders.inStatus(UNACCEPTED, BATCH, { isWaitingCustomerSkipped: true })) {
      let stage: OrderStage = lifecycleStage(row);
      if (stage === 'NEW') {
        const received = await attempt(() => lifecycle.step(row.order_id, 'RECEIVED'));
        if (!received) continue;
        report.received++;
        row = received;
        stage = 'RECEIVED';
      }
      // A cash order whose customer has not confirmed is received, and goes no further (decision 175).
      if (row.customer_confirmation === 'awaiting') continue;
      if (
        (stage === 'RECEIVED' || stage === 'RECEIVED_BY_VENDOR' || stage === 'ACCEPTED_BY_VENDOR') &&
        isDue(row, at)
      ) {
        const released = await attempt(() =>
          lifecycle.step(row.order_id, 'WAITING_FOR_TRANSPORT', {
            // No rider for a cash order its customer has not confirmed, whatever this pass read (decision 175).
            guard: (current) => {
              if (current.customer_confirmation === 'awaiting') throw transitionRefused();
            },
            patch: (current, stepAt) => ({ dispatch_started_at: current.dispatch_started_at ?? stepAt }),
          }),
        );
        if (!released) continue;
        report.released++;
        row = released;
        stage = 'WAITING_FOR_TRANSPORT';
      }
      if (stage === 'ASSIGNED_TO_TRANSPORT' && row.offer_expires_at && row.offer_expires_at.getTime() <= at.getTime()) {
        const expired = await expireOffer(row);
        if (!expired) continue;
        report.expired++;
        row = expired;
        stage = 'WAITING_FOR_TRANSPORT';
      }
      if ((stage === 'WAITING_FOR_TRANSPORT' || stage === 'ASSIGNED_TO_TRANSPORT') && hasNoCourier(row, at)) {
        if (await cancelNoCourier(row)) report.cancelled++;
        continue;
      }
      if (stage === 'WAITING_FOR_TRANSPORT') waiting.push(row);
    }
    await assign(waiting, report);

    for (const row of await orders.inStatus(IN_FLIGHT, BATCH)) {
      if (promisedDropOff(row).getTime() > at.getTime() || !canTransition(row, 'DELAYED')) continue;
      const delayed = await attempt(() =>
        lifecycle.step(row.order_id, 'DELAYED', {
          patch: (current, stepAt) => ({
            latest_arrival_at: new Date(stepAt.getTime() + (current.delivery_eta_minutes ?? 0) * MINUTE_MS),
          }),
        }),
      );
      if (delayed) report.delayed++;
    }
    return report;
  }

  /** One pass, timed for /metrics. */
  async function tick(): Promise<TickReport> {
    const stopTimer = deps.metrics.dispatcherTick.startTimer();
    try {
      return await pass();
    } finally {
      stopTimer();
    }
  }

  const periodic = periodicTask({
    name: 'dispatcher',
    intervalMs: config.dispatchIntervalMs,
    isLeader: deps.isLeader,
    run: tick,
    log,
  });

  return { tick, start: periodic.start, stop: periodic.stop };
}
