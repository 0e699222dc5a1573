import type { Db } from '../../db/db.ts';
import type { OrderPatch } from '../orders/lifecycle.ts';
import type { PaymentDeps } from './deps.ts';
import { type Settlement, settle } from './ledger.ts';
import * as repo from './repo.ts';

/** The order's payment is not decided yet: placed (INITIATED) or sent to the processor (PAYMENT_INITIATED). */
const PENDING_STATUSES: readonly string[] = ['INITIATED', 'PAYMENT_INITIATED'];

/** The payment was decided while we were deciding it (a webhook, a return or a sweep got there first). */
class NoLongerPending extends Error {}

/**
 * The one way a pending card payment ends without money taken: PAYMENT_FAILED (declined, not captured) or
 * PAYMENT_CANCELLED (abandoned), with its payment status, its challenges forgotten and its ledger rows
 * settled, in one step. Answers false, changing nothing, when the order is no longer pending: that is the
 * only refusal expected here; every other error propagates.
 */
export async function failPendingPayment(
  { lifecycle, now, book }: Pick<PaymentDeps, 'lifecycle' | 'now' | 'book'>,
  orderId: string,
  options: {
    to?: 'PAYMENT_FAILED' | 'PAYMENT_CANCELLED';
    settle?: Settlement[];
    /** More of the order's patch (the card a declined confirm showed). */
    patch?: OrderPatch;
    /** More writes of the step's transaction (the webhook records its event; a declined confirm its ledger row). */
    also?: (tx: Db) => Promise<void>;
  },
): Promise<boolean> {
  const to = options.to ?? 'PAYMENT_FAILED';
  try {
    await lifecycle.step(orderId, to, {
      guard: (current) => {
        if (!PENDING_STATUSES.includes(current.status)) throw new NoLongerPending();
      },
      patch: () => ({ payment_status: to === 'PAYMENT_CANCELLED' ? 'cancelled' : 'failed', ...options.patch }),
      also: async (tx) => {
        await options.also?.(tx);
        await repo.forgetChallengesOfOrder(tx, orderId);
        await settle(book, tx, now(), ...(options.settle ?? []));
      },
    });
    return true;
  } catch (error) {
    if (error instanceof NoLongerPending) return false;
    throw error;
  }
}
