import { z } from 'zod';

/** The payment of an order paid online, as the order screens show it. */
export const ORDER_PAYMENT_STATUSES = [
  'pending',
  'authentication_required',
  'captured',
  'failed',
  'cancelled',
  'refund_pending',
  'refunded',
  'refund_failed',
] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

export const OrderPaymentSchema = z.object({
  status: z.enum(ORDER_PAYMENT_STATUSES),
  paid_amount: z.number(),
  refunded_amount: z.number(),
  card: z.object({ scheme: z.string(), last4: z.string() }).nullable(),
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;
