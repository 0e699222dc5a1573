import type { PaymentMethod } from '../constants.ts';

/**
 * Payment methods whose money changes hands at the door: the rider collects the order's total from the
 * customer, in cash or on a card terminal (spec §9 CASH_ON_DELIVERY, PAYMENT_ON_DELIVERY).
 */
export const COLLECTED_ON_DELIVERY: readonly PaymentMethod[] = ['CASH_ON_DELIVERY', 'PAYMENT_ON_DELIVERY'];

/** Pay-at-pickup (spec §6 flag, §9 choice): the merchant pays the delivery fee to the rider at the pickup. */
export const PAID_AT_PICKUP: PaymentMethod = 'PAY_AT_PICKUP';

/** spec §9: the method of an order paid online by card, through the payment intent (spec §7). */
export const PAID_BY_CARD: PaymentMethod = 'ONLINE_PAYMENT';

export const FEE_PAYERS = ['customer', 'merchant'] as const;
export type FeePayer = (typeof FEE_PAYERS)[number];

export interface OrderCharges {
  /** The item's value the merchant entered. */
  amountMinor: number;
  /** The quoted delivery fee, before any voucher. */
  deliveryFeeMinor: number;
  /** The voucher's discount, never more than the fee. */
  discountMinor: number;
  /** The delivery fee after the voucher. */
  payableFeeMinor: number;
  /** The item and the delivery after the voucher: spec §3 "total amount". */
  totalMinor: number;
  /** What the rider collects at the door; zero when nothing is collected there. */
  collectMinor: number;
  /** What the rider collects from the merchant at the pickup (pay-at-pickup: the fee after the voucher). */
  collectAtPickupMinor: number;
  /**
   * Who pays the delivery fee: the customer when it is collected at the door with the item, otherwise the
   * merchant (billed on the statement, paid to the rider at the pickup, or paid by card when paid online).
   */
  feePaidBy: FeePayer;
  /**
   * What the merchant's card is charged when the order is paid online: the delivery fee after the voucher
   * (the item's value is the customer's business with the merchant, not ours).
   */
  cardChargeMinor: number;
}

/**
 * The one rule for the money of an order, shared by the request summary, tracking, the receipt, the rider
 * API, exports and statements: amounts are in minor units of one currency.
 */
export function orderCharges(order: {
  amountMinor: number;
  deliveryFeeMinor: number;
  discountMinor: number;
  paymentMethod: string;
}): OrderCharges {
  const amountMinor = Math.max(0, order.amountMinor);
  const deliveryFeeMinor = Math.max(0, order.deliveryFeeMinor);
  const discountMinor = Math.min(Math.max(0, order.discountMinor), deliveryFeeMinor);
  const payableFeeMinor = deliveryFeeMinor - discountMinor;
  const totalMinor = amountMinor + payableFeeMinor;
  const isCollected = (COLLECTED_ON_DELIVERY as readonly string[]).includes(order.paymentMethod);
  return {
    amountMinor,
    deliveryFeeMinor,
    discountMinor,
    payableFeeMinor,
    totalMinor,
    collectMinor: isCollected ? totalMinor : 0,
    collectAtPickupMinor: order.paymentMethod === PAID_AT_PICKUP ? payableFeeMinor : 0,
    feePaidBy: isCollected ? 'customer' : 'merchant',
    cardChargeMinor: order.paymentMethod === PAID_BY_CARD ? payableFeeMinor : 0,
  };
}
