import { createHash, createHmac, randomBytes } from 'node:crypto';
import { PAYMENT_ERROR_KEYS } from '@riderdesk/domain/contracts/payments';
import { z } from 'zod';
import type { Db } from '../../db/db.ts';
import type {
  CardFields,
  ConfirmOutcome,
  DeclineCode,
  MoneyMovement,
  PaymentProvider,
  PaymentSource,
  WebhookEvent,
  WebhookOutbox,
} from './provider.ts';
import * as repo from './repo.ts';
import { openCard, type SealedCard, sealCard } from './sandbox-cards.ts';
import { SIGNATURE_HEADER, verifyWebhookSignature } from './webhook-signature.ts';

export const SANDBOX = 'sandbox';
export const SANDBOX_PATH = '/api/v1/payments/sandbox';

const WebhookEventSchema = z.object({
  id: z.string().max(128),
  type: z.enum(['payment.authorised', 'payment.failed']),
  paymentRef: z.string().max(128),
  code: z.enum(['card_declined', 'insufficient_funds', 'authentication_failed', 'invalid_card']).nullable(),
});

const refOf = (prefix: string, key: string) =>
  `${prefix}_${createHash('sha256').update(key).digest('base64url').slice(0, 24)}`;

export type SandboxProvider = ReturnType<typeof sandboxProvider>;

/**
 * The embedded processor in test mode (decision 060): hosted card fields, test cards, a 3-D Secure
 * challenge page, asynchronous results by signed webhook, captures and refunds. It keeps its own book
 * (sandbox_provider_payments) as a real processor does, and no card number anywhere.
 */
