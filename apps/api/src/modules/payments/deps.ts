import { randomBytes } from 'node:crypto';
import { PAYMENT_ERROR_KEYS } from '@riderdesk/domain/contracts/payments';
import { PAID_BY_CARD } from '@riderdesk/domain/orders/charges';
import type { Db } from '../../db/db.ts';
import { type AppError, keyedError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { Lifecycle } from '../orders/lifecycle.ts';
import type { OrderRecords } from '../orders/records.ts';
import type { OrderService } from '../orders/service.ts';
import type { VendorRow } from '../vendors/model.ts';
import type { VendorService } from '../vendors/service.ts';
import type { CardBook } from './ledger.ts';
import type { DeclineCode, PaymentProvider } from './provider.ts';

/** What every payment workflow is built on (the composition root fills it, decision 031). */
export interface PaymentDeps {
  db: Db;
  now: () => Date;
  currency: string;
  vendors: VendorService;
  orders: OrderService;
  orderRecords: OrderRecords;
  lifecycle: Lifecycle;
  provider: PaymentProvider;
  /** Books the card movements the processor confirmed (the ledger module's, decision 178). */
  book: CardBook;
  /** Our public address (PUBLIC_URL): where an issuer's step-up page posts the cardholder back to. */
  publicUrl: string;
}

export const DECLINE_KEYS: Record<DeclineCode, string> = {
  card_declined: PAYMENT_ERROR_KEYS.declined,
  insufficient_funds: PAYMENT_ERROR_KEYS.insufficientFunds,
  authentication_failed: PAYMENT_ERROR_KEYS.authenticationFailed,
  invalid_card: PAYMENT_ERROR_KEYS.invalidCard,
};

export const declinedError = (code: DeclineCode): AppError => keyedError(402, 'PaymentDeclined', DECLINE_KEYS[code]);

export const newId = (prefix: string) => `${prefix}_${randomBytes(16).toString('base64url')}`;

export const unavailable = () => keyedError(403, 'OnlinePaymentUnavailable', PAYMENT_ERROR_KEYS.getIfEnabled);

/** spec §6: card payment is for signed-in merchants of a vendor that has it, where the country offers it. */
export async function payingVendor(
  { vendors }: Pick<PaymentDeps, 'vendors'>,
  caller: Caller,
  vendorId: string,
): Promise<{ userId: string; vendor: VendorRow }> {
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
