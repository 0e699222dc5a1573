import { useMediaQuery } from '@mantine/hooks';
import type { AddressBookEntry } from '@riderdesk/domain/contracts/geo';
import type { Order } from '@riderdesk/domain/contracts/orders';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import type { SenderContact } from '@riderdesk/domain/guest/guest-rules';
import { fromMinor } from '@riderdesk/domain/money';
import { formatPhoneForDisplay } from '@riderdesk/domain/phone';
import type { RequestState } from '@riderdesk/domain/request-flow';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDateTime, formatMoney } from '../../../shared/format/format.ts';
import { useRemoveSavedCard } from '../api/saved-cards.ts';
import type { PaymentSectionModel } from '../components/payment-section.tsx';
import { formFromOrder, type OrderForm, orderPayload, preorderedFor } from '../order-form.ts';
import { sectionStatuses } from '../request-sections.ts';
import {
  canChooseLater,
  cardChargeMinor,
  destinationErrorKey,
  dropOffLockedHintKey,
  submitErrorText,
  voucherDiscountMinor,
} from '../request-view-model.ts';
import { useApplyVoucher } from './use-apply-voucher.ts';
import { useCardPayment } from './use-card-payment.ts';
import { useDestinationPicker } from './use-destination-picker.ts';
import { useLeaveGuard } from './use-leave-guard.ts';
import { useOrderForm } from './use-order-form.ts';
import { useRequestDraft } from './use-request-draft.ts';
import { useRequestFlow } from './use-request-flow.ts';
import { useSubmitOrder } from './use-submit-order.ts';
import { useTranslateKey } from './use-translate-key.ts';

export type RequestPageInput = {
  vendor: Vendor | null;
  /** The user's branches are loading: the page waits for its branch rather than asking for one. */
  isBranchLoading?: boolean;
  trackingPath: string;
  /** spec §2: the orderID query edits an existing order. */
  orderIdToEdit: string | null;
  isPreOrderOn: boolean;
  isVoucherOn: boolean;
  isVatOn: boolean;
  /** spec §6 PayAtPickup flag: pay-at-pickup is offered where the vendor and the country allow it. */
  isPayAtPickupOn?: boolean;
  userEmail: string | null;
  /**
   * A guest (spec §1/§6): gives the pickup with a contact, sent as the order's sender, and is told about each
   * order placed so the browser keeps its guest-orders.
   */
  guest?: { onOrderPlaced: (orderId: string) => void };
  /** Back from a card payment that failed: the request is filled in again from that order, with the reason. */
  failedPayment?: { orderId: string; errorKey: string | null } | null;
};

/**
 * The request page's wiring (spec §2 "Request a rider" with the spec §4 flow): the flow, the form, the drop-off
 * picker, the voucher, the card, the draft and the leave guard, and what each section is shown.
 */
