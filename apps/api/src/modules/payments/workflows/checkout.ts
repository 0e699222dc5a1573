import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  PaymentAuthAnswer,
  PaymentConfirmAnswer,
  PaymentConfirmBody,
  PaymentIntentAnswer,
  PaymentIntentBody,
} from '@riderdesk/domain/contracts/payments';
import { PAYMENT_ERROR_KEYS } from '@riderdesk/domain/contracts/payments';
import { fromMinor } from '@riderdesk/domain/money';
import type { Db } from '../../../db/db.ts';
import { type AppError, keyedError } from '../../../errors.ts';
import type { Caller } from '../../../plugins/auth.ts';
import { chargesOfRow } from '../../orders/model.ts';
import type { VendorRow } from '../../vendors/model.ts';
import { declinedError, newId, type PaymentDeps, payingVendor, unavailable } from '../deps.ts';
import { failPendingPayment } from '../fail-pending-payment.ts';
import { ledgerKeys } from '../ledger.ts';
import { challengePageLink, challengeReturnLink, trackingLink } from '../links.ts';
import type { ConfirmOutcome, PaymentSource } from '../provider.ts';
import * as repo from '../repo.ts';
import { commitAuthorised } from './capture.ts';
import { cardsOf, saveCard } from './cards.ts';

const WALLET_TTL_MS = 15 * 60_000;
const INTENT_TTL_MS = 30 * 60_000;

export type ConfirmResult = {
  statusCode: number;
  body: PaymentConfirmAnswer | ReturnType<AppError['toJSON']>;
  isReplay: boolean;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest();

/** spec §9 card methods: CyberSource's own, or the generic one of any other processor. */
const cardMethodOf = (providerName: string) =>
  providerName === 'cybersource' ? 'cybersource_creditcard' : 'generic_creditcard';

async function walletOf({ db, now }: PaymentDeps, userId: string, walletId: string, vendorId: string) {
  const wallet = await repo.findWallet(db, walletId);
  if (!wallet || wallet.user_id !== userId || wallet.vendor_id !== vendorId || wallet.expires_at <= now()) {
    throw keyedError(409, 'WalletExpired', PAYMENT_ERROR_KEYS.init);
  }
  return wallet;
}

/** The order as a create would place it, and what its card is charged (its signed fee checked again). */
async function chargeOf({ orders }: PaymentDeps, caller: Caller, vendor: VendorRow, order: PaymentIntentBody['order']) {
  const admitted = await orders.admitCreate(caller, order, null);
  const prepared = await orders.prepareCardOrder(caller, admitted.vendor, admitted.body);
  const charges = chargesOfRow(prepared);
  if (admitted.vendor.vendor_id !== vendor.vendor_id) throw unavailable();
  return { prepared, amountMinor: charges.cardChargeMinor };
}

async function intentAnswer(deps: PaymentDeps, intent: repo.IntentRow): Promise<PaymentIntentAnswer> {
  const cards = await cardsOf(deps, intent.user_id, intent.vendor_id);
  return {
    result: {
      intent_id: intent.intent_id,
      amount: fromMinor(intent.amount_minor, intent.currency),
      currency: intent.currency,
      payment_methods: [{ name: cardMethodOf(deps.provider.name), paymentInstruments: cards }],
    },
  };
}

/** POST /order/payment/auth/{vendorId} (spec §7): a wallet for the hosted card fields. */
export async function authorise(deps: PaymentDeps, caller: Caller, vendorId: string): Promise<PaymentAuthAnswer> {
  const { db, now, provider } = deps;
  const { userId, vendor } = await payingVendor(deps, caller, vendorId);
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
}

/** POST /order/payment/intent (spec §7): the amount from the order's signed fee, and the saved cards. */
export async function createIntent(
  deps: PaymentDeps,
  caller: Caller,
  body: PaymentIntentBody,
  key: string | null,
): Promise<PaymentIntentAnswer> {
  const { db, now, provider, currency } = deps;
  const { userId, vendor } = await payingVendor(deps, caller, body.order.vendor_id);
  await walletOf(deps, userId, body.wallet_id, vendor.vendor_id);
  if (key) {
    const existing = await repo.findIntentByKey(db, userId, key);
    if (existing) return intentAnswer(deps, existing);
  }
  const { amountMinor } = await chargeOf(deps, caller, vendor, body.order);
  if (amountMinor <= 0) throw keyedError(400, 'NothingToCharge', PAYMENT_ERROR_KEYS.intentCreation);
  const intentId = newId('int');
  const { providerIntentId } = await provider.createIntent({
    amountMinor,
    currency,
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
    currency,
    status: 'created',
    idempotency_key: key,
    order_id: null,
    confirm_key: null,
    confirm_answer: null,
    created_at: at,
    expires_at: new Date(at.getTime() + INTENT_TTL_MS),
  };
  await repo.insertIntent(db, intent);
  return intentAnswer(deps, intent);
}

/** The order after the provider's answer to a confirm: one lifecycle step with its ledger row. */
async function applyConfirmOutcome(
  deps: PaymentDeps,
  order: { orderId: string; vendorId: string; userId: string; amountMinor: number; holderName: string | null },
  outcome: ConfirmOutcome,
  challengeId: string,
): Promise<void> {
  const { now, lifecycle, provider, currency } = deps;
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
        currency,
        provider: provider.name,
        provider_ref: outcome.paymentRef,
        failure_code: code,
        idempotency_key: ledgerKeys.authorisation(order.orderId),
      },
      now(),
    );
  };
  if (outcome.status === 'declined') {
    await failPendingPayment(deps, order.orderId, { patch: card, also: ledger('failed', outcome.code) });
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
        await saveCard(deps, tx, {
          vendorId: order.vendorId,
          userId: order.userId,
          instrumentRef: outcome.instrumentRef,
          shown: outcome.card,
          holderName: order.holderName,
        });
      }
    },
  });
}

