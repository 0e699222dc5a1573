import { Alert, Box, Grid, Loader, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AddressBookEntry } from '@riderdesk/domain/contracts/geo';
import type { Order } from '@riderdesk/domain/contracts/orders';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { tripDistanceKm } from '@riderdesk/domain/geo/trip';
import type { SenderContact } from '@riderdesk/domain/guest/guest-rules';
import { fromMinor, toMinor } from '@riderdesk/domain/money';
import { orderCharges } from '@riderdesk/domain/orders/charges';
import { paths } from '@riderdesk/domain/paths';
import { formatPhoneForDisplay } from '@riderdesk/domain/phone';
import { ORDER_TOAST_KEYS, payableDeliveryFee, REQUEST_ERROR_KEYS } from '@riderdesk/domain/request-flow';
import { IconAlertTriangle, IconCreditCardOff, IconRestore } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryParameter } from '../../../shared/api/get-country-parameter.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDateTime, formatMoney, formatTime } from '../../../shared/format/format.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useRemoveSavedCard } from '../api/saved-cards.ts';
import { useApplyVoucher } from '../hooks/use-apply-voucher.ts';
import { useCardPayment } from '../hooks/use-card-payment.ts';
import { useDestinationPicker } from '../hooks/use-destination-picker.ts';
import { useLeaveGuard } from '../hooks/use-leave-guard.ts';
import { useOrderForm } from '../hooks/use-order-form.ts';
import { useRequestDraft } from '../hooks/use-request-draft.ts';
import { useRequestFlow } from '../hooks/use-request-flow.ts';
import { useSubmitOrder } from '../hooks/use-submit-order.ts';
import { useTranslateKey } from '../hooks/use-translate-key.ts';
import {
  EMPTY_ORDER_FORM,
  formFromOrder,
  isScheduledAhead,
  type OrderForm,
  orderPayload,
  preorderedFor,
} from '../order-form.ts';
import { isSavedAddressKept } from '../request-rules.ts';
import { hasQuote, isBeforeDestination, movablePinOf, sectionStatuses } from '../request-sections.ts';
import { buildRequestSummary } from './build-request-summary.tsx';
import { CardStep } from './card-step.tsx';
import { CollectionPointSection } from './collection-point-section.tsx';
import { DetailsSection, DetailsSummary } from './details-section.tsx';
import { DropOffSection } from './drop-off-section.tsx';
import { FeeChangedModal } from './fee-changed-modal.tsx';
import { LeaveRequestModal } from './leave-request-modal.tsx';
import { OutOfAreaHelp } from './out-of-area-help.tsx';
import { PaymentSection } from './payment-section.tsx';
import { RequestMapCard } from './request-map-card.tsx';
import { DeliveryQuote, RequestSummary } from './request-summary.tsx';
import { ServiceClosedAlert } from './service-closed-alert.tsx';

export type RequestPageProps = {
  vendor: Vendor | null;
  trackingPath: string;
  /** spec §2: the orderID query edits an existing order. */
  orderIdToEdit: string | null;
  isAddressBookOn: boolean;
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
  /** The user's other branches, offered when an address is outside this branch's area. */
  otherBranches?: readonly Vendor[];
  /** Where requesting from another branch starts. */
  branchPath?: (vendorId: string) => string;
  /** Back from a card payment that failed: the request is filled in again from that order, with the reason. */
  failedPayment?: { orderId: string; errorKey: string | null } | null;
};

