import type { SavedCard } from '@riderdesk/domain/contracts/payments';
import { PAYMENT_ERROR_KEYS } from '@riderdesk/domain/contracts/payments';
import type { Db } from '../../../db/db.ts';
import { keyedError } from '../../../errors.ts';
import type { Caller } from '../../../plugins/auth.ts';
import { newId, type PaymentDeps, payingVendor, unavailable } from '../deps.ts';
import type { ProviderCard } from '../provider.ts';
import * as repo from '../repo.ts';

/** spec §3 creditCards: a saved card as the card step lists it. */
export function toSavedCard(row: repo.SavedCardRow): SavedCard {
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

/** The merchant's saved cards at this vendor, with the processor in use. */
export async function cardsOf(
  { db, provider }: Pick<PaymentDeps, 'db' | 'provider'>,
  userId: string,
  vendorId: string,
): Promise<SavedCard[]> {
  return (await repo.findSavedCards(db, userId, vendorId, provider.name)).map(toSavedCard);
}

/**
 * The one way a card is saved: the processor's instrument, kept for the merchant at this vendor, written in
 * the transaction of the payment that asked for it.
 */
export async function saveCard(
  { provider, now }: Pick<PaymentDeps, 'provider' | 'now'>,
  tx: Db,
  card: { vendorId: string; userId: string; instrumentRef: string; shown: ProviderCard; holderName: string },
): Promise<void> {
  await repo.insertSavedCard(tx, {
    card_id: newId('card'),
    vendor_id: card.vendorId,
    user_id: card.userId,
    provider: provider.name,
    instrument_ref: card.instrumentRef,
    scheme: card.shown.scheme,
    bin: card.shown.bin,
    last4: card.shown.last4,
    exp_month: card.shown.expMonth,
    exp_year: card.shown.expYear,
    holder_name: card.holderName,
    created_at: now(),
  });
}

/** GET /order/payment/cards/{vendorId}. */
export async function savedCards(deps: PaymentDeps, caller: Caller, vendorId: string): Promise<SavedCard[]> {
  const { userId, vendor } = await payingVendor(deps, caller, vendorId);
  return cardsOf(deps, userId, vendor.vendor_id);
}

/** DELETE /order/payment/cards/{vendorId}/{cardId}. */
export async function removeCard(deps: PaymentDeps, caller: Caller, vendorId: string, cardId: string): Promise<void> {
  if (caller.kind !== 'user') throw unavailable();
  const vendor = await deps.vendors.vendorOfCaller(caller, vendorId);
  if (!(await repo.deleteSavedCard(deps.db, caller.userId, vendor.vendor_id, cardId))) {
    throw keyedError(404, 'CardNotFound', PAYMENT_ERROR_KEYS.invalidCard);
  }
}
