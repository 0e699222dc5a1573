import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import type { SenderContact } from '@riderdesk/domain/guest/guest-rules';
import { payableDeliveryFee } from '@riderdesk/domain/request-flow';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { orderKeys } from '../../../shared/api/query-keys.ts';
import { notify } from '../../../shared/notify.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { confirmPayment, createPaymentIntent } from '../api/pay-by-card.ts';
import { useUpdateOrder } from '../api/update-order.ts';
import { type OrderForm, preorderedFor } from '../order-form.ts';
import { guestSenderOf, orderCreateBody, orderUpdateBody, senderOf } from '../request-rules.ts';
import { type CardPayment, CardStepError } from './use-card-payment.ts';
import type { useRequestFlow } from './use-request-flow.ts';
import type { TranslateKey } from './use-translate-key.ts';

/** A card step problem travels like a server refusal, so the flow shows its key. */
const cardStepRefusal = (key: string) =>
  new ApiRequestError({
    status: 400,
    code: 'CardStep',
    message: key,
    errors: [{ message: key, meta: { translation_key: key } }],
  });

/** Leaves for the provider's 3-D Secure page; it sends the browser back to the order on tracking. */
const goTo = (url: string) => window.location.assign(url);

/**
 * Sends the order (or the update of the order being edited) through the flow's submit, which
 * recomputes an expired fee; says how it went and goes to tracking with the order selected.
 */
export function useSubmitOrder(input: {
  /** A guest's contact: the order's sender, with the pickup set in this flow (spec §3). */
  senderContact?: SenderContact | null;
  /** Told the id of each order created (a guest keeps them in guest-orders, spec §3). */
  onOrderCreated?: ((orderId: string) => void) | undefined;
  flow: ReturnType<typeof useRequestFlow>;
  vendor: Vendor | null;
  countryCode: string;
  timeZone: string;
  userEmail: string | null;
  trackingPath: string;
  translate: TranslateKey;
  onPlaced: () => void;
  card: CardPayment;
  redirect?: (url: string) => void;
}) {
  const { flow, vendor, countryCode, timeZone } = input;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const updateOrder = useUpdateOrder();
  const queryClient = useQueryClient();
  const redirectTo = useRef<string | null>(null);
  /** What the user saw to pay for delivery when sending (after the voucher), to compare with a recomputed one. */
  const [feeBeforeSubmit, setFeeBeforeSubmit] = useState<number | null>(null);

  /** spec §4 payment phases: the wallet is there, then create intent, confirm intent, redirect when asked. */
  async function payByCard(body: Parameters<typeof createPaymentIntent>[0]['order'], idempotencyKey: string) {
    const wallet = input.card.wallet;
    if (!wallet) throw cardStepRefusal('error.payment.init');
    let source: Awaited<ReturnType<CardPayment['cardSource']>>;
    try {
      source = await input.card.cardSource();
    } catch (error) {
      throw cardStepRefusal(error instanceof CardStepError ? error.key : 'error.payment.init');
    }
    const intent = await createPaymentIntent({ wallet_id: wallet.wallet_id, order: body }, `intent-${idempotencyKey}`);
    const answer = await confirmPayment(
      {
        order: body,
        bearer_token: wallet.access_token,
        purchase_intent_id: intent.intent_id,
        payment_method: intent.payment_methods[0]?.name ?? 'generic_creditcard',
        ...source,
      },
      `confirm-${idempotencyKey}`,
    );
    redirectTo.current = answer.redirect_required?.redirectUrl ?? null;
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
    void input.card.renewWallet();
    return answer.order_id;
  }

  async function submit(values: OrderForm) {
    redirectTo.current = null;
    const { state } = flow;
    const origin = state.originAddressCreation;
    const sender =
      !flow.isOriginSaved && origin && vendor
        ? input.senderContact
          ? guestSenderOf(origin, input.senderContact, countryCode)
          : senderOf(vendor, origin, input.userEmail)
        : null;
    setFeeBeforeSubmit(payableDeliveryFee(state)?.fee ?? null);
    const outcome = await flow.submit(
      // The form's resolver ran the spec §5 chain on these values before calling submit (order-form.ts); the
      // server runs it on the wire body.
      async (current, idempotencyKey) => {
        if (current.orderToBeUpdated) {
          const { order_id: orderId } = current.orderToBeUpdated;
          const body = orderUpdateBody(current, values, { timeZone, nowMs: Date.now() });
          return (await updateOrder.mutateAsync({ orderId, body })).order_id;
        }
        const body = orderCreateBody({ state: current, form: values, timeZone, sender });
        if (body.order.payment_method !== 'ONLINE_PAYMENT') return createOrder.mutateAsync({ body, idempotencyKey });
        return payByCard(body, idempotencyKey);
      },
      undefined,
      values.paymentMethod === 'ONLINE_PAYMENT' ? 'payment' : 'order',
      preorderedFor(values, timeZone),
    );
    if (outcome.status === 'placed') {
      input.onOrderCreated?.(outcome.orderId);
      const redirect = redirectTo.current;
      if (redirect) {
        input.onPlaced();
        (input.redirect ?? goTo)(redirect);
        return;
      }
      notify({ message: t(outcome.message), tone: 'success', kind: 'order' });
      input.onPlaced();
      navigate(`${input.trackingPath}?${new URLSearchParams({ order_id: outcome.orderId })}`);
    } else if (outcome.status === 'failed') {
      notify({
        title: t(outcome.message),
        message: input.translate(outcome.key, outcome.values),
        tone: 'error',
        kind: 'order',
      });
    }
  }

  return { submit, feeBeforeSubmit };
}