/** spec §2 "Request a rider" with the spec §4 request flow. */
export function RequestPage(props: RequestPageProps) {
  const { vendor } = props;
  const vendorId = vendor?.vendor_id ?? null;
  const { t, i18n } = useTranslation();
  const translate = useTranslateKey();
  const config = useConfig();
  const { country } = config;
  const isDesktop = useMediaQuery('(min-width: 62em)', true);
  const money = (amount: number) => formatMoney(amount, country.currency, i18n.language);

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
    isPreOrderOn: props.isPreOrderOn && props.orderIdToEdit === null,
    orderIdToRetry: props.orderIdToEdit === null ? (props.failedPayment?.orderId ?? null) : null,
  });
  const { state, send } = flow;
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
      isLaterOnly: state.isClosedNow && props.orderIdToEdit === null,
    },
    paymentMethods: state.availablePaymentMethods,
    defaultPaymentMethod: config.defaultPaymentMethod,
    translate,
  });
  const { form, errors, onFieldEdited } = orderForm;
  const serviceHours = useCountryParameter('serviceHours');
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
  const payableFee = payableDeliveryFee(state)?.fee ?? null;
  // The one rule for an order's money (orders/charges.ts): a card pays the delivery fee after the voucher.
  const cardCharge =
    payableFee === null
      ? null
      : fromMinor(
          orderCharges({
            amountMinor: 0,
            deliveryFeeMinor: toMinor(payableFee, country.currency),
            discountMinor: 0,
            paymentMethod: 'ONLINE_PAYMENT',
          }).cardChargeMinor,
          country.currency,
        );
  const [senderContact, setSenderContact] = useState<SenderContact | null>(null);
  // What the merchant typed or picked; an order being edited starts from its saved values.
  const leaveGuard = useLeaveGuard(
    form.formState.isDirty || (props.orderIdToEdit === null && state.destination !== null),
  );
  const draft = useRequestDraft({
    scope: props.orderIdToEdit === null && vendorId ? { owner: props.userEmail ?? 'guest', vendorId } : null,
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
      form.reset(EMPTY_ORDER_FORM);
    },
  });

  const continueToPayment = form.handleSubmit((details: OrderForm) =>
    send({
      type: 'detailsSubmitted',
      details: orderPayload(details, state.destination, country.timeZone),
      ageValidationRequired: details.isAgeValidationRequired,
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
  const scheduledFor =
    scheduledSeconds === null ? null : formatDateTime(scheduledSeconds * 1000, country.timeZone, i18n.language);
  const sections = sectionStatuses(step);
  const isEditing = props.orderIdToEdit !== null;
  const isPlacingOrigin = step === 'ASK_FOR_ORIGIN_ADDRESS_DETAILS';
  const showsMapInForm = !isDesktop && (isPlacingOrigin || !isBeforeDestination(step));
  const mapCard = (
    <RequestMapCard
      tileUrl={config.mapTileUrl}
      centre={flow.origin ?? { lat: country.mapCentre.latitude, lng: country.mapCentre.longitude }}
      origin={
        isPlacingOrigin && state.originAddressCreation
          ? { lat: state.originAddressCreation.latitude, lng: state.originAddressCreation.longitude }
          : flow.origin
      }
      destination={picker.destinationPoint}
      movablePin={movablePinOf(state)}
      onPinMoved={picker.movePin}
      height={isDesktop ? 380 : 260}
      isPlacingOrigin={isPlacingOrigin}
    />
  );

  const destinationError = picker.geoError ?? (state.error?.field === 'destination' ? state.error.key : null);
  const summary = buildRequestSummary({
    state,
    form: values,
    vendor,
    currency: country.currency,
    timeZone: country.timeZone,
    language: i18n.language,
    t,
    money,
    dateTime: (epochMs) => formatDateTime(epochMs, country.timeZone, i18n.language),
    pickupName: props.guest
      ? (vendor?.vendor_information.location.address_text ??
        state.originAddressCreation?.address_text ??
        t('guest.header'))
      : null,
  });
  const discount =
    state.voucher && state.deliveryFee !== null && state.discountedDeliveryFee !== null
      ? money(state.deliveryFee - state.discountedDeliveryFee)
      : null;

  return (
    <Box>
      <PageHeader
        title={isEditing ? t('request.edit-title', { id: props.orderIdToEdit }) : t('request.title')}
        description={isEditing ? t('request.edit-description') : t('request.description')}
      />
      {draft.isRestored && (
        <Alert
          variant="light"
          icon={<IconRestore size={18} />}
          mb="md"
          role="status"
          withCloseButton
          closeButtonLabel={t('request.draft.dismiss')}
          onClose={draft.dismiss}
        >
          {t('request.draft.restored')}
        </Alert>
      )}
      {isEditing && flow.orderToEdit.isPending && vendorId && (
        <Alert variant="light" icon={<Loader size={16} />} mb="md">
          {t('request.loading-order')}
        </Alert>
      )}
      {props.failedPayment && (
        <Alert
          variant="light"
          color="red"
          icon={<IconCreditCardOff size={18} />}
          mb="md"
          role="alert"
          title={t('request.payment-failed.title')}
        >
          {t('request.payment-failed.body', {
            reason: props.failedPayment.errorKey ? translate(props.failedPayment.errorKey) : '',
          })}
        </Alert>
      )}
      {isEditing && flow.orderToEdit.isError && (
        <Alert variant="light" color="red" icon={<IconAlertTriangle size={18} />} mb="md" role="alert">
          {t('request.error.order-not-found')}
        </Alert>
      )}
      <Grid gap="lg" align="flex-start" overflow="visible">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <CollectionPointSection
              vendor={vendor}
              state={state}
              send={send}
              countryCode={country.code}
              isOriginSaved={flow.isOriginSaved}
              {...(props.guest ? { senderContact: { value: senderContact, onChange: setSenderContact } } : {})}
              onOriginSaved={flow.setIsOriginSaved}
            />
            {isPlacingOrigin && showsMapInForm && mapCard}

            {(step === 'SERVICE_CLOSED' || state.isClosedNow) && (
              <ServiceClosedAlert
                from={state.startTime ?? ''}
                to={state.endTime ?? ''}
                timeZone={country.timeZone}
                canScheduleLater={state.isClosedNow}
              />
            )}

            <DropOffSection
              status={vendor ? sections.dropOff : 'locked'}
              lockedHint={
                step === 'CHECK_SERVICE_HOURS' && vendor
                  ? t('request.checking-service-hours')
                  : step === 'SERVICE_CLOSED'
                    ? t('request.step.locked-closed')
                    : t('request.step.locked-drop-off')
              }
              query={state.addressQuery}
              onQueryChange={(query) => {
                picker.clearGeoError();
                send({ type: 'addressQueryChanged', query });
              }}
              onPick={picker.choose}
              countryCode={country.code}
              bias={flow.origin}
              vendorId={vendorId}
              withAddressBook={props.isAddressBookOn}
              error={destinationError}
              errorValues={picker.geoError ? undefined : state.error?.values}
              isResolving={picker.isResolving}
              isValidating={step === 'CHECK_IF_DESTINATION_IS_VALID'}
              disabled={state.loading && step === 'FILL_PAYMENT_DETAILS'}
              map={showsMapInForm && mapCard}
              help={
                state.error?.field === 'destination' &&
                state.error.key === REQUEST_ERROR_KEYS.undeliverable &&
                vendor &&
                flow.origin &&
                state.destination?.latitude != null &&
                state.destination.longitude != null && (
                  <OutOfAreaHelp
                    vendor={vendor}
                    origin={flow.origin}
                    destination={{ lat: state.destination.latitude, lng: state.destination.longitude }}
                    otherBranches={props.otherBranches ?? []}
                    branchPath={props.branchPath ?? paths.requestARider}
                    pickupAddress={
                      props.guest
                        ? (vendor.vendor_information.location.address_text ??
                          state.originAddressCreation?.address_text ??
                          null)
                        : null
                    }
                  />
                )
              }
              quote={
                hasQuote(state) && (
                  <DeliveryQuote
                    isGuest={Boolean(props.guest)}
                    fee={money(payableDeliveryFee(state)?.fee ?? state.deliveryFee ?? 0)}
                    estimations={state.estimations}
                    distanceKm={
                      flow.origin && state.destination?.latitude != null && state.destination.longitude != null
                        ? tripDistanceKm(flow.origin, {
                            lat: state.destination.latitude,
                            lng: state.destination.longitude,
                          })
                        : null
                    }
                    deliveredBy={(minutes) =>
                      formatTime(Date.now() + minutes * 60_000, country.timeZone, i18n.language)
                    }
                    scheduledFor={scheduledFor}
                  />
                )
              }
            />

            <DetailsSection
              status={sections.details}
              form={form}
              errors={errors}
              onFieldEdited={onFieldEdited}
              countryCode={country.code}
              currency={country.currency}
              onContinue={() => void continueToPayment()}
              isHighValuePending={state.orderItemValueExceedValidation}
              itemValueLimit={state.orderItemValueExceedLimit}
              onConfirmHighValue={() => send({ type: 'itemValueConfirmed' })}
              onCancelHighValue={() => send({ type: 'back' })}
              onChange={back}
              summary={<DetailsSummary form={values} money={money} />}
              money={money}
              isSavedAddressKept={isSavedAddressKept(state)}
            />

            <PaymentSection
              status={sections.payment}
              form={form}
              errors={errors}
              onFieldEdited={onFieldEdited}
              methods={state.availablePaymentMethods}
              // An edit moves a pre-order's time while it waits for it; other orders are due now.
              isPreOrderOn={isEditing ? isScheduledAhead(state.orderToBeUpdated, Date.now()) : props.isPreOrderOn}
              isLaterOnly={state.isClosedNow && !isEditing}
              isVoucherOn={props.isVoucherOn && !isEditing}
              isVatOn={props.isVatOn}
              timeZone={country.timeZone}
              serviceHours={serviceHours.data ?? null}
              voucher={state.voucher}
              voucherDiscount={discount}
              voucherError={
                state.error?.field === 'voucher' ? translate(state.error.key, state.error.values) : undefined
              }
              isApplyingVoucher={voucher.isApplying}
              onApplyVoucher={voucher.apply}
              onRemoveVoucher={() => send({ type: 'voucherRemoved' })}
              isSubmitting={state.loading}
              isEditing={isEditing}
              submitError={
                state.error?.field === 'submit'
                  ? `${t(isEditing ? ORDER_TOAST_KEYS.updateFailed : ORDER_TOAST_KEYS.createFailed)}: ${translate(state.error.key, state.error.values)}`
                  : state.error?.field === 'fee'
                    ? translate(state.error.key, state.error.values)
                    : null
              }
              onBack={back}
              onSubmit={() => void submitOrder()}
              cardStep={
                isPayingByCard ? (
                  <CardStep
                    card={card}
                    charge={cardCharge === null ? null : money(cardCharge)}
                    onRemoveCard={(cardId) => removeCard.mutate(cardId)}
                    isRemoving={removeCard.isPending}
                  />
                ) : null
              }
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} style={isDesktop ? { position: 'sticky', top: 80 } : undefined}>
          <Stack gap="md">
            {isDesktop && mapCard}
            <RequestSummary order={summary.order} payment={summary.payment} total={summary.total} />
          </Stack>
        </Grid.Col>
      </Grid>

      <LeaveRequestModal
        opened={leaveGuard.isAsking}
        onStay={leaveGuard.stay}
        onLeave={() => {
          // "Discard and leave": the draft goes with it.
          draft.markSent();
          leaveGuard.leave();
        }}
      />
      <FeeChangedModal
        opened={state.hasFeeChanged}
        fee={money(payableDeliveryFee(state)?.fee ?? 0)}
        previousFee={money(order.feeBeforeSubmit ?? 0)}
        onCancel={() => send({ type: 'feeChangeConfirmed' })}
        onConfirm={() => {
          send({ type: 'feeChangeConfirmed' });
          void submitOrder();
        }}
      />
    </Box>
  );
}
