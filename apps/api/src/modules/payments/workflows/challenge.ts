import { AppError } from '../../../errors.ts';
import { DECLINE_KEYS, type PaymentDeps } from '../deps.ts';
import { failPendingPayment } from '../fail-pending-payment.ts';
import { ledgerKeys } from '../ledger.ts';
import { trackingLink } from '../links.ts';
import * as repo from '../repo.ts';
import { commitAuthorised } from './capture.ts';
import { saveCard } from './cards.ts';

/** Our challenge page: the issuer's step-up page and the fields to post to it (null: unknown or done). */
export async function challengeStepUp(
  { db, provider }: PaymentDeps,
  challengeId: string,
): Promise<repo.ChallengeRow['step_up'] | null> {
  const challenge = await repo.findChallenge(db, challengeId);
  if (!challenge || challenge.completed_at || challenge.provider !== provider.name) return null;
  return challenge.step_up;
}

/**
 * The lifecycle's refusal of a step from a status that moved on: the webhook, the sweep or another return
 * decided the payment first, and the browser simply goes on to the order.
 */
const isDecidedMeanwhile = (error: unknown) => error instanceof AppError && error.code === 'TransitionNotAllowed';

/**
 * The cardholder is back from the issuer's page: the provider validates the authentication and
 * authorises; the payment is then committed (captured, dispatched) or fails with the issuer's answer.
 * Answers where to send the browser (the order's tracking), or null for an unknown challenge.
 */
export async function completeChallenge(deps: PaymentDeps, challengeId: string): Promise<string | null> {
  const { db, now, provider, orderRecords } = deps;
  const challenge = await repo.findChallenge(db, challengeId);
  if (!challenge || challenge.provider !== provider.name) return null;
  const order = await orderRecords.find(challenge.order_id);
  if (!order) return null;
  const back = trackingLink(order.vendor_id, order.order_id);
  const authorisation = await repo.findLedger(db, ledgerKeys.authorisation(order.order_id));
  if (order.status !== 'PAYMENT_INITIATED' || !authorisation || !provider.completeChallenge) return back;
  const resume = await repo.claimChallenge(db, challengeId, now());
  if (!resume) return back;
  const outcome = await provider.completeChallenge({
    resume,
    amountMinor: authorisation.amount_minor,
    currency: authorisation.currency,
    idempotencyKey: ledgerKeys.authorisationAfterChallenge(order.order_id),
  });
  if (outcome.status === 'unavailable') {
    // Nothing decided: the next return (or the abandoned-payment sweep) finishes it.
    await repo.releaseChallenge(db, challengeId);
    return back;
  }
  if (outcome.status === 'declined') {
    const isFailed = await failPendingPayment(deps, order.order_id, {
      settle: [{ key: authorisation.idempotency_key, status: 'failed', code: outcome.code }],
    });
    // The way back says why, so the page offers the order again instead of one that was never paid.
    return isFailed ? trackingLink(order.vendor_id, order.order_id, DECLINE_KEYS[outcome.code]) : back;
  }
  await db.transaction(async (tx) => {
    await repo.forgetChallenge(tx, challengeId);
    await repo.setLedgerRef(tx, authorisation.idempotency_key, outcome.paymentRef, now());
    const intent = outcome.saved ? await repo.findIntentOfOrder(tx, order.order_id) : null;
    if (outcome.saved && intent) {
      await saveCard(deps, tx, {
        vendorId: intent.vendor_id,
        userId: intent.user_id,
        instrumentRef: outcome.saved.instrumentRef,
        shown: outcome.saved.card,
        holderName: outcome.saved.holderName,
      });
    }
  });
  try {
    await commitAuthorised(
      deps,
      order.order_id,
      { ...authorisation, provider_ref: outcome.paymentRef },
      outcome.paymentRef,
    );
  } catch (error) {
    if (!isDecidedMeanwhile(error)) throw error;
  }
  return back;
}

/** Card payments still waiting for their 3-D Secure challenge after `minutes` end PAYMENT_CANCELLED. */
export async function cancelAbandoned(deps: PaymentDeps, minutes: number): Promise<number> {
  const before = new Date(deps.now().getTime() - minutes * 60_000);
  let cancelled = 0;
  for (const row of await repo.findAbandonedAuthorisations(deps.db, before, 50)) {
    const isCancelled = await failPendingPayment(deps, row.order_id, {
      to: 'PAYMENT_CANCELLED',
      settle: [{ key: row.idempotency_key, status: 'failed', code: 'abandoned' }],
    });
    if (isCancelled) cancelled++;
  }
  return cancelled;
}