/**
 * POST /order/payment/intent/confirm (spec §7). The intent is confirmed once: the order is placed in
 * INITIATED with it, in one transaction; a retry (time-out, double click) replays the first answer and
 * never reaches the card again.
 */
export async function confirm(
  deps: PaymentDeps,
  caller: Caller,
  body: PaymentConfirmBody,
  key: string | null,
): Promise<ConfirmResult> {
  const { db, now, orders, provider } = deps;
  const { userId, vendor } = await payingVendor(deps, caller, body.order.vendor_id);
  const replay = async () => {
    const intent = await repo.lockIntent(db, body.purchase_intent_id, userId);
    if (!intent) throw keyedError(404, 'IntentNotFound', PAYMENT_ERROR_KEYS.intentExpired);
    if (intent.status !== 'confirmed') return null;
    if (!intent.confirm_answer) throw keyedError(409, 'PaymentInProgress', PAYMENT_ERROR_KEYS.inProgress);
    return { ...intent.confirm_answer, isReplay: true } as ConfirmResult;
  };
  const earlier = await replay();
  if (earlier) return earlier;

  const intent = await repo.lockIntent(db, body.purchase_intent_id, userId);
  if (!intent || intent.vendor_id !== vendor.vendor_id) {
    throw keyedError(404, 'IntentNotFound', PAYMENT_ERROR_KEYS.intentExpired);
  }
  if (intent.expires_at <= now()) throw keyedError(409, 'IntentExpired', PAYMENT_ERROR_KEYS.intentExpired);
  const wallet = await walletOf(deps, userId, intent.wallet_id, vendor.vendor_id);
  const given = hashToken(body.bearer_token);
  if (!timingSafeEqual(given, Buffer.from(wallet.access_token_hash, 'hex'))) {
    throw keyedError(401, 'WalletTokenInvalid', PAYMENT_ERROR_KEYS.init);
  }
  // The fee is checked again (SignatureExpired answers here too); a different amount is a changed fee.
  const { prepared, amountMinor } = await chargeOf(deps, caller, vendor, body.order);
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
    returnUrl: trackingLink(vendor.vendor_id, placed),
    challengeReturnUrl: challengeReturnLink(deps.publicUrl, challengeId),
    idempotencyKey: ledgerKeys.confirm(intent.intent_id),
  });
  await applyConfirmOutcome(
    deps,
    { orderId: placed, vendorId: vendor.vendor_id, userId, amountMinor, holderName },
    outcome,
    challengeId,
  );
  if (outcome.status === 'authorised') {
    // A processor that authorises synchronously: captured now, as the webhook does for the sandbox.
    const authorisation = await repo.findLedger(db, ledgerKeys.authorisation(placed));
    if (authorisation) await commitAuthorised(deps, placed, authorisation, outcome.paymentRef);
  }
  const answer =
    outcome.status === 'declined'
      ? { statusCode: 402, body: declinedError(outcome.code).toJSON() }
      : {
          statusCode: 200,
          body: {
            result: {
              order_id: placed,
              ...(outcome.status === 'challenge_required'
                ? {
                    redirect_required: {
                      // A step-up page reached by a form post: our challenge page posts to it.
                      redirectUrl: outcome.stepUp ? challengePageLink(challengeId) : outcome.redirectUrl,
                    },
                  }
                : {}),
            },
          },
        };
  await repo.storeConfirmAnswer(db, intent.intent_id, answer);
  return { ...answer, isReplay: false };
}