export function useRequestPage(props: RequestPageInput) {
  const { vendor } = props;
  const vendorId = vendor?.vendor_id ?? null;
  const { t, i18n } = useTranslation();
  const translate = useTranslateKey();
  const config = useConfig();
  const { country } = config;
  const isDesktop = useMediaQuery('(min-width: 62em)', true);
  const money = (amount: number) => formatMoney(amount, country.currency, i18n.language);
  const isEditing = props.orderIdToEdit !== null;

  const flow = useRequestFlow({
    vendor,
    countryCode: country.code,
    timeZone: country.timeZone,
    orderIdToEdit: props.orderIdToEdit,
    // Called once the flow has loaded the order, after this render has made the form.
    onOrderToEditLoaded: (order: Order) => form.reset(formFromOrder(order, country, Date.now())),
    // spec §6: online payment only for signed-in merchants, never guests or embedded mode.
    canPayOnline: config.mode === 'CLASSIC' && !props.guest,
    isPayAtPickupOn: props.isPayAtPickupOn ?? false,
    // An edit keeps the order's own time rules; a new request may be scheduled while the service is closed.
    isPreOrderOn: props.isPreOrderOn && !isEditing,
    orderIdToRetry: isEditing ? null : (props.failedPayment?.orderId ?? null),
  });
  const { send } = flow;

  // The request just placed stays on screen, its button busy, until tracking replaces the page: the flow resets
  // on submission (spec §4), and showing that reset made the form flash empty and the map fly back to the branch
  // as the page was leaving.
  const [placed, setPlaced] = useState<RequestState | null>(null);
  const lastAtPayment = useRef(flow.state);
  if (flow.state.step === 'FILL_PAYMENT_DETAILS') lastAtPayment.current = flow.state;
  const state = placed ?? flow.state;
  const { step } = state;

  const orderForm = useOrderForm({
    vendorId,
    context: {
      step: step === 'FILL_PAYMENT_DETAILS' ? 'payment' : 'details',
      countryCode: country.code,
      vendorId: state.vendorId,
      destination: state.destination,
      timeZone: country.timeZone,
      now: Date.now,
      isLaterOnly: state.isClosedNow && !isEditing,
    },
    paymentMethods: state.availablePaymentMethods,
    defaultPaymentMethod: config.defaultPaymentMethod,
    translate,
  });
  const { form } = orderForm;
  const values = form.watch();

  const picker = useDestinationPicker({
    state,
    send,
    vendorId,
    countryCode: country.code,
    onSavedCustomerPicked: (entry: AddressBookEntry) => {
      const current = form.getValues();
      if (!current.customerName) form.setValue('customerName', entry.name);
      if (!current.phone) form.setValue('phone', formatPhoneForDisplay(entry.phone_number, country.code));
      if (!current.riderNotes && entry.notes) form.setValue('riderNotes', entry.notes);
    },
  });
  const voucher = useApplyVoucher({
    state,
    send,
    scheduledFor: () => preorderedFor(form.getValues(), country.timeZone),
  });
  const isPayingByCard = step === 'FILL_PAYMENT_DETAILS' && values.paymentMethod === 'ONLINE_PAYMENT';
  const card = useCardPayment(vendorId, isPayingByCard);
  const removeCard = useRemoveSavedCard(vendorId ?? '');
  const [senderContact, setSenderContact] = useState<SenderContact | null>(null);
  // What the merchant typed or picked; an order being edited starts from its saved values.
  const leaveGuard = useLeaveGuard(form.formState.isDirty || (!isEditing && state.destination !== null));
  const draft = useRequestDraft({
    scope: !isEditing && vendorId ? { owner: props.userEmail ?? 'guest', vendorId } : null,
    form,
    values,
    state,
    send,
  });
  const order = useSubmitOrder({
    senderContact: props.guest ? senderContact : null,
    onOrderCreated: props.guest?.onOrderPlaced,
    card,
    flow,
    vendor,
    countryCode: country.code,
    timeZone: country.timeZone,
    userEmail: props.userEmail,
    trackingPath: props.trackingPath,
    translate,
    onPlaced: () => {
      leaveGuard.markSent();
      draft.markSent();
      setPlaced({ ...lastAtPayment.current, loading: true });
    },
  });

  const continueToPayment = form.handleSubmit((details: OrderForm) =>
    send({
      type: 'detailsSubmitted',
      details: orderPayload(details, state.destination, country.timeZone),
      ageValidationRequired: details.isAgeValidationRequired,
      // handleSubmit calls this only once the form's resolver found the spec §5 chain passing (order-form.ts).
      failures: [],
    }),
  );
  const submitOrder = form.handleSubmit(order.submit);
  // Back from a failed card payment, the filled-in request goes straight on to its payment step once its
  // address is checked again.
  const hasRetryAdvanced = useRef(false);
  useEffect(() => {
    if (!props.failedPayment || hasRetryAdvanced.current || step !== 'FILL_ORDER_DETAILS') return;
    if (state.details === null) return;
    hasRetryAdvanced.current = true;
    void continueToPayment();
  }, [props.failedPayment, step, state.details, continueToPayment]);
  // Errors of the payment section do not follow the user back to the details.
  const back = () => {
    form.clearErrors();
    send({ type: 'back' });
  };

  const scheduledSeconds = preorderedFor(values, country.timeZone);
  const discount = voucherDiscountMinor(state, country.currency);
  const charge = cardChargeMinor(state, country.currency);
  const payment: PaymentSectionModel = {
    status: sectionStatuses(step).payment,
    methods: state.availablePaymentMethods,
    timing: {
      isPreOrderOn: canChooseLater({
        orderToBeUpdated: state.orderToBeUpdated,
        isEditing,
        isPreOrderOn: props.isPreOrderOn,
        nowMs: Date.now(),
      }),
      isLaterOnly: state.isClosedNow && !isEditing,
      timeZone: country.timeZone,
      serviceHours: flow.serviceHours,
    },
    voucher:
      props.isVoucherOn && !isEditing
        ? {
            applied: state.voucher,
            discount: discount === null ? null : money(fromMinor(discount, country.currency)),
            error: state.error?.field === 'voucher' ? translate(state.error.key, state.error.values) : undefined,
            isApplying: voucher.isApplying,
            onApply: voucher.apply,
            onRemove: () => send({ type: 'voucherRemoved' }),
          }
        : null,
    isVatOn: props.isVatOn,
    submission: {
      isSubmitting: state.loading,
      isEditing,
      error: submitErrorText(state, isEditing, { t, translate }),
      onBack: back,
      onSubmit: () => void submitOrder(),
    },
  };

  return {
    t,
    i18n,
    translate,
    config,
    country,
    isDesktop,
    money,
    isEditing,
    flow,
    state,
    send,
    orderForm,
    values,
    picker,
    senderContact,
    setSenderContact,
    leaveGuard,
    draft,
    order,
    card,
    removeCard,
    isPayingByCard,
    /** What the card is charged, as the merchant reads it; null until a fee is quoted. */
    cardCharge: charge === null ? null : money(fromMinor(charge, country.currency)),
    continueToPayment,
    submitOrder,
    back,
    sections: sectionStatuses(step),
    dropOffLockedHint: t(dropOffLockedHintKey(step, vendor !== null, props.isBranchLoading === true)),
    destinationError: destinationErrorKey(picker.geoError, state),
    scheduledFor:
      scheduledSeconds === null ? null : formatDateTime(scheduledSeconds * 1000, country.timeZone, i18n.language),
    payment,
  };
}
