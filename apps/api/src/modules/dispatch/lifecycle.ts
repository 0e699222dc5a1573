import { canTransition, lifecycleStage, type OrderStage } from '@riderdesk/domain/order-lifecycle';
import type { OrderStatus } from '@riderdesk/domain/order-status';
import type { Db } from '../../db/db.ts';
import { keyedError } from '../../errors.ts';
import { notifyOrderChange } from '../orders/repo.ts';
import * as repo from './repo.ts';

export type Lifecycle = ReturnType<typeof lifecycleService>;

export const orderNotFound = () => keyedError(404, 'NotFound', 'error.order.not-found', 'order_id');
export const transitionRefused = () => keyedError(409, 'TransitionNotAllowed', 'error.order.transition-not-allowed');

export interface StepOptions {
  /** Checks beyond the transition table (whose rider, which offer); throws to refuse. */
  guard?: (row: repo.LifecycleRow, stage: OrderStage) => void;
  patch?: (row: repo.LifecycleRow, at: Date) => repo.OrderPatch;
  /** More writes of the same transaction: the rider, a proof, a declined offer. */
  also?: (tx: Db, row: repo.LifecycleRow, at: Date) => Promise<void>;
}

/**
 * Every status change of an order is one transaction: the order row, its status_history entry, the side
 * effects of the step, and the NOTIFY that live tracking relays (ARCHITECTURE.md "Live updates").
 */
export function lifecycleService({ db, now }: { db: Db; now: () => Date }) {
  async function step(orderId: string, to: OrderStatus, options: StepOptions = {}): Promise<repo.LifecycleRow> {
    return db.transaction(async (tx) => {
      const row = await repo.lockOrder(tx, orderId);
      if (!row) throw orderNotFound();
      const order = { status: row.status as OrderStatus, status_history: row.status_history };
      options.guard?.(row, lifecycleStage(order));
      if (!canTransition(order, to)) throw transitionRefused();
      const at = now();
      const patch = options.patch?.(row, at) ?? {};
      await repo.updateOrder(tx, orderId, { ...patch, status: to, updated_at: at });
      await repo.insertHistory(tx, orderId, to, at);
      await options.also?.(tx, row, at);
      await notifyOrderChange(tx, orderId);
      return {
        ...row,
        ...patch,
        status: to,
        status_history: [...row.status_history, { status: to, created_at: at.toISOString() }],
      } as repo.LifecycleRow;
    });
  }

  /** A change that is not a status change (live ETAs); announced like one. */
  async function touch(orderId: string, patch: repo.OrderPatch): Promise<void> {
    await db.transaction(async (tx) => {
      await repo.updateOrder(tx, orderId, { ...patch, updated_at: now() });
      await notifyOrderChange(tx, orderId);
    });
  }

  return { step, touch };
}
