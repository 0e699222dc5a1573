import { PAID_BY_CARD } from '@riderdesk/domain/orders/charges';
import type { Db } from '../../../db/db.ts';
import type { OrderPatch } from '../../orders/lifecycle.ts';
import type { PaymentDeps } from '../deps.ts';
import { claimMovement, ledgerKeys, settle } from '../ledger.ts';
import * as repo from '../repo.ts';
import { reconcile } from './capture.ts';

/** spec §4: a paid order that is cancelled (by the merchant, or no_courier), or comes back, is refunded. */
const REFUNDED_STATUSES: readonly string[] = ['CANCELLED', 'PAYMENT_CANCELLED', 'RETURNED_TO_VENDOR'];

/** Sends the refund of an order to the job queue (in the step's transaction: it exists only if that commits). */
export type RefundQueue = (orderId: string, tx: Db) => Promise<void>;

/** The order's fields a step hands to the refund hook. */
export interface SteppedOrder {
  order_id: string;
  status: string;
  payment_method: string;
  paid_minor: number;
  refunded_minor: number;
  payment_status: string | null;
}

/**
 * The hook run in the transaction of every order step: a paid order that is cancelled or returned has its
 * refund queued. The queue is handed in by whoever owns the job queue (the plugin); its job calls `refund`.
 */
export function refundWhenCancelled(queue: RefundQueue) {
  return async (tx: Db, order: SteppedOrder): Promise<OrderPatch | undefined> => {
    if (order.payment_method !== PAID_BY_CARD || !REFUNDED_STATUSES.includes(order.status)) return undefined;
    if (order.paid_minor <= order.refunded_minor || order.payment_status === 'refund_pending') return undefined;
    await queue(order.order_id, tx);
    return { payment_status: 'refund_pending' };
  };
}

/** The refund job: what was captured and not yet refunded goes back to the card, once. */
export async function refund(deps: PaymentDeps, orderId: string): Promise<void> {
  const { db, now, orderRecords, lifecycle, provider } = deps;
  const order = await orderRecords.find(orderId);
  if (!order || order.paid_minor <= order.refunded_minor) return;
  const capture = await repo.findLedger(db, ledgerKeys.capture(orderId));
  const authorisation = await repo.findLedger(db, ledgerKeys.authorisation(orderId));
  if (capture?.status !== 'succeeded' || !authorisation?.provider_ref) return;
  const amountMinor = order.paid_minor - order.refunded_minor;
  const refundKey = ledgerKeys.refund(orderId);
  const isFirst = await claimMovement(db, capture, { kind: 'refund', key: refundKey, amountMinor }, now());
  // A retry of a refund already sent: ask the processor first, so the money never goes back twice.
  const earlier = isFirst ? null : await reconcile(deps, 'refund', authorisation.provider_ref, refundKey);
  // The processor cannot tell yet: the job retries later rather than risk a second refund.
  if (earlier === 'unknown') throw new Error(`refund of ${orderId} not reconciled yet`);
  const result =
    earlier ??
    (await provider.refund({
      paymentRef: authorisation.provider_ref,
      amountMinor,
      currency: capture.currency,
      idempotencyKey: refundKey,
    }));
  if (result.status === 'failed') {
    await lifecycle.touch(orderId, { payment_status: 'refund_failed' }, (tx) =>
      settle(deps.book, tx, now(), { key: refundKey, status: 'failed', code: result.code }),
    );
    throw new Error(`refund of ${orderId} failed: ${result.code}`);
  }
  await lifecycle.touch(
    orderId,
    { payment_status: 'refunded', refunded_minor: order.refunded_minor + amountMinor },
    (tx) => settle(deps.book, tx, now(), { key: refundKey, status: 'succeeded', ref: result.ref }),
  );
}
