import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { validateOrderCreateBody, validateOrderUpdateBody } from '@riderdesk/domain/validation/order-body';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../shared/notify.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { useUpdateOrder } from '../api/update-order.ts';
import type { OrderForm } from '../order-form.ts';
import { orderCreateBody, orderUpdateBody, refuseInvalidBody, senderOf } from '../request-rules.ts';
import type { useRequestFlow } from './use-request-flow.ts';
import type { TranslateKey } from './use-translate-key.ts';

/**
 * Sends the order (or the update of the order being edited) through the flow's submit, which
 * recomputes an expired fee; says how it went and goes to tracking with the order selected.
 */
export function useSubmitOrder(input: {
  flow: ReturnType<typeof useRequestFlow>;
  vendor: Vendor | null;
  countryCode: string;
  timeZone: string;
  userEmail: string | null;
  trackingPath: string;
  translate: TranslateKey;
  onPlaced: () => void;
}) {
  const { flow, vendor, countryCode, timeZone } = input;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const updateOrder = useUpdateOrder();
  /** The fee the user saw when sending, to compare with a recomputed one. */
  const [feeBeforeSubmit, setFeeBeforeSubmit] = useState<number | null>(null);

  async function submit(values: OrderForm) {
    const { state } = flow;
    const sender =
      !flow.isOriginSaved && state.originAddressCreation && vendor
        ? senderOf(vendor, state.originAddressCreation, input.userEmail)
        : null;
    setFeeBeforeSubmit(state.deliveryFee);
    const context = { countryCode, vendorId: state.vendorId };
    const outcome = await flow.submit(async (current, idempotencyKey) => {
      // The wire body passes the server's own spec §5 check before it is sent (validation/order-body.ts).
      if (current.orderToBeUpdated) {
        const { order_id: orderId, customer } = current.orderToBeUpdated;
        const body = orderUpdateBody(current, values);
        refuseInvalidBody(
          validateOrderUpdateBody(
            body,
            { customer_name: customer.name, customer_phone: customer.phone_number },
            context,
          ),
        );
        return (await updateOrder.mutateAsync({ orderId, body })).order_id;
      }
      const body = orderCreateBody({ state: current, form: values, timeZone, sender });
      refuseInvalidBody(validateOrderCreateBody(body, context));
      return createOrder.mutateAsync({ body, idempotencyKey });
    });
    if (outcome.status === 'placed') {
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
