import {
  type PaymentConfirmAnswer,
  PaymentConfirmAnswerSchema,
  type PaymentConfirmBody,
  type PaymentIntentAnswer,
  PaymentIntentAnswerSchema,
  type PaymentIntentBody,
} from '@riderdesk/domain/contracts/payments';
import { API_BASE, api } from '../../../shared/api/client.ts';

/** POST /order/payment/intent (spec §7 "create intent"): the amount from the order's signed fee. */
export async function createPaymentIntent(
  body: PaymentIntentBody,
  idempotencyKey: string,
): Promise<PaymentIntentAnswer['result']> {
  return (
    await api.post(`${API_BASE}/order/payment/intent`, body, { schema: PaymentIntentAnswerSchema, idempotencyKey })
  ).result;
}

/**
 * POST /order/payment/intent/confirm (spec §7 "confirm intent"): places the order and charges the card once;
 * a retry with the same key replays the first answer.
 */
export async function confirmPayment(
  body: PaymentConfirmBody,
  idempotencyKey: string,
): Promise<PaymentConfirmAnswer['result']> {
  return (
    await api.post(`${API_BASE}/order/payment/intent/confirm`, body, {
      schema: PaymentConfirmAnswerSchema,
      idempotencyKey,
    })
  ).result;
}
