import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  PaymentAuthAnswer,
  PaymentConfirmAnswer,
  PaymentConfirmBody,
  PaymentIntentAnswer,
  PaymentIntentBody,
  SavedCard,
} from '@riderdesk/domain/contracts/payments';
import { PAYMENT_ERROR_KEYS } from '@riderdesk/domain/contracts/payments';
import { fromMinor } from '@riderdesk/domain/money';
import { orderCharges, PAID_BY_CARD } from '@riderdesk/domain/orders/charges';
import { paths } from '@riderdesk/domain/paths';
import type { Db } from '../../db/db.ts';
import { AppError, keyedError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { Lifecycle, OrderPatch } from '../orders/lifecycle.ts';
import type { OrderRecords } from '../orders/records.ts';
import type { OrderService } from '../orders/service.ts';
import type { VendorRow } from '../vendors/model.ts';
import type { VendorService } from '../vendors/service.ts';
import type {
  ConfirmOutcome,
  DeclineCode,
  MoneyMovement,
  PaymentProvider,
  PaymentSource,
  WebhookEvent,
} from './provider.ts';
import * as repo from './repo.ts';

export type PaymentService = ReturnType<typeof paymentService>;

const WALLET_TTL_MS = 15 * 60_000;
const INTENT_TTL_MS = 30 * 60_000;
/** spec §4: a paid order that is cancelled (by the merchant, or no_courier), or comes back, is refunded. */
const REFUNDED_STATUSES: readonly string[] = ['CANCELLED', 'PAYMENT_CANCELLED', 'RETURNED_TO_VENDOR'];

const DECLINE_KEYS: Record<DeclineCode, string> = {
  card_declined: PAYMENT_ERROR_KEYS.declined,
  insufficient_funds: PAYMENT_ERROR_KEYS.insufficientFunds,
  authentication_failed: PAYMENT_ERROR_KEYS.authenticationFailed,
  invalid_card: PAYMENT_ERROR_KEYS.invalidCard,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest();
const newId = (prefix: string) => `${prefix}_${randomBytes(16).toString('base64url')}`;
const unavailable = () => keyedError(403, 'OnlinePaymentUnavailable', PAYMENT_ERROR_KEYS.getIfEnabled);

/** Sends the refund of an order to the job queue (in the step's transaction: it exists only if that commits). */
export type RefundQueue = (orderId: string, tx: Db) => Promise<void>;

export interface PaymentDeps {
  db: Db;
  now: () => Date;
  currency: string;
  vendors: VendorService;
  orders: OrderService;
  orderRecords: OrderRecords;
  lifecycle: Lifecycle;
  provider: PaymentProvider;
  /** Our public address (PUBLIC_URL): where an issuer's step-up page posts the cardholder back to. */
  publicUrl: string;
}

/** Where the browser is sent for a challenge completed by us, and where the issuer's page sends it back. */
export const CHALLENGE_PATH = '/api/v1/payments/challenge';

export function paymentService(deps: PaymentDeps) {
  const { db, now, vendors, orders, orderRecords, lifecycle, provider } = deps;
  let refundQueue: RefundQueue | null = null;
  /** spec §9 card methods: CyberSource's own, or the generic one of any other processor. */
  const cardMethod = provider.name === 'cybersource' ? 'cybersource_creditcard' : 'generic_creditcard';

  /** spec §6: card payment is for signed-in merchants of a vendor that has it, where the country offers it. */
  async function payingVendor(caller: Caller, vendorId: string): Promise<{ userId: string; vendor: VendorRow }> {
    if (caller.kind !== 'user') throw unavailable();
    const vendor = await vendors.vendorOfCaller(caller, vendorId);
    const [activated, methods] = await Promise.all([
      vendors.findCountryParameter('onlinePaymentActivated'),
      vendors.findCountryParameter('paymentMethods'),
    ]);
    const isOffered = methods === null || methods.split('|').some((method) => method.trim() === PAID_BY_CARD);
    if (vendor.payment_methods[PAID_BY_CARD] !== true || activated !== 'true' || !isOffered) throw unavailable();
    return { userId: caller.userId, vendor };
  }

  async function walletOf(userId: string, walletId: string, vendorId: string) {
    const wallet = await repo.findWallet(db, walletId);
    if (!wallet || wallet.user_id !== userId || wallet.vendor_id !== vendorId || wallet.expires_at <= now()) {
      throw keyedError(409, 'WalletExpired', PAYMENT_ERROR_KEYS.init);
    }
    return wallet;
  }

  async function chargeOf(caller: Caller, vendor: VendorRow, order: PaymentIntentBody['order']) {
    const admitted = await orders.admitCreate(caller, order, null);
    const prepared = await orders.prepareCardOrder(caller, admitted.vendor, admitted.body);
    const charges = orderCharges({
      amountMinor: prepared.amount_minor,
      deliveryFeeMinor: prepared.delivery_fee_minor,
      discountMinor: prepared.discount_minor,
      paymentMethod: prepared.payment_method,
    });
    if (admitted.vendor.vendor_id !== vendor.vendor_id) throw unavailable();
    return { prepared, amountMinor: charges.cardChargeMinor };
  }

  function toSavedCard(row: repo.SavedCardRow): SavedCard {
    return {
      id: row.card_id,
      scheme: row.scheme,
      bin: row.bin,
      last4: row.last4,
      exp_month: row.exp_month,
      exp_year: row.exp_year,
      holder_name: row.holder_name,
    };
  }

  async function intentAnswer(intent: repo.IntentRow): Promise<PaymentIntentAnswer> {
    const cards = await repo.findSavedCards(db, intent.user_id, intent.vendor_id, provider.name);
    return {
      result: {
        intent_id: intent.intent_id,
        amount: fromMinor(intent.amount_minor, intent.currency),
        currency: intent.currency,
        payment_methods: [{ name: cardMethod, paymentInstruments: cards.map(toSavedCard) }],
      },
    };
  }

  function confirmError(code: DeclineCode): AppError {
    return keyedError(402, 'PaymentDeclined', DECLINE_KEYS[code]);
  }

  /** The order after the provider's answer to a confirm: one lifecycle step with its ledger row. */
  async function applyConfirmOutcome(
    order: { orderId: string; vendorId: string; userId: string; amountMinor: number; holderName: string | null },
    outcome: ConfirmOutcome,
    ledgerKey: string,
    challengeId: string,
  ): Promise<void> {
    const card = outcome.card ? { card_scheme: outcome.card.scheme, card_last4: outcome.card.last4 } : {};
    const ledger = (status: repo.LedgerStatus, code: string | null) => async (tx: Db) => {
      await repo.insertLedger(
        tx,
        {
          order_id: order.orderId,
          vendor_id: order.vendorId,
          kind: 'authorisation',
          status,
          amount_minor: order.amountMinor,
          currency: deps.currency,
          provider: provider.name,
          provider_ref: outcome.paymentRef,
          failure_code: code,
          idempotency_key: ledgerKey,
        },
        now(),
      );
    };
    if (outcome.status === 'declined') {
      await lifecycle.step(order.orderId, 'PAYMENT_FAILED', {
        patch: () => ({ payment_status: 'failed', ...card }),
        also: ledger('failed', outcome.code),
      });
      return;
    }
    await lifecycle.step(order.orderId, 'PAYMENT_INITIATED', {
      patch: () => ({
        payment_status: outcome.status === 'challenge_required' ? 'authentication_required' : 'pending',
        ...card,
      }),
      also: async (tx) => {
        await ledger('pending', null)(tx);
        if (outcome.status === 'challenge_required' && outcome.stepUp && outcome.resume) {
          await repo.insertChallenge(
            tx,
            {
              challenge_id: challengeId,
              order_id: order.orderId,
              provider: provider.name,
              step_up: outcome.stepUp,
              resume: outcome.resume,
            },
            now(),
          );
        }
        if (outcome.instrumentRef && order.holderName) {
          await repo.insertSavedCard(tx, {
            card_id: newId('card'),
            vendor_id: order.vendorId,
            user_id: order.userId,
            provider: provider.name,
            instrument_ref: outcome.instrumentRef,
            scheme: outcome.card.scheme,
            bin: outcome.card.bin,
            last4: outcome.card.last4,
            exp_month: outcome.card.expMonth,
            exp_year: outcome.card.expYear,
            holder_name: order.holderName,
            created_at: now(),
          });
        }
      },
    });
  }

  /**
   * An authorised payment is captured; the order becomes PAYMENT_COMMITTED and then NEW (dispatched), or
   * PAYMENT_FAILED when the capture fails. `also` runs in the step's transaction (the webhook records its event).
   */
  async function commitAuthorised(
    orderId: string,
    authorisation: repo.LedgerRow,
    paymentRef: string,
    also: (tx: Db) => Promise<void>,
  ): Promise<boolean> {
    const recordOnce = also;
    const settle = (tx: Db, ledgerKey: string, status: repo.LedgerStatus, ref: string | null, code: string | null) =>
      repo.settleLedger(tx, ledgerKey, { status, providerRef: ref, failureCode: code }, now());
    const captureKey = `capture:${orderId}`;
    const isFirst = await repo.insertLedger(
      db,
      {
        ...authorisation,
        kind: 'capture',
        status: 'pending',
        provider_ref: null,
        failure_code: null,
        idempotency_key: captureKey,
      },
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
        const found = await reconcile('capture', paymentRef, captureKey);
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
      const found = await reconcile('capture', paymentRef, captureKey);
      if (!found || found === 'unknown') return false;
      capture = found;
    }
    if (capture.status === 'failed') {
      await lifecycle.step(orderId, 'PAYMENT_FAILED', {
        patch: () => ({ payment_status: 'failed' }),
        also: async (tx) => {
          await recordOnce(tx);
          await repo.forgetChallengesOfOrder(tx, orderId);
          await settle(tx, authorisation.idempotency_key, 'succeeded', null, null);
          await settle(tx, captureKey, 'failed', null, capture.code);
        },
      });
      return true;
    }
    await lifecycle.step(orderId, 'PAYMENT_COMMITTED', {
      patch: () => ({ payment_status: 'captured', paid_minor: authorisation.amount_minor }),
      also: async (tx) => {
        await recordOnce(tx);
        await repo.forgetChallengesOfOrder(tx, orderId);
        await settle(tx, authorisation.idempotency_key, 'succeeded', null, null);
        await settle(tx, captureKey, 'succeeded', capture.ref, null);
      },
    });
    // spec §4: dispatched only once the payment is committed.
    await lifecycle.step(orderId, 'NEW');
    return true;
  }

  /**
   * What the processor holds for a movement whose answer was lost: its result, null when it holds none (the
   * movement may be sent), or 'unknown' when it cannot tell (then it must not be sent again yet).
   */
  async function reconcile(
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

  return {
    attachRefunds(queue: RefundQueue): void {
      refundQueue = queue;
    },

    /** POST /order/payment/auth/{vendorId} (spec §7): a wallet for the hosted card fields. */
    async authorise(caller: Caller, vendorId: string): Promise<PaymentAuthAnswer> {
      const { userId, vendor } = await payingVendor(caller, vendorId);
      const at = now();
      const walletId = newId('wal');
      const accessToken = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + WALLET_TTL_MS);
      await repo.insertWallet(db, {
        wallet_id: walletId,
        vendor_id: vendor.vendor_id,
        user_id: userId,
        access_token_hash: hashToken(accessToken).toString('hex'),
        created_at: at,
        expires_at: expiresAt,
      });
      const fields = await provider.authoriseWallet({ walletId, expiresAt });
      return {
        result: {
          wallet_id: walletId,
          access_token: accessToken,
          expires_in: WALLET_TTL_MS / 1000,
          card_fields_url: fields.kind === 'framed' ? fields.url : null,
          ...(fields.kind === 'microform'
            ? {
                microform: {
                  capture_context: fields.captureContext,
                  client_library: fields.clientLibrary,
                  client_library_integrity: fields.clientLibraryIntegrity,
                },
              }
            : {}),
        },
      };
    },

    /** POST /order/payment/intent (spec §7): the amount from the order's signed fee, and the saved cards. */
    async createIntent(caller: Caller, body: PaymentIntentBody, key: string | null): Promise<PaymentIntentAnswer> {
      const { userId, vendor } = await payingVendor(caller, body.order.vendor_id);
      await walletOf(userId, body.wallet_id, vendor.vendor_id);
      if (key) {
        const existing = await repo.findIntentByKey(db, userId, key);
        if (existing) return intentAnswer(existing);
      }
      const { amountMinor } = await chargeOf(caller, vendor, body.order);
      if (amountMinor <= 0) throw keyedError(400, 'NothingToCharge', PAYMENT_ERROR_KEYS.intentCreation);
      const intentId = newId('int');
      const { providerIntentId } = await provider.createIntent({
        amountMinor,
        currency: deps.currency,
        idempotencyKey: key ?? intentId,
      });
      const at = now();
      const intent: repo.IntentRow = {
        intent_id: intentId,
        vendor_id: vendor.vendor_id,
        user_id: userId,
        wallet_id: body.wallet_id,
        provider: provider.name,
        provider_intent_id: providerIntentId,
        amount_minor: amountMinor,
        currency: deps.currency,
        status: 'created',
        idempotency_key: key,
        order_id: null,
        confirm_key: null,
        confirm_answer: null,
        created_at: at,
        expires_at: new Date(at.getTime() + INTENT_TTL_MS),
      };
      await repo.insertIntent(db, intent);
      return intentAnswer(intent);
    },

    /**
     * POST /order/payment/intent/confirm (spec §7). The intent is confirmed once: the order is placed in
     * INITIATED with it, in one transaction; a retry (time-out, double click) replays the first answer and
     * never reaches the card again.
     */
    async confirm(
      caller: Caller,
      body: PaymentConfirmBody,
      key: string | null,
    ): Promise<{ statusCode: number; body: PaymentConfirmAnswer | ReturnType<AppError['toJSON']>; isReplay: boolean }> {
      const { userId, vendor } = await payingVendor(caller, body.order.vendor_id);
      const replay = async () => {
        const intent = await repo.lockIntent(db, body.purchase_intent_id, userId);
        if (!intent) throw keyedError(404, 'IntentNotFound', PAYMENT_ERROR_KEYS.intentExpired);
        if (intent.status !== 'confirmed') return null;
        if (!intent.confirm_answer) throw keyedError(409, 'PaymentInProgress', PAYMENT_ERROR_KEYS.inProgress);
        return { ...intent.confirm_answer, isReplay: true } as {
          statusCode: number;
          body: PaymentConfirmAnswer;
          isReplay: boolean;
        };
      };
      const earlier = await replay();
      if (earlier) return earlier;

      const intent = await repo.lockIntent(db, body.purchase_intent_id, userId);
      if (!intent || intent.vendor_id !== vendor.vendor_id) {
        throw keyedError(404, 'IntentNotFound', PAYMENT_ERROR_KEYS.intentExpired);
      }
      if (intent.expires_at <= now()) throw keyedError(409, 'IntentExpired', PAYMENT_ERROR_KEYS.intentExpired);
      const wallet = await walletOf(userId, intent.wallet_id, vendor.vendor_id);
      const given = hashToken(body.bearer_token);
      if (!timingSafeEqual(given, Buffer.from(wallet.access_token_hash, 'hex'))) {
        throw keyedError(401, 'WalletTokenInvalid', PAYMENT_ERROR_KEYS.init);
      }
      // The fee is checked again (SignatureExpired answers here too); a different amount is a changed fee.
      const { prepared, amountMinor } = await chargeOf(caller, vendor, body.order);
      if (amountMinor !== intent.amount_minor) throw keyedError(409, 'FeeChanged', PAYMENT_ERROR_KEYS.feeChanged);

      let source: PaymentSource;
      let holderName: string | null = null;
      if (body.payment_instrument_id) {
        const saved = await repo.findSavedCard(db, userId, vendor.vendor_id, body.payment_instrument_id);
        if (!saved) throw keyedError(404, 'CardNotFound', PAYMENT_ERROR_KEYS.invalidCard, 'payment_instrument_id');
        source = { kind: 'instrument', instrumentRef: saved.instrument_ref };
      } else {
        const card = body.card!;
        holderName = card.holder_name;
        source = { kind: 'token', token: card.token, holderName: card.holder_name, save: card.save_card };
      }

      const placed = await db.transaction(async (tx) => {
        const locked = await repo.lockIntent(tx, intent.intent_id, userId);
        if (!locked || locked.status === 'confirmed') return null;
        const orderId = await orders.placeInitiated(tx, prepared);
        await repo.markIntentConfirmed(tx, intent.intent_id, orderId, key);
        return orderId;
      });
      if (!placed) {
        const again = await replay();
        if (again) return again;
        throw keyedError(409, 'PaymentInProgress', PAYMENT_ERROR_KEYS.inProgress);
      }

      const challengeId = newId('chl');
      const outcome = await provider.confirm({
        providerIntentId: intent.provider_intent_id,
        walletId: wallet.wallet_id,
        amountMinor,
        currency: intent.currency,
        source,
        returnUrl: trackingPath(vendor.vendor_id, placed),
        challengeReturnUrl: `${deps.publicUrl}${CHALLENGE_PATH}/${challengeId}/return`,
        idempotencyKey: `confirm:${intent.intent_id}`,
      });
      await applyConfirmOutcome(
        { orderId: placed, vendorId: vendor.vendor_id, userId, amountMinor, holderName },
        outcome,
        `authorisation:${placed}`,
        challengeId,
      );
      if (outcome.status === 'authorised') {
        // A processor that authorises synchronously: captured now, as the webhook does for the sandbox.
        const authorisation = await repo.findLedger(db, `authorisation:${placed}`);
        if (authorisation) await commitAuthorised(placed, authorisation, outcome.paymentRef, async () => {});
      }
      const answer =
        outcome.status === 'declined'
          ? { statusCode: 402, body: confirmError(outcome.code).toJSON() }
          : {
              statusCode: 200,
              body: {
                result: {
                  order_id: placed,
                  ...(outcome.status === 'challenge_required'
                    ? {
                        redirect_required: {
                          // A step-up page reached by a form post: our challenge page posts to it.
                          redirectUrl: outcome.stepUp ? `${CHALLENGE_PATH}/${challengeId}` : outcome.redirectUrl,
                        },
                      }
                    : {}),
                },
              },
            };
      await repo.storeConfirmAnswer(db, intent.intent_id, answer);
      return { ...answer, isReplay: false } as { statusCode: number; body: PaymentConfirmAnswer; isReplay: boolean };
    },

    /**
     * The provider's webhook: a signed, fresh call, applied once. An authorised payment is captured, the
     * order becomes PAYMENT_COMMITTED and then NEW (dispatched); a failed one ends PAYMENT_FAILED.
     */
    async handleWebhook(
      headers: Record<string, string | string[] | undefined>,
      rawBody: string,
    ): Promise<{ status: 'applied' | 'duplicate' | 'ignored' }> {
      let event: WebhookEvent;
      try {
        event = provider.verifyWebhook(headers, rawBody);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError(400, 'WebhookInvalid', 'WebhookInvalid');
      }
      if (await repo.hasWebhookEvent(db, provider.name, event.id)) return { status: 'duplicate' };
      if (event.type === 'other') {
        const isNew = await repo.recordWebhookEvent(db, provider.name, event.id, now());
        return { status: isNew ? 'ignored' : 'duplicate' };
      }
      const authorisation = await repo.findAuthorisationByRef(db, provider.name, event.paymentRef);
      // Not known yet: the confirm that made it has not committed; the provider delivers again.
      if (!authorisation) throw new AppError(409, 'PaymentUnknown', 'PaymentUnknown');
      const order = await orderRecords.find(authorisation.order_id);
      if (!order) throw new AppError(409, 'PaymentUnknown', 'PaymentUnknown');
      const recordOnce = async (tx: Db) => {
        if (!(await repo.recordWebhookEvent(tx, provider.name, event.id, now()))) throw duplicateEvent();
      };
      const settle = (tx: Db, ledgerKey: string, status: repo.LedgerStatus, ref: string | null, code: string | null) =>
        repo.settleLedger(tx, ledgerKey, { status, providerRef: ref, failureCode: code }, now());
      try {
        if (order.status !== 'PAYMENT_INITIATED') {
          await db.transaction(recordOnce);
          return { status: 'ignored' };
        }
        if (event.type === 'payment.failed') {
          await lifecycle.step(order.order_id, 'PAYMENT_FAILED', {
            patch: () => ({ payment_status: 'failed' }),
            also: async (tx) => {
              await recordOnce(tx);
              await repo.forgetChallengesOfOrder(tx, order.order_id);
              await settle(tx, authorisation.idempotency_key, 'failed', null, event.code);
            },
          });
          return { status: 'applied' };
        }
        if (!(await commitAuthorised(order.order_id, authorisation, event.paymentRef, recordOnce))) {
          // A capture of it is pending and cannot be confirmed yet: the processor delivers again later.
          throw new AppError(409, 'PaymentPending', 'PaymentPending');
        }
        return { status: 'applied' };
      } catch (error) {
        if (error instanceof DuplicateEvent) return { status: 'duplicate' };
        throw error;
      }
    },

    /** In the transaction of every order step: a paid order that is cancelled or returned is refunded. */
    async onOrderStep(
      tx: Db,
      order: {
        order_id: string;
        status: string;
        payment_method: string;
        paid_minor: number;
        refunded_minor: number;
        payment_status: string | null;
      },
    ): Promise<OrderPatch | undefined> {
      if (order.payment_method !== PAID_BY_CARD || !REFUNDED_STATUSES.includes(order.status)) return undefined;
      if (order.paid_minor <= order.refunded_minor || order.payment_status === 'refund_pending') return undefined;
      if (!refundQueue) throw new Error('the refund queue is not attached');
      await refundQueue(order.order_id, tx);
      return { payment_status: 'refund_pending' };
    },

    /** The refund job: what was captured and not yet refunded goes back to the card, once. */
    async refund(orderId: string): Promise<void> {
      const order = await orderRecords.find(orderId);
      if (!order || order.paid_minor <= order.refunded_minor) return;
      const capture = await repo.findLedger(db, `capture:${orderId}`);
      const authorisation = await repo.findLedger(db, `authorisation:${orderId}`);
      if (capture?.status !== 'succeeded' || !authorisation?.provider_ref) return;
      const amountMinor = order.paid_minor - order.refunded_minor;
      const refundKey = `refund:${orderId}`;
      const isFirst = await repo.insertLedger(
        db,
        {
          ...capture,
          kind: 'refund',
          status: 'pending',
          amount_minor: amountMinor,
          provider_ref: null,
          failure_code: null,
          idempotency_key: refundKey,
        },
        now(),
      );
      // A retry of a refund already sent: ask the processor first, so the money never goes back twice.
      const earlier = isFirst ? null : await reconcile('refund', authorisation.provider_ref, refundKey);
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
          repo.settleLedger(tx, refundKey, { status: 'failed', providerRef: null, failureCode: result.code }, now()),
        );
        throw new Error(`refund of ${orderId} failed: ${result.code}`);
      }
      await lifecycle.touch(
        orderId,
        { payment_status: 'refunded', refunded_minor: order.refunded_minor + amountMinor },
        (tx) =>
          repo.settleLedger(tx, refundKey, { status: 'succeeded', providerRef: result.ref, failureCode: null }, now()),
      );
    },

    /** Our challenge page: the issuer's step-up page and the fields to post to it (null: unknown or done). */
    async challengeStepUp(challengeId: string): Promise<repo.ChallengeRow['step_up'] | null> {
      const challenge = await repo.findChallenge(db, challengeId);
      if (!challenge || challenge.completed_at || challenge.provider !== provider.name) return null;
      return challenge.step_up;
    },

    /**
     * The cardholder is back from the issuer's page: the provider validates the authentication and
     * authorises; the payment is then committed (captured, dispatched) or fails with the issuer's answer.
     * Answers where to send the browser (the order's tracking), or null for an unknown challenge.
     */
    async completeChallenge(challengeId: string): Promise<string | null> {
      const challenge = await repo.findChallenge(db, challengeId);
      if (!challenge || challenge.provider !== provider.name) return null;
      const order = await orderRecords.find(challenge.order_id);
      if (!order) return null;
      const back = trackingPath(order.vendor_id, order.order_id);
      const authorisation = await repo.findLedger(db, `authorisation:${order.order_id}`);
      if (order.status !== 'PAYMENT_INITIATED' || !authorisation || !provider.completeChallenge) return back;
      const resume = await repo.claimChallenge(db, challengeId, now());
      if (!resume) return back;
      const outcome = await provider.completeChallenge({
        resume,
        amountMinor: authorisation.amount_minor,
        currency: authorisation.currency,
        idempotencyKey: `authorisation:${order.order_id}:3ds`,
      });
      if (outcome.status === 'unavailable') {
        // Nothing decided: the next return (or the abandoned-payment sweep) finishes it.
        await repo.releaseChallenge(db, challengeId);
        return back;
      }
      try {
        if (outcome.status === 'declined') {
          await lifecycle.step(order.order_id, 'PAYMENT_FAILED', {
            guard: (current) => {
              if (current.status !== 'PAYMENT_INITIATED') throw new AppError(409, 'NotPending', 'NotPending');
            },
            patch: () => ({ payment_status: 'failed' }),
            also: async (tx) => {
              await repo.forgetChallenge(tx, challengeId);
              await repo.settleLedger(
                tx,
                authorisation.idempotency_key,
                { status: 'failed', providerRef: null, failureCode: outcome.code },
                now(),
              );
            },
          });
          // The way back says why, so the page offers the order again instead of one that was never paid.
          return `${back}&${new URLSearchParams({ payment_error: DECLINE_KEYS[outcome.code] })}`;
        }
        await db.transaction(async (tx) => {
          await repo.forgetChallenge(tx, challengeId);
          await repo.setLedgerRef(tx, authorisation.idempotency_key, outcome.paymentRef, now());
          const intent = outcome.saved ? await repo.findIntentOfOrder(tx, order.order_id) : null;
          if (outcome.saved && intent) {
            await repo.insertSavedCard(tx, {
              card_id: newId('card'),
              vendor_id: intent.vendor_id,
              user_id: intent.user_id,
              provider: provider.name,
              instrument_ref: outcome.saved.instrumentRef,
              scheme: outcome.saved.card.scheme,
              bin: outcome.saved.card.bin,
              last4: outcome.saved.card.last4,
              exp_month: outcome.saved.card.expMonth,
              exp_year: outcome.saved.card.expYear,
              holder_name: outcome.saved.holderName,
              created_at: now(),
            });
          }
        });
        await commitAuthorised(
          order.order_id,
          { ...authorisation, provider_ref: outcome.paymentRef },
          outcome.paymentRef,
          async () => {},
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
      return back;
    },

    /**
     * Captures whose answer was lost: looked up again until the processor shows them (the order is then
     * committed and dispatched); one still unknown after `minutes` was not made, and the payment fails.
     */
    async reconcileCaptures(minutes: number): Promise<number> {
      const at = now();
      let settled = 0;
      for (const row of await repo.findPendingCaptures(db, new Date(at.getTime() - 60_000), 50)) {
        const order = await orderRecords.find(row.order_id);
        const authorisation = await repo.findLedger(db, `authorisation:${row.order_id}`);
        if (order?.status !== 'PAYMENT_INITIATED' || !authorisation?.provider_ref) continue;
        if (await commitAuthorised(order.order_id, authorisation, authorisation.provider_ref, async () => {})) {
          settled++;
          continue;
        }
        if (row.created_at.getTime() > at.getTime() - minutes * 60_000) continue;
        try {
          await lifecycle.step(order.order_id, 'PAYMENT_FAILED', {
            guard: (current) => {
              if (current.status !== 'PAYMENT_INITIATED') throw new AppError(409, 'NotPending', 'NotPending');
            },
            patch: () => ({ payment_status: 'failed' }),
            also: async (tx) => {
              await repo.forgetChallengesOfOrder(tx, order.order_id);
              await repo.settleLedger(
                tx,
                authorisation.idempotency_key,
                { status: 'succeeded', providerRef: null, failureCode: null },
                now(),
              );
              await repo.settleLedger(
                tx,
                `capture:${order.order_id}`,
                { status: 'failed', providerRef: null, failureCode: 'capture_not_found' },
                now(),
              );
            },
          });
          settled++;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      return settled;
    },

    /** Card payments still waiting for their 3-D Secure challenge after `minutes` end PAYMENT_CANCELLED. */
    async cancelAbandoned(minutes: number): Promise<number> {
      const before = new Date(now().getTime() - minutes * 60_000);
      let cancelled = 0;
      for (const row of await repo.findAbandonedAuthorisations(db, before, 50)) {
        try {
          await lifecycle.step(row.order_id, 'PAYMENT_CANCELLED', {
            guard: (order) => {
              if (order.status !== 'PAYMENT_INITIATED') throw new AppError(409, 'NotPending', 'NotPending');
            },
            patch: () => ({ payment_status: 'cancelled' }),
            also: async (tx) => {
              await repo.forgetChallengesOfOrder(tx, row.order_id);
              await repo.settleLedger(
                tx,
                row.idempotency_key,
                { status: 'failed', providerRef: null, failureCode: 'abandoned' },
                now(),
              );
            },
          });
          cancelled++;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      return cancelled;
    },

    async savedCards(caller: Caller, vendorId: string): Promise<SavedCard[]> {
      const { userId, vendor } = await payingVendor(caller, vendorId);
      return (await repo.findSavedCards(db, userId, vendor.vendor_id, provider.name)).map(toSavedCard);
    },

    async removeCard(caller: Caller, vendorId: string, cardId: string): Promise<void> {
      if (caller.kind !== 'user') throw unavailable();
      const vendor = await vendors.vendorOfCaller(caller, vendorId);
      if (!(await repo.deleteSavedCard(db, caller.userId, vendor.vendor_id, cardId))) {
        throw keyedError(404, 'CardNotFound', PAYMENT_ERROR_KEYS.invalidCard);
      }
    },

    /** Captures minus refunds per order in the ledger (for the reconciliation with the orders). */
    ledgerTotals: () => repo.ledgerTotals(db),
  };
}

const trackingPath = (vendorId: string, orderId: string) => paths.orderTracking(vendorId, { order_id: orderId });

class DuplicateEvent extends Error {}
const duplicateEvent = () => new DuplicateEvent('duplicate webhook event');
