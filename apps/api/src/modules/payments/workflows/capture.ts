import type { Db } from '../../../db/db.ts';
import { transitionRefused } from '../../orders/lifecycle.ts';
import type { PaymentDeps } from '../deps.ts';
import { failPendingPayment } from '../fail-pending-payment.ts';
import { claimMovement, ledgerKeys, settle } from '../ledger.ts';
import type { MoneyMovement } from '../provider.ts';
import * as repo from '../repo.ts';

/**
 * What the processor holds for a movement whose answer was lost: its result, null when it holds none (the
 * movement may be sent), or 'unknown' when it cannot tell (then it must not be sent again yet).
 */
export async function reconcile(
  { provider }: Pick<PaymentDeps, 'provider'>,
  kind: 'capture' | 'refund',
  paymentRef: string,
  key: string,
): Promise<MoneyMovement | null | 'unknown'> {
  if (!provider.findMovement) return null;
  try {
    return await provider.findMovement({ kind, paymentRef, idempotencyKey: key });
  } catch {
    return 'unknown';
  }
}

/**
 * An authorised payment is captured; the order becomes PAYMENT_COMMITTED and then NEW (dispatched), or
 * PAYMENT_FAILED when the capture fails. `also` runs in the step's transaction (the webhook records its event).
 * Answers false while a capture is pending that the processor cannot confirm yet.
 */
export async function commitAuthorised(
  deps: PaymentDeps,
  orderId: string,
  authorisation: repo.LedgerRow,
  paymentRef: string,
  also: (tx: Db) => Promise<void> = async () => {},
): Promise<boolean> {
  const { db, now, lifecycle, provider } = deps;
  const captureKey = ledgerKeys.capture(orderId);
  const isFirst = await claimMovement(
    db,
    authorisation,
    { kind: 'capture', key: captureKey, amountMinor: authorisation.amount_minor },
    now(),
  );
  let capture: MoneyMovement | null = null;
  if (!isFirst) {
    // The capture row is the claim: a notification arriving while the confirm captures does not capture
    // again. A capture left pending (its answer lost, or a crash) is looked up at a processor that can be
    // asked; one whose captures are idempotent on its side (the sandbox) is simply asked again.
    const existing = await repo.findLedger(db, captureKey);
    if (existing?.status !== 'pending') return true;
    if (provider.findMovement) {
      const found = await reconcile(deps, 'capture', paymentRef, captureKey);
      if (!found || found === 'unknown') return false;
      capture = found;
    }
  }
  capture ??= await provider.capture({
    paymentRef: paymentRef,
    amountMinor: authorisation.amount_minor,
    currency: authorisation.currency,
    idempotencyKey: captureKey,
  });
  if (capture.status === 'failed' && capture.code === 'provider_unavailable' && provider.findMovement) {
    // The answer was lost, not refused: the processor may hold the capture all the same. Until it shows
    // it (its search lags), the capture stays pending and the payments sweep asks again.
    const found = await reconcile(deps, 'capture', paymentRef, captureKey);
    if (!found || found === 'unknown') return false;
    capture = found;
  }
  if (capture.status === 'failed') {
    const isFailed = await failPendingPayment(deps, orderId, {
      also,
      settle: [
        { key: authorisation.idempotency_key, status: 'succeeded' },
        { key: captureKey, status: 'failed', code: capture.code },
      ],
    });
    if (!isFailed) throw transitionRefused();
    return true;
  }
  const captured = capture;
  await lifecycle.step(orderId, 'PAYMENT_COMMITTED', {
    patch: () => ({ payment_status: 'captured', paid_minor: authorisation.amount_minor }),
    also: async (tx) => {
      await also(tx);
      await repo.forgetChallengesOfOrder(tx, orderId);
      await settle(
        deps.book,
        tx,
        now(),
        { key: authorisation.idempotency_key, status: 'succeeded' },
        { key: captureKey, status: 'succeeded', ref: captured.ref },
      );
    },
  });
  // spec §4: dispatched only once the payment is committed.
  await lifecycle.step(orderId, 'NEW');
  return true;
}

/**
 * The payments sweep: captures whose answer was lost are looked up again until the processor shows them (the
 * order is then committed and dispatched); one still unknown after `minutes` was not made, and the payment
 * fails.
 */
export async function reconcileCaptures(deps: PaymentDeps, minutes: number): Promise<number> {
  const { db, now, orderRecords } = deps;
  const at = now();
  let settled = 0;
  for (const row of await repo.findPendingCaptures(db, new Date(at.getTime() - 60_000), 50)) {
    const order = await orderRecords.find(row.order_id);
    const authorisation = await repo.findLedger(db, ledgerKeys.authorisation(row.order_id));
    if (order?.status !== 'PAYMENT_INITIATED' || !authorisation?.provider_ref) continue;
    if (await commitAuthorised(deps, order.order_id, authorisation, authorisation.provider_ref)) {
      settled++;
      continue;
    }
    if (row.created_at.getTime() > at.getTime() - minutes * 60_000) continue;
    const isFailed = await failPendingPayment(deps, order.order_id, {
      settle: [
        { key: authorisation.idempotency_key, status: 'succeeded' },
        { key: ledgerKeys.capture(order.order_id), status: 'failed', code: 'capture_not_found' },
      ],
    });
    if (isFailed) settled++;
  }
  return settled;
}
