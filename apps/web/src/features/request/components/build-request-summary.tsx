import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { fromMinor } from '@riderdesk/domain/money';
import type { RequestState } from '@riderdesk/domain/request-flow';
import { joinForReader } from '@riderdesk/domain/text/list-join';
import type { TFunction } from 'i18next';
import { PhoneText } from '../../../shared/ui/phone-text.tsx';
import { type OrderForm, parseAmount, preorderedFor } from '../order-form.ts';
import { isBeforeDestination } from '../request-sections.ts';
import { requestCharges, voucherDiscountMinor } from '../request-view-model.ts';
import type { SummaryLine } from './request-summary.tsx';

export type RequestSummaryLines = { order: SummaryLine[]; payment: SummaryLine[]; total: SummaryLine | null };

/**
 * The lines of the spec §2 order and payment summaries: what is known at this step of the flow.
 * The charges (who pays the fee, what the rider collects) are the domain's, once the order is filled in.
 */
export function buildRequestSummary(input: {
  state: RequestState;
  form: OrderForm;
  vendor: Vendor | null;
  currency: string;
  timeZone: string;
  /** The reader's language: the drop-off's parts are joined with its comma. */
  language: string;
  t: TFunction;
  money: (amount: number) => string;
  dateTime: (epochMs: number) => string;
  /** What the pickup is called instead of the vendor's name (a guest's pickup address). */
  pickupName?: string | null;
}): RequestSummaryLines {
  const { state, form, t, money, currency } = input;
  const { step } = state;
  const order: SummaryLine[] = [];
  if (input.vendor) order.push({ label: t('request.summary.pickup'), value: input.pickupName || input.vendor.name });
  if (state.destination && !isBeforeDestination(step)) {
    order.push({
      label: t('request.summary.drop-off'),
      value: joinForReader([form.unitNumber, form.building, state.destination.formattedAddress], input.language),
    });
  }
  if (step === 'FILL_PAYMENT_DETAILS') {
    order.push({
      label: t('request.summary.customer'),
      value: (
        <>
          {form.customerName} · <PhoneText phone={form.phone} />
        </>
      ),
    });
    if (form.description) order.push({ label: t('request.summary.item'), value: form.description });
    const scheduled = preorderedFor(form, input.timeZone);
    order.push({
      label: t('request.summary.time'),
      value: scheduled === null ? t('request.time.asap') : input.dateTime(scheduled * 1000),
    });
  }

  const payment: SummaryLine[] = [];
  let total: SummaryLine | null = null;
  if (state.deliveryFee !== null) {
    const isPaymentStep = step === 'FILL_PAYMENT_DETAILS';
    const hasVoucher = state.voucher !== null && state.discountedDeliveryFee !== null;
    // Before the payment step the fee is all there is; at it, the fee appears once, on the line that says who pays
    // it (after the voucher's breakdown, if any).
    if (!isPaymentStep || hasVoucher) {
      payment.push({ label: t('request.payment-summary.fee'), value: money(state.deliveryFee) });
    }
    const discountMinor = voucherDiscountMinor(state, currency);
    if (hasVoucher && state.discountedDeliveryFee !== null && discountMinor !== null) {
      payment.push({
        label: t('request.payment-summary.discount'),
        // A discount is written as a negative amount; a zero one without a minus.
        value: money(discountMinor === 0 ? 0 : -fromMinor(discountMinor, currency)),
      });
      if (!isPaymentStep) {
        payment.push({ label: t('request.payment-summary.fee-to-pay'), value: money(state.discountedDeliveryFee) });
      }
    }
    const charges = isPaymentStep
      ? requestCharges(state, { amount: parseAmount(form.amount), paymentMethod: form.paymentMethod, currency })
      : null;
    if (charges) {
      // What the rider collects at the door adds up from the lines above it: the order amount and the fee.
      if (charges.collectMinor > 0) {
        payment.unshift({
          label: t('request.payment-summary.amount'),
          value: money(fromMinor(charges.amountMinor, currency)),
        });
      }
      payment.push({
        // orders/charges.ts: paid at pickup, the fee goes to the rider in hand rather than on the statement; paid
        // by card, the card is charged when the order is sent.
        label:
          charges.collectAtPickupMinor > 0
            ? t('request.payment-summary.fee-paid-at-pickup')
            : charges.cardChargeMinor > 0
              ? t('request.payment-summary.fee-paid-by-card')
              : t(`request.payment-summary.fee-paid-by.${charges.feePaidBy}`),
        value: money(fromMinor(charges.payableFeeMinor, currency)),
      });
      total = { label: t('request.payment-summary.collect'), value: money(fromMinor(charges.collectMinor, currency)) };
    }
  }
  return { order, payment, total };
}
