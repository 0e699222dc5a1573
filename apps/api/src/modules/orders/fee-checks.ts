import type { OrderCreateBody } from '@riderdesk/domain/contracts/orders';
import { type GeoPoint, toMinor } from '@riderdesk/domain/money';
import { assertSignature, type FeeSigner, feeChanged } from '../pricing/fee-signature.ts';
import type { VendorRow } from '../vendors/model.ts';
import { discountMinor, type VoucherService } from '../vouchers/service.ts';

/** The fee the order carries, in minor units, once its signed quote holds for this trip (decision 020). */
export function verifyFee(
  signer: FeeSigner,
  trip: { vendorId: string; origin: GeoPoint; destination: GeoPoint },
  quote: { fee: number; signature: string; currency: string },
): number {
  const feeMinor = toMinor(quote.fee, quote.currency);
  assertSignature(signer.verifyQuote({ ...trip, feeMinor }, quote.signature), 'delivery_fee');
  return feeMinor;
}

/**
 * The fee of a trip's order, the vendor's checks considered: a test vendor's order skips the fee errors
 * (spec §8), so a quote that does not hold gives way to the server's own fee, never to the client's figure.
 */
export function orderFee(
  signer: FeeSigner,
  trip: { vendorId: string; origin: GeoPoint; destination: GeoPoint },
  quote: { fee: number; signature: string; currency: string },
  testVendorFee: (() => number) | null,
): number {
  if (!testVendorFee) return verifyFee(signer, trip, quote);
  const feeMinor = toMinor(quote.fee, quote.currency);
  return signer.verifyQuote({ ...trip, feeMinor }, quote.signature).ok ? feeMinor : testVendorFee();
}

export interface AppliedVoucher {
  code: string;
  type: string;
  value: number;
  discountMinor: number;
}

/**
 * The voucher is usable by the vendor at the order's time (its pre-ordered time, else now), and the discounted fee and its signature are the ones
 * POST /voucher/validate derived from this order's verified base quote (decision 020).
 */
export async function verifyVoucher(
  deps: { signer: FeeSigner; vouchers: VoucherService },
  vendor: VendorRow,
  body: Pick<OrderCreateBody, 'signature' | 'discounted_delivery_fee' | 'discounted_delivery_fee_signature'> & {
    voucher: NonNullable<OrderCreateBody['voucher']>;
  },
  fee: { feeMinor: number; currency: string },
  orderTime?: Date,
): Promise<AppliedVoucher> {
  const usable = await deps.vouchers.usableVoucher(body.voucher.code, vendor, fee.feeMinor, orderTime);
  const discount = discountMinor(usable, fee.feeMinor);
  const discountedMinor = fee.feeMinor - discount;
  if (toMinor(body.discounted_delivery_fee ?? -1, fee.currency) !== discountedMinor) {
    throw feeChanged('discounted_delivery_fee');
  }
  assertSignature(
    deps.signer.verifyDiscount(
      { baseSignature: body.signature, voucherCode: usable.code, feeMinor: discountedMinor },
      body.discounted_delivery_fee_signature ?? '',
    ),
    'discounted_delivery_fee',
  );
  return { code: usable.code, type: usable.type, value: usable.value, discountMinor: discount };
}
