import type { PaymentConfirmBody, PaymentIntentBody } from '@riderdesk/domain/contracts/payments';
import type { Caller } from '../../plugins/auth.ts';
import type { PaymentDeps } from './deps.ts';
import * as repo from './repo.ts';
import { reconcileCaptures } from './workflows/capture.ts';
import { removeCard, savedCards } from './workflows/cards.ts';
import { cancelAbandoned, challengeStepUp, completeChallenge } from './workflows/challenge.ts';
import { authorise, confirm, createIntent } from './workflows/checkout.ts';
import { refund } from './workflows/refund.ts';
import { handleWebhook } from './workflows/webhook.ts';

export type { PaymentDeps } from './deps.ts';
export type PaymentService = ReturnType<typeof paymentService>;

/**
 * Card payments (decision 060), as the routes, the jobs and the sweeps call them. Each workflow is a file
 * of `workflows/` taking the same dependencies (decision 146): checkout (wallet, intent, confirm), capture
 * (and its reconciliation), the webhook, the 3-D Secure challenge, refunds and the saved cards.
 */
export function paymentService(deps: PaymentDeps) {
  return {
    /** POST /order/payment/auth/{vendorId}. */
    authorise: (caller: Caller, vendorId: string) => authorise(deps, caller, vendorId),
    /** POST /order/payment/intent. */
    createIntent: (caller: Caller, body: PaymentIntentBody, key: string | null) =>
      createIntent(deps, caller, body, key),
    /** POST /order/payment/intent/confirm. */
    confirm: (caller: Caller, body: PaymentConfirmBody, key: string | null) => confirm(deps, caller, body, key),
    handleWebhook: (headers: Record<string, string | string[] | undefined>, rawBody: string) =>
      handleWebhook(deps, headers, rawBody),
    /** The refund job (queued by `refundWhenCancelled`). */
    refund: (orderId: string) => refund(deps, orderId),
    challengeStepUp: (challengeId: string) => challengeStepUp(deps, challengeId),
    completeChallenge: (challengeId: string) => completeChallenge(deps, challengeId),
    /** The payments sweep: lost capture answers, then abandoned challenges. */
    reconcileCaptures: (minutes: number) => reconcileCaptures(deps, minutes),
    cancelAbandoned: (minutes: number) => cancelAbandoned(deps, minutes),
    savedCards: (caller: Caller, vendorId: string) => savedCards(deps, caller, vendorId),
    removeCard: (caller: Caller, vendorId: string, cardId: string) => removeCard(deps, caller, vendorId, cardId),
    /** Captures minus refunds per order in the ledger (for the reconciliation with the orders). */
    ledgerTotals: () => repo.ledgerTotals(deps.db),
  };
}