export function sandboxProvider(deps: { db: Db; secret: string; webhookSecret: string; now: () => Date }) {
  const { db, now } = deps;
  // The queue is the payments plugin's (it needs the job queue, which exists once the app is built).
  let outbox: WebhookOutbox | null = null;
  const cardSecret = createHmac('sha256', deps.secret).update('sandbox-card-seal').digest('base64url');

  async function emit(event: WebhookEvent, tx?: Db): Promise<void> {
    if (!outbox) throw new Error('the sandbox webhook outbox is not attached');
    await outbox.queue(event, tx);
  }

  function openSource(source: PaymentSource, walletId: string): SealedCard | null {
    return source.kind === 'token'
      ? openCard(cardSecret, 'tok', source.token, { walletId, now: now() })
      : openCard(cardSecret, 'inst', source.instrumentRef, { walletId, now: now() });
  }

  const provider = {
    name: SANDBOX,

    attachOutbox(next: WebhookOutbox): void {
      outbox = next;
    },

    /** The hosted fields' token for a checked card (sandbox-routes.ts). */
    tokenFor(card: SealedCard, walletId: string, expiresAt: Date): string {
      return sealCard(cardSecret, 'tok', card, { walletId, expiresAt });
    },

    async authoriseWallet(input: { walletId: string }): Promise<CardFields> {
      return { kind: 'framed', url: `${SANDBOX_PATH}/card-fields?wallet_id=${encodeURIComponent(input.walletId)}` };
    },

    async createIntent(input: { idempotencyKey: string }) {
      return { providerIntentId: refOf('pi', `${input.idempotencyKey}:${randomBytes(8).toString('hex')}`) };
    },

    async confirm(input: Parameters<PaymentProvider['confirm']>[0]): Promise<ConfirmOutcome> {
      const card = openSource(input.source, input.walletId);
      if (!card) return { status: 'declined', paymentRef: null, code: 'invalid_card', card: null };
      const { behaviour, ...shown } = card;
      const instrumentRef =
        input.source.kind === 'token' && input.source.save ? sealCard(cardSecret, 'inst', card, null) : null;
      const isChallenged = behaviour === 'challenge' || behaviour === 'challenge_fails';
      const isDeclined = behaviour === 'declined' || behaviour === 'insufficient_funds';
      const paymentRef = refOf('pay', input.idempotencyKey);
      return db.transaction(async (tx) => {
        const existing = await repo.findSandboxPayment(tx, paymentRef);
        const stored =
          existing ??
          (await repo.insertSandboxPayment(
            tx,
            {
              payment_ref: paymentRef,
              idempotency_key: input.idempotencyKey,
              provider_intent_id: input.providerIntentId,
              behaviour,
              card_last4: card.last4,
              status: isDeclined ? 'failed' : isChallenged ? 'challenge' : 'authorised',
              amount_minor: input.amountMinor,
              currency: input.currency,
              return_url: input.returnUrl,
            },
            now(),
          ));
        if (!existing && stored.status === 'authorised') {
          await emit(
            { id: refOf('evt', `${paymentRef}:authorised`), type: 'payment.authorised', paymentRef, code: null },
            tx,
          );
        }
        if (stored.behaviour === 'declined' || stored.behaviour === 'insufficient_funds') {
          const code: DeclineCode = stored.behaviour === 'declined' ? 'card_declined' : 'insufficient_funds';
          return { status: 'declined', paymentRef, code, card: shown };
        }
        if (stored.status === 'challenge') {
          return {
            status: 'challenge_required',
            paymentRef,
            redirectUrl: `${SANDBOX_PATH}/challenge/${paymentRef}`,
            card: shown,
            instrumentRef,
          };
        }
        return { status: 'processing', paymentRef, card: shown, instrumentRef };
      });
    },

    /** The challenge page's answer: the cardholder passed or failed 3-D Secure; answers where to go back to. */
    async answerChallenge(paymentRef: string, isAuthenticated: boolean): Promise<string | null> {
      return db.transaction(async (tx) => {
        const payment = await repo.findSandboxPayment(tx, paymentRef);
        if (!payment) return null;
        // The test card that fails its challenge fails whatever the cardholder does.
        const passes = isAuthenticated && payment.behaviour === 'challenge';
        const moved = await repo.moveSandboxPayment(tx, paymentRef, ['challenge'], {
          status: passes ? 'authorised' : 'failed',
        });
        if (moved) {
          await emit(
            passes
              ? { id: refOf('evt', `${paymentRef}:authorised`), type: 'payment.authorised', paymentRef, code: null }
              : {
                  id: refOf('evt', `${paymentRef}:failed`),
                  type: 'payment.failed',
                  paymentRef,
                  code: 'authentication_failed',
                },
            tx,
          );
        }
        // Like a processor's test mode, the way back says the challenge failed: the page can then offer the
        // order again instead of showing one that was never paid.
        return passes ? payment.return_url : withFailure(payment.return_url);
      });
    },

    async capture(input: { paymentRef: string; amountMinor: number }): Promise<MoneyMovement> {
      const payment = await repo.findSandboxPayment(db, input.paymentRef);
      if (!payment) return { status: 'failed', ref: null, code: 'payment_not_found' };
      if (payment.status === 'captured') return { status: 'succeeded', ref: `cap_${input.paymentRef}`, code: null };
      if (input.amountMinor > payment.amount_minor) return { status: 'failed', ref: null, code: 'amount_too_large' };
      const moved = await repo.moveSandboxPayment(db, input.paymentRef, ['authorised'], {
        status: 'captured',
        capturedMinor: input.amountMinor,
      });
      return moved
        ? { status: 'succeeded', ref: `cap_${input.paymentRef}`, code: null }
        : { status: 'failed', ref: null, code: 'not_authorised' };
    },

    async refund(input: { paymentRef: string; amountMinor: number; idempotencyKey: string }): Promise<MoneyMovement> {
      const ref = refOf('re', input.idempotencyKey);
      return db.transaction(async (tx) => {
        const payment = await repo.findSandboxPayment(tx, input.paymentRef);
        if (payment?.status !== 'captured') return { status: 'failed', ref: null, code: 'not_captured' };
        if (payment.refunded_minor + input.amountMinor > payment.captured_minor) {
          // Already refunded in full: a retried refund answers as the first did.
          return payment.refunded_minor === payment.captured_minor
            ? { status: 'succeeded', ref, code: null }
            : { status: 'failed', ref: null, code: 'amount_too_large' };
        }
        await repo.moveSandboxPayment(tx, input.paymentRef, ['captured'], { refundedMinor: input.amountMinor });
        return { status: 'succeeded', ref, code: null };
      });
    },

    verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): WebhookEvent {
      const header = headers[SIGNATURE_HEADER];
      verifyWebhookSignature(deps.webhookSecret, typeof header === 'string' ? header : undefined, rawBody, now());
      return WebhookEventSchema.parse(JSON.parse(rawBody));
    },
  } satisfies PaymentProvider & Record<string, unknown>;
  return provider;
}

/** The return address with the reason a challenge failed (`payment_error`, a translation key). */
function withFailure(returnUrl: string): string {
  const separator = returnUrl.includes('?') ? '&' : '?';
  return `${returnUrl}${separator}payment_error=${encodeURIComponent(PAYMENT_ERROR_KEYS.authenticationFailed)}`;
}
