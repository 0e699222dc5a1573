import type { Db } from '../../db/db.ts';

/**
 * The boundary to a card processor (decision 060). Card numbers stay on the provider's side: its hosted
 * fields turn them into a token, and what crosses back is the card as a merchant recognises it.
 */
export interface ProviderCard {
  scheme: string;
  bin: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'authentication_failed' | 'invalid_card';

/** A new card's one-time token, or a saved card's reusable instrument. */
export type PaymentSource =
  | { kind: 'token'; token: string; holderName: string; save: boolean }
  | { kind: 'instrument'; instrumentRef: string };

export type ConfirmOutcome =
  /** Accepted; the result arrives by webhook (payment.authorised or payment.failed). */
  | { status: 'processing'; paymentRef: string; card: ProviderCard; instrumentRef: string | null }
  /** Authorised at once (a processor answering synchronously): we capture without waiting for a webhook. */
  | { status: 'authorised'; paymentRef: string; card: ProviderCard; instrumentRef: string | null }
  /** The issuer asks for 3-D Secure: the browser goes to redirectUrl and comes back to the return URL. */
  | {
      status: 'challenge_required';
      paymentRef: string;
      redirectUrl: string;
      card: ProviderCard;
      instrumentRef: string | null;
      /**
       * A processor whose issuer page must be reached by a form post (CyberSource's step-up: JWT and MD):
       * the browser is sent to our challenge page, which posts these fields there.
       */
      stepUp?: { url: string; fields: Record<string, string> };
      /** What the provider needs to finish the payment once the browser is back (completeChallenge). */
      resume?: Record<string, unknown>;
    }
  | { status: 'declined'; paymentRef: string | null; code: DeclineCode; card: ProviderCard | null };

export interface WebhookEvent {
  /** Unique per event: a delivery of an event already applied changes nothing. */
  id: string;
  /** other: an event we are subscribed to but do not act on (recorded, answered 200). */
  type: 'payment.authorised' | 'payment.failed' | 'other';
  paymentRef: string;
  code: DeclineCode | null;
}

export interface MoneyMovement {
  status: 'succeeded' | 'failed';
  ref: string | null;
  code: string | null;
}

/** The card fields the browser shows: a page of ours to frame (sandbox), or CyberSource's Microform. */
export type CardFields =
  | { kind: 'framed'; url: string }
  | { kind: 'microform'; captureContext: string; clientLibrary: string; clientLibraryIntegrity: string | null };

/** What a finished 3-D Secure challenge gives: the authorisation, or the issuer's refusal. */
export type ChallengeOutcome =
  | {
      status: 'authorised';
      paymentRef: string;
      /** The new card's reusable instrument, when the cardholder asked to save it. */
      saved: { instrumentRef: string; card: ProviderCard; holderName: string } | null;
    }
  | { status: 'declined'; code: DeclineCode }
  /** The processor could not be reached: nothing is decided, the payment keeps waiting. */
  | { status: 'unavailable' };

export interface PaymentProvider {
  readonly name: string;
  /** spec §7 POST /order/payment/auth: a session the hosted fields tokenise into; answers the fields to show. */
  authoriseWallet(input: { walletId: string; expiresAt: Date }): Promise<CardFields>;
  createIntent(input: { amountMinor: number; currency: string; idempotencyKey: string }): Promise<{
    providerIntentId: string;
  }>;
  /** Authorises the intent's amount on the card; the same idempotency key answers the same payment. */
  confirm(input: {
    providerIntentId: string;
    walletId: string;
    amountMinor: number;
    currency: string;
    source: PaymentSource;
    /** Where the 3-D Secure challenge sends the browser back to (a path of ours, the order's tracking). */
    returnUrl: string;
    /** Our absolute URL the issuer's page posts back to, for a processor whose challenge we complete. */
    challengeReturnUrl: string;
    idempotencyKey: string;
  }): Promise<ConfirmOutcome>;
  capture(input: {
    paymentRef: string;
    amountMinor: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<MoneyMovement>;
  refund(input: {
    paymentRef: string;
    amountMinor: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<MoneyMovement>;
  /**
   * After the issuer's challenge (a processor that authorises after validating it, as CyberSource does):
   * `resume` is what confirm answered with the challenge.
   */
  completeChallenge?(input: {
    resume: Record<string, unknown>;
    amountMinor: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<ChallengeOutcome>;
  /**
   * A capture or refund sent before whose answer was lost: what the processor holds under that idempotency
   * key (succeeded, or failed), or null when it has none, so a retry never moves the money twice.
   */
  findMovement?(input: {
    kind: 'capture' | 'refund';
    paymentRef: string;
    idempotencyKey: string;
  }): Promise<MoneyMovement | null>;
  /** Checks a webhook call's signature and age; throws when either is wrong. */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): WebhookEvent;
}

/** How a provider's webhook calls reach our webhook route (the sandbox queues them; tx: only if it commits). */
export interface WebhookOutbox {
  queue(event: WebhookEvent, tx?: Db): Promise<void>;
}
