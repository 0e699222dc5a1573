import { timingSafeEqual } from 'node:crypto';
import { canTransition, isTerminal, lifecycleStage, type OrderStage } from '@riderdesk/domain/order-lifecycle';
import type { CancelReason, OrderStatus } from '@riderdesk/domain/order-status';
import type { ConfirmedBy } from '@riderdesk/domain/orders/cash-confirmation';
import { HANDOVER_PIN_TRIES, judgeHandoverPin, type PinCheck } from '@riderdesk/domain/orders/handover-pin';
import type { ProofKind } from '@riderdesk/domain/orders/proofs';
import type { Db } from '../../db/db.ts';
import { keyedError } from '../../errors.ts';
import type { DomainMetrics } from '../../infra/metrics.ts';
import * as repo from './repo.ts';

export type Lifecycle = ReturnType<typeof lifecycleService>;

/** A given PIN against the order's, in constant time. */
export function isSamePin(given: string, pin: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(pin);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const orderNotFound = () => keyedError(404, 'NotFound', 'error.order.not-found', 'order_id');
export const transitionRefused = () => keyedError(409, 'TransitionNotAllowed', 'error.order.transition-not-allowed');
export const notAwaitingCustomer = () =>
  keyedError(409, 'NotAwaitingConfirmation', 'error.order.not-awaiting-confirmation', 'order_id');
export const confirmationExpired = () =>
  keyedError(409, 'ConfirmationExpired', 'error.order.confirmation-expired', 'order_id');

/**
 * Writes another module makes in the transaction of a customer's confirmation of a cash order (the confirmation
 * message with the tracking link and PIN, decision 175); registered by the composition root.
 */
export type ConfirmedHook = (tx: Db, order: repo.OrderRow, at: Date) => Promise<void>;

/** What a step may change besides the status. */
export type OrderPatch = Pick<
  repo.OrderChanges,
  | 'rider_id'
  | 'dispatch_started_at'
  | 'offer_expires_at'
  | 'cancel_reason'
  | 'cancel_note'
  | 'latest_arrival_at'
  | 'pickup_eta_minutes'
  | 'delivery_eta_minutes'
  | 'payment_status'
  | 'paid_minor'
  | 'refunded_minor'
  | 'card_scheme'
  | 'card_last4'
  | 'handover_pin_checked_at'
  | 'customer_confirmation'
>;

/**
 * Writes another module makes in the transaction of every status change (the payments module queues a refund
 * when a paid order is cancelled or returned); registered by that module, so orders import nothing of it.
 */
export type StepHook = (tx: Db, order: repo.OrderRow, at: Date) => Promise<OrderPatch | undefined>;

/**
 * Frees a rider from an order inside the step's transaction. Riders are the dispatch module's; the
 * composition root hands its repository function in, so orders never import dispatch.
 */
export type ReleaseRider = (tx: Db, riderId: string, orderId: string, at: Date) => Promise<void>;

export interface StepOptions {
  /** Checks beyond the transition table (whose rider, which offer); throws to refuse. */
  guard?: (row: repo.OrderRow, stage: OrderStage) => void;
  patch?: (row: repo.OrderRow, at: Date) => OrderPatch;
  /** The photo that proves the step (spec §4 proofs), kept in the same transaction. */
  proof?: { kind: ProofKind; contentType: string; bytes: Buffer; riderId: string | null };
  /** More writes of the same transaction: the rider, a declined offer. */
  also?: (tx: Db, row: repo.OrderRow, at: Date) => Promise<void>;
}

/**
 * Every status change of an order is one transaction: the order row, its status_history entry, the side
 * effects of the step, and the NOTIFY that live tracking relays (ARCHITECTURE.md "Live updates").
 */
export function lifecycleService({
  db,
  now,
  releaseRider,
  metrics,
}: {
  db: Db;
  now: () => Date;
  releaseRider: ReleaseRider;
  metrics: Pick<DomainMetrics, 'statusChanges'>;
}) {
  const hooks: StepHook[] = [];
  const confirmedHooks: ConfirmedHook[] = [];
  async function step(orderId: string, to: OrderStatus, options: StepOptions = {}): Promise<repo.OrderRow> {
    const changed = await db.transaction(async (tx) => {
      const row = await repo.lockOrder(tx, orderId);
      if (!row) throw orderNotFound();
      options.guard?.(row, lifecycleStage(row));
      if (!canTransition(row, to)) throw transitionRefused();
      const at = now();
      const patch = options.patch?.(row, at) ?? {};
      await repo.updateOrder(tx, orderId, { ...patch, status: to, updated_at: at });
      await repo.insertStatus(tx, orderId, to, at);
      if (options.proof) await repo.saveProof(tx, { orderId, ...options.proof, at });
      await options.also?.(tx, row, at);
      let result: repo.OrderRow = {
        ...row,
        ...patch,
        status: to,
        status_history: [...row.status_history, { status: to, created_at: at.toISOString() }],
      };
      for (const hook of hooks) {
        const more = await hook(tx, result, at);
        if (!more) continue;
        await repo.updateOrder(tx, orderId, { ...more, updated_at: at });
        result = { ...result, ...more };
      }
      await repo.notifyOrderChange(tx, orderId);
      return result;
    });
    metrics.statusChanges.inc({ status: to });
    return changed;
  }

  return {
    step,

    onStep(hook: StepHook): void {
      hooks.push(hook);
    },

    onCustomerConfirmed(hook: ConfirmedHook): void {
      confirmedHooks.push(hook);
    },

    /**
     * A cash order waiting for its customer is confirmed (decision 175): by the customer until `confirm_by`, by the
     * merchant until the dispatcher has cancelled it. Not a status change: the order keeps its status, the
     * dispatcher releases it on its next pass. Refused (409) when the order waits for no confirmation any more.
     */
    async confirmCustomer(
      orderId: string,
      by: ConfirmedBy,
      guard?: (row: repo.OrderRow) => void,
    ): Promise<repo.OrderRow> {
      return db.transaction(async (tx) => {
        const row = await repo.lockOrder(tx, orderId);
        if (!row) throw orderNotFound();
        guard?.(row);
        if (row.customer_confirmation !== 'awaiting' || isTerminal(row.status)) throw notAwaitingCustomer();
        const at = now();
        // The customer's time is up at confirm_by; the merchant, who called them, may confirm until it is cancelled.
        if (by !== 'merchant' && row.confirm_by && row.confirm_by.getTime() <= at.getTime())
          throw confirmationExpired();
        await repo.updateOrder(tx, orderId, {
          customer_confirmation: 'confirmed',
          customer_confirmed_at: at,
          customer_confirmed_by: by,
          updated_at: at,
        });
        const confirmed: repo.OrderRow = {
          ...row,
          customer_confirmation: 'confirmed',
          customer_confirmed_at: at,
          customer_confirmed_by: by,
          updated_at: at,
        };
        for (const hook of confirmedHooks) await hook(tx, confirmed, at);
        await repo.notifyOrderChange(tx, orderId);
        return confirmed;
      });
    },

    /**
     * A handover PIN given at the door (decision 175), judged in a transaction of its own so that a wrong try is
     * counted even though the delivery it was given for is refused. The try that uses up the last one flags the
     * order with a `handover_pin_failed` exception, in the same transaction. `guard` checks whose order it is.
     */
    async checkHandoverPin(
      orderId: string,
      given: string | undefined,
      guard: (row: repo.OrderRow, stage: OrderStage) => void,
    ): Promise<PinCheck> {
      return db.transaction(async (tx): Promise<PinCheck> => {
        const row = await repo.lockOrder(tx, orderId);
        if (!row) throw orderNotFound();
        guard(row, lifecycleStage(row));
        const judged = judgeHandoverPin(
          {
            pin: row.handover_pin ?? null,
            attempts: row.handover_pin_attempts,
            checkedAt: row.handover_pin_checked_at,
          },
          given,
          isSamePin,
        );
        if (judged.kind !== 'wrong') return judged;
        const attempts = row.handover_pin_attempts + 1;
        const at = now();
        await repo.updateOrder(tx, orderId, { handover_pin_attempts: attempts, updated_at: at });
        const isLocked = attempts >= HANDOVER_PIN_TRIES;
        if (isLocked) {
          await repo.flagException(tx, orderId, 'handover_pin_failed', at);
        }
        await repo.notifyOrderChange(tx, orderId);
        return isLocked ? { kind: 'locked' } : { kind: 'wrong', triesLeft: HANDOVER_PIN_TRIES - attempts };
      });
    },

    /** A change that is not a status change (live ETAs); announced like one. */
    async touch(orderId: string, patch: OrderPatch, also?: (tx: Db) => Promise<void>): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.updateOrder(tx, orderId, { ...patch, updated_at: now() });
        await also?.(tx);
        await repo.notifyOrderChange(tx, orderId);
      });
    },

    /**
     * CANCELLED with its reason (spec §8): the order leaves its rider, who is free again. `also` adds writes of
     * the same transaction (the console's audit entry).
     */
    cancel(
      orderId: string,
      reason: CancelReason,
      guard?: StepOptions['guard'],
      note: string | null = null,
      also?: StepOptions['also'],
    ): Promise<repo.OrderRow> {
      return step(orderId, 'CANCELLED', {
        guard,
        patch: () => ({ cancel_reason: reason, cancel_note: note, rider_id: null, offer_expires_at: null }),
        also: async (tx, row, at) => {
          if (row.rider_id) await releaseRider(tx, row.rider_id, row.order_id, at);
          await also?.(tx, row, at);
        },
      });
    },
  };
}
