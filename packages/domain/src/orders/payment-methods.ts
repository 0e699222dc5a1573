import type { PaymentMethod } from '../constants.ts';

/**
 * The methods a merchant can choose on the request page, in the order they are shown. NONE is never a
 * choice; card on delivery and pay-at-pickup appear as choices (spec §9).
 */
export const CHOOSABLE_PAYMENT_METHODS = [
  'CASH_ON_DELIVERY',
  'PAID',
  'PAYMENT_ON_DELIVERY',
  'PAY_AT_PICKUP',
  'ONLINE_PAYMENT',
] as const satisfies readonly PaymentMethod[];

export interface PaymentGates {
  /** spec §5/§6: the onlinePaymentActivated parameter is on and the caller may pay online (not a guest). */
  isOnlinePaymentOn: boolean;
  /** spec §6: the PayAtPickup feature flag. */
  isPayAtPickupOn: boolean;
}

/**
 * spec §5 payment gating, one rule for the request page and the server: the vendor's flags
 * (flags.payment_methods) intersected with the country's paymentMethods parameter (pipe-separated; null
 * when it cannot be read leaves the vendor's flags alone to decide), with card payment behind
 * onlinePaymentActivated and pay-at-pickup behind its feature flag.
 */
export function offeredPaymentMethods(
  countryParameter: string | null,
  vendorFlags: Readonly<Record<string, boolean>>,
  gates: PaymentGates,
): PaymentMethod[] {
  const offered = countryParameter === null ? null : countryParameter.split('|').map((value) => value.trim());
  return CHOOSABLE_PAYMENT_METHODS.filter(
    (method) =>
      vendorFlags[method] === true &&
      (offered === null || offered.includes(method)) &&
      (method !== 'ONLINE_PAYMENT' || gates.isOnlinePaymentOn) &&
      (method !== 'PAY_AT_PICKUP' || gates.isPayAtPickupOn),
  );
}
