import type { RequestEvent, RequestState } from '@riderdesk/domain/request-flow';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { useValidateVoucher } from '../api/validate-voucher.ts';

/** spec §4 voucher: validated against the signed fee, then applied; a refusal shows the server's key when known. */
export function useApplyVoucher(input: {
  state: RequestState;
  send: (event: RequestEvent) => void;
  /** preordered_for of the order being filled in, null for ASAP. */
  scheduledFor: () => number | null;
}) {
  const { state, send } = input;
  const { i18n } = useTranslation();
  const voucherCheck = useValidateVoucher();

  async function apply(code: string) {
    send({ type: 'voucherCodeChanged', code });
    if (state.deliveryFee === null || !state.deliveryFeeSignature || !state.vendorId) return;
    const orderTime = input.scheduledFor() ?? Math.floor(Date.now() / 1000);
    try {
      const answer = await voucherCheck.mutateAsync({
        code,
        order: { order_time: orderTime, delivery_fee: state.deliveryFee, signature: state.deliveryFeeSignature },
        vendor_id: state.vendorId,
      });
      send({
        type: 'voucherApplied',
        voucher: answer.voucher,
        discountedDeliveryFee: answer.delivery_fee,
        signature: answer.signature,
      });
    } catch (error) {
      const key = error instanceof ApiRequestError ? error.firstTranslationKey : null;
      send({ type: 'voucherRejected', errorKey: key && i18n.exists(key) ? key : undefined });
    }
  }

  return { apply, isApplying: voucherCheck.isPending };
}
