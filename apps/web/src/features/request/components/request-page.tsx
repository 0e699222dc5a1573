import { Alert, Box, Button, Grid, Group, Loader, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Order } from '@riderdesk/domain/contracts/orders';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { fromMinor, toMinor } from '@riderdesk/domain/money';
import { orderCharges } from '@riderdesk/domain/orders/charges';
import {
  ORDER_TOAST_KEYS,
  payableDeliveryFee,
  type RequestError,
  type RequestStep,
} from '@riderdesk/domain/request-flow';
import { formatTimeInZone } from '@riderdesk/domain/service-hours';
import { type LatLng, validateAddress } from '@riderdesk/domain/validation/address';
import { validateOrderCreateBody, validateOrderUpdateBody } from '@riderdesk/domain/validation/order-body';
import { validateOrderPayload } from '@riderdesk/domain/validation/order-payload';
import { vatNumberError } from '@riderdesk/domain/validation/vat-number';
import { IconAlertTriangle, IconCheck, IconClockPause } from '@tabler/icons-react';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDateTime, formatMoney } from '../../../shared/format/format.ts';
import { lazyWithRetry } from '../../../shared/lazy/retry-import.ts';
import { notify } from '../../../shared/notify.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { createOrder } from '../api/create-order.ts';
import { updateOrder } from '../api/update-order.ts';
import { useValidateVoucher } from '../api/validate-voucher.ts';
import { type ResolvedAddress, useAddressResolver } from '../hooks/use-address-resolver.ts';
import { useRequestFlow } from '../hooks/use-request-flow.ts';
import {
  EMPTY_ORDER_FORM,
  formFromOrder,
  isScheduleValid,
  joinAddress,
  type OrderForm,
  orderCreateBody,
  orderPayload,
  orderUpdateBody,
  preorderedFor,
  refuseInvalidBody,
  senderOf,
} from '../request-rules.ts';
import { type AddressPick, AddressSearch } from './address-search.tsx';
import { CollectionPointSection } from './collection-point-section.tsx';
import { DetailsSection, type FieldErrors } from './details-section.tsx';
import { PaymentSection } from './payment-section.tsx';
import { DeliveryQuote, RequestSummary, type SummaryLine } from './request-summary.tsx';
import { type SectionStatus, StepSection } from './step-section.tsx';

const RequestMap = lazyWithRetry(
  () => import('./request-map.tsx'),
  (m) => m.default,
);

// Where a spec §5 failure is shown in the form.
const FORM_FIELD_OF: Readonly<Record<string, keyof OrderForm>> = {
  destinationName: 'customerName',
  destinationPhoneNumber: 'phone',
  destinationUnitNumber: 'unitNumber',
  orderDescription: 'description',
  orderAmount: 'amount',
  paymentMethod: 'paymentMethod',
};

const BEFORE_DESTINATION: readonly RequestStep[] = [
  'CHECK_SERVICE_HOURS',
  'SERVICE_CLOSED',
  'ASK_FOR_ORIGIN_ADDRESS',
  'ASK_FOR_ORIGIN_ADDRESS_DETAILS',
];

export type RequestPageProps = {
  vendor: Vendor | null;
  trackingPath: string;
  /** spec §2: the orderID query edits an existing order. */
  orderIdToEdit: string | null;
  isAddressBookOn: boolean;
  isPreOrderOn: boolean;
  isVoucherOn: boolean;
  isVatOn: boolean;
  userEmail: string | null;
};

/** spec §2 "Request a rider" with the spec §4 request flow. */
export function RequestPage(props: RequestPageProps) {
  const { vendor, trackingPath } = props;
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const { country } = config;
  const navigate = useNavigate();
  const isDesktop = useMediaQuery('(min-width: 62em)', true);
  const form = useForm<OrderForm>({ defaultValues: EMPTY_ORDER_FORM });

  const onOrderToEditLoaded = useCallback((order: Order) => form.reset(formFromOrder(order)), [form]);
  const flow = useRequestFlow({
    vendor,
    countryCode: country.code,
    timeZone: country.timeZone,
    orderIdToEdit: props.orderIdToEdit,
    onOrderToEditLoaded,
  });
  const { state, send } = flow;
  const { resolve, resolvePoint } = useAddressResolver(country.code);
  const voucherCheck = useValidateVoucher();

  const [geoError, setGeoError] = useState<string | null>(null);
  const [isResolving, setIsResolving] = useState(false);
  const [pendingPin, setPendingPin] = useState<LatLng | null>(null);
  const [localErrors, setLocalErrors] = useState<Partial<Record<keyof OrderForm, string>>>({});
  const [hiddenError, setHiddenError] = useState<RequestError | null>(null);
  const [feeBeforeSubmit, setFeeBeforeSubmit] = useState<number | null>(null);
  const resolution = useRef(0);

  // Keys from the flow, the server and the domain's spec §5 messages (some are English texts that the
  // catalogues translate); anything unknown is shown as it came.
  const translate = useCallback(
    (key: string, values?: Readonly<Record<string, string>>) => (i18n.exists(key) ? t(key, { ...values }) : key),
    [t, i18n],
  );
  const money = (amount: number) => formatMoney(amount, country.currency, i18n.language);

  // A new vendor starts a new request (spec §4).
  const vendorId = vendor?.vendor_id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the vendor changes.
  useEffect(() => {
    form.reset(EMPTY_ORDER_FORM);
    setGeoError(null);
    setPendingPin(null);
    setLocalErrors({});
  }, [vendorId]);

  // Cash on delivery (the configured default) unless the vendor cannot take it.
  const methods = state.availablePaymentMethods;
  useEffect(() => {
    const current = form.getValues('paymentMethod');
    if (current && methods.includes(current)) return;
    const preferred = methods.find((method) => method === config.defaultPaymentMethod) ?? methods[0] ?? '';
    form.setValue('paymentMethod', preferred);
  }, [methods, form, config.defaultPaymentMethod]);

  const { step } = state;
  const origin = flow.origin;
  const destinationPoint: LatLng | null =
    pendingPin ??
    (state.destination?.latitude != null && state.destination.longitude != null
      ? { lat: state.destination.latitude, lng: state.destination.longitude }
      : null);

  /** Only the latest lookup lands: a pick or a pin made while an earlier one resolves supersedes it. */
  const resolveLatest = useCallback(async (lookup: () => Promise<ResolvedAddress>) => {
    const attempt = ++resolution.current;
    setGeoError(null);
    setIsResolving(true);
    const resolved = await lookup();
    if (attempt !== resolution.current) return null;
    setIsResolving(false);
    if (!resolved.ok) {
      setGeoError(resolved.errorKey);
      return null;
    }
    setPendingPin(null);
    return resolved;
  }, []);

  async function chooseDestination(pick: AddressPick) {
    const resolved = await resolveLatest(() => resolve(pick));
    if (!resolved) return;
    const { saved } = resolved;
    if (saved) {
      // An address-book entry brings its customer along.
      const values = form.getValues();
      if (!values.customerName) form.setValue('customerName', saved.name);
      if (!values.phone) form.setValue('phone', saved.phone_number);
      if (!values.riderNotes && saved.notes) form.setValue('riderNotes', saved.notes);
    }
    send({ type: 'destinationChosen', destination: resolved.destination, savedAddress: saved });
  }

  const movePin = useCallback(
    async (point: LatLng) => {
      if (stateStep.current === 'ASK_FOR_ORIGIN_ADDRESS_DETAILS' && originAddress.current) {
        send({
          type: 'originAddressSet',
          address: { ...originAddress.current, latitude: point.lat, longitude: point.lng },
        });
        return;
      }
      setPendingPin(point);
      const resolved = await resolveLatest(() => resolvePoint(point));
      if (resolved) send({ type: 'destinationChosen', destination: resolved.destination });
    },
    [send, resolvePoint, resolveLatest],
  );
  const stateStep = useRef(step);
  stateStep.current = step;
  const originAddress = useRef(state.originAddressCreation);
  originAddress.current = state.originAddressCreation;

  // ---- Errors shown at their field.
  const flowError = state.error && state.error !== hiddenError ? state.error : null;
  const errors: FieldErrors = {};
  for (const [field, key] of Object.entries(localErrors)) errors[field as keyof OrderForm] = translate(key);
  if (flowError) {
    const field = FORM_FIELD_OF[flowError.field];
    const message = translate(flowError.key, flowError.values);
    if (field === 'paymentMethod' && step === 'FILL_ORDER_DETAILS') errors.other = message;
    else if (field) errors[field] ??= message;
    else if (flowError.field === 'vendor') errors.other = message;
  }
  const onFieldEdited = (field: keyof OrderForm) => {
    if (flowError && FORM_FIELD_OF[flowError.field] === field) setHiddenError(flowError);
    if (localErrors[field]) setLocalErrors(({ [field]: _, ...rest }) => rest);
  };
  const destinationError =
    geoError ?? (state.error?.field === 'destination' && step !== 'FILL_ORDER_DETAILS' ? state.error.key : null);
  const detailsDestinationError =
    state.error?.field === 'destination' && step === 'FILL_ORDER_DETAILS' ? state.error.key : null;
  const destinationErrorValues = geoError ? undefined : state.error?.values;

  function continueToPayment() {
    const values = form.getValues();
    const notesKey = validateAddress({ latitude: 0, longitude: 0, notes: values.riderNotes }).notes;
    setLocalErrors(notesKey ? { riderNotes: notesKey } : {});
    setHiddenError(null);
    if (notesKey) return;
    send({
      type: 'detailsSubmitted',
      details: orderPayload(values, state, country.timeZone),
      ageValidationRequired: values.isAgeValidationRequired,
    });
  }

  async function submitOrder() {
    const values = form.getValues();
    const found: Partial<Record<keyof OrderForm, string>> = {};
    if (vatNumberError(values.vatNumber)) found.vatNumber = 'request.vat.error';
    if (!isScheduleValid(values, Date.now(), country.timeZone)) found.scheduledAt = 'request.time.invalid';
    const check = validateOrderPayload(orderPayload(values, state, country.timeZone), {
      countryCode: country.code,
      vendorId: state.vendorId,
    });
    if (!check.ok) {
      const field = FORM_FIELD_OF[check.field];
      if (field) found[field] = check.key;
      else found.paymentMethod = check.key;
    }
    setLocalErrors(found);
    setHiddenError(null);
    if (Object.keys(found).length > 0) return;

    const sender =
      !flow.isOriginSaved && state.originAddressCreation && vendor
        ? senderOf(vendor, state.originAddressCreation, props.userEmail)
        : null;
    setFeeBeforeSubmit(state.deliveryFee);
    const context = { countryCode: country.code, vendorId: state.vendorId };
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
        return (await updateOrder(orderId, body)).order_id;
      }
      const body = orderCreateBody({ state: current, form: values, timeZone: country.timeZone, sender });
      refuseInvalidBody(validateOrderCreateBody(body, context));
      return createOrder(body, idempotencyKey);
    });
    if (outcome.status === 'placed') {
      notify({ message: t(outcome.message), tone: 'success', kind: 'order' });
      form.reset(EMPTY_ORDER_FORM);
      navigate(`${trackingPath}?${new URLSearchParams({ order_id: outcome.orderId })}`);
    } else if (outcome.status === 'failed') {
      notify({
        title: t(outcome.message),
        message: translate(outcome.key, outcome.values),
        tone: 'error',
        kind: 'order',
      });
    }
  }

  async function applyVoucher(code: string) {
    send({ type: 'voucherCodeChanged', code });
    if (state.deliveryFee === null || !state.deliveryFeeSignature || !state.vendorId) return;
    const orderTime = preorderedFor(form.getValues(), country.timeZone) ?? Math.floor(Date.now() / 1000);
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
      const key =
        error && typeof error === 'object' && 'firstTranslationKey' in error
          ? (error.firstTranslationKey as string | null)
          : null;
      send({ type: 'voucherRejected', errorKey: key && i18n.exists(key) ? key : undefined });
    }
  }

  // ---- Section states.
  const dropOffStatus: SectionStatus = BEFORE_DESTINATION.includes(step)
    ? 'locked'
    : step === 'FILL_ORDER_DETAILS' || step === 'FILL_PAYMENT_DETAILS'
      ? 'done'
      : 'active';
  const detailsStatus: SectionStatus =
    step === 'FILL_ORDER_DETAILS' ? 'active' : step === 'FILL_PAYMENT_DETAILS' ? 'done' : 'locked';
  const paymentStatus: SectionStatus = step === 'FILL_PAYMENT_DETAILS' ? 'active' : 'locked';
  const values = form.watch();
  const payable = payableDeliveryFee(state);

  // ---- Summary.
  const orderLines: SummaryLine[] = [];
  if (vendor) orderLines.push({ label: t('request.summary.pickup'), value: vendor.name });
  if (state.destination && !BEFORE_DESTINATION.includes(step)) {
    orderLines.push({
      label: t('request.summary.drop-off'),
      value: joinAddress(values.unitNumber, values.building, state.destination.formattedAddress),
    });
  }
  if (step === 'FILL_PAYMENT_DETAILS') {
    orderLines.push({
      label: t('request.summary.customer'),
      value: (
        <>
          {values.customerName} · <bdi dir="ltr">{values.phone}</bdi>
        </>
      ),
    });
    if (values.description) orderLines.push({ label: t('request.summary.item'), value: values.description });
    const scheduled = preorderedFor(values, country.timeZone);
    orderLines.push({
      label: t('request.summary.time'),
      value:
        scheduled === null ? t('request.time.asap') : formatDateTime(scheduled * 1000, country.timeZone, i18n.language),
    });
  }
  const paymentLines: SummaryLine[] = [];
  let total: SummaryLine | null = null;
  if (state.deliveryFee !== null) {
    paymentLines.push({ label: t('request.payment-summary.fee'), value: money(state.deliveryFee) });
    if (state.voucher && state.discountedDeliveryFee !== null) {
      paymentLines.push({
        label: t('request.payment-summary.discount'),
        value: `− ${money(state.deliveryFee - state.discountedDeliveryFee)}`,
      });
      paymentLines.push({ label: t('request.payment-summary.fee-to-pay'), value: money(state.discountedDeliveryFee) });
    }
    if (step === 'FILL_PAYMENT_DETAILS') {
      const amount = Number(values.amount.replace(/,/g, ''));
      const charges = orderCharges({
        amountMinor: toMinor(Number.isFinite(amount) ? amount : 0, country.currency),
        deliveryFeeMinor: toMinor(state.deliveryFee, country.currency),
        discountMinor:
          state.discountedDeliveryFee === null
            ? 0
            : toMinor(state.deliveryFee - state.discountedDeliveryFee, country.currency),
        paymentMethod: values.paymentMethod,
      });
      paymentLines.push({
        label: t(`request.payment-summary.fee-paid-by.${charges.feePaidBy}`),
        value: money(fromMinor(charges.payableFeeMinor, country.currency)),
      });
      total = {
        label: t('request.payment-summary.collect'),
        value: money(fromMinor(charges.collectMinor, country.currency)),
      };
    }
  }

  // ---- Map.
  const isOriginDetails = step === 'ASK_FOR_ORIGIN_ADDRESS_DETAILS';
  const canMovePin = isOriginDetails
    ? 'origin'
    : !BEFORE_DESTINATION.includes(step) && !state.loading
      ? 'destination'
      : null;
  const showsMap = !isDesktop && (isOriginDetails || !BEFORE_DESTINATION.includes(step));
  const mapCentre = origin ?? { lat: country.mapCentre.latitude, lng: country.mapCentre.longitude };
  const mapCard = (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Suspense fallback={<Skeleton height={isDesktop ? 380 : 260} radius={0} />}>
        <RequestMap
          tileUrl={config.mapTileUrl}
          centre={mapCentre}
          origin={
            isOriginDetails && state.originAddressCreation
              ? { lat: state.originAddressCreation.latitude, lng: state.originAddressCreation.longitude }
              : origin
          }
          destination={destinationPoint}
          movablePin={canMovePin}
          onPinMoved={movePin}
          height={isDesktop ? 380 : 260}
          labels={{
            map: t('request.map.label'),
            origin: t('request.map.origin'),
            destination: t('request.map.destination'),
          }}
        />
      </Suspense>
      <Text fz="xs" c="dimmed" px="md" py="xs">
        {isOriginDetails ? t('request.map.origin-hint') : t('request.address.pin-hint')}
      </Text>
    </Paper>
  );

  const isEditing = props.orderIdToEdit !== null;
  const quote =
    state.deliveryFee !== null && !BEFORE_DESTINATION.includes(step) && step !== 'CHECK_IF_DESTINATION_IS_VALID' ? (
      <DeliveryQuote fee={money(payable?.fee ?? state.deliveryFee)} estimations={state.estimations} />
    ) : null;

  return (
    <Box>
      <PageHeader
        title={isEditing ? t('request.edit-title', { id: props.orderIdToEdit }) : t('request.title')}
        description={isEditing ? t('request.edit-description') : t('request.description')}
      />
      {isEditing && flow.orderToEdit.isPending && vendorId && (
        <Alert variant="light" icon={<Loader size={16} />} mb="md">
          {t('request.loading-order')}
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
              onOriginSaved={flow.setIsOriginSaved}
            />
            {isOriginDetails && showsMap && mapCard}

            {step === 'SERVICE_CLOSED' && (
              <Alert
                variant="light"
                color="orange"
                radius="lg"
                icon={<IconClockPause size={22} />}
                title={t('request.service-closed.title')}
                role="alert"
              >
                <Stack gap={4}>
                  <Text fz="sm">
                    {t('request.error.service-hours', {
                      from: state.startTime ?? '',
                      to: state.endTime ?? '',
                      time: formatTimeInZone(new Date(), country.timeZone),
                    })}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {t('request.service-closed.hint')}
                  </Text>
                </Stack>
              </Alert>
            )}

            <StepSection
              number={2}
              title={t('request.step.drop-off')}
              status={vendor ? dropOffStatus : 'locked'}
              lockedHint={
                step === 'CHECK_SERVICE_HOURS' && vendor
                  ? t('request.checking-service-hours')
                  : t('request.step.locked-drop-off')
              }
            >
              <Stack gap="sm">
                <AddressSearch
                  label={t('request.address.label')}
                  value={state.addressQuery}
                  onChange={(query) => {
                    setGeoError(null);
                    send({ type: 'addressQueryChanged', query });
                  }}
                  onPick={chooseDestination}
                  countryCode={country.code}
                  bias={origin}
                  vendorId={vendorId}
                  withAddressBook={props.isAddressBookOn}
                  error={destinationError ?? detailsDestinationError}
                  errorValues={destinationErrorValues}
                  isResolving={isResolving}
                  disabled={state.loading && step === 'FILL_PAYMENT_DETAILS'}
                />
                {showsMap && mapCard}
                {step === 'CHECK_IF_DESTINATION_IS_VALID' && (
                  <Group gap="xs" role="status">
                    <Loader size="xs" />
                    <Text fz="sm" c="dimmed">
                      {t('request.validating')}
                    </Text>
                  </Group>
                )}
                {quote}
              </Stack>
            </StepSection>

            <DetailsSection
              status={detailsStatus}
              form={form}
              errors={errors}
              onFieldEdited={onFieldEdited}
              countryCode={country.code}
              currency={country.currency}
              onContinue={continueToPayment}
              isHighValuePending={state.orderItemValueExceedValidation}
              itemValueLimit={state.orderItemValueExceedLimit}
              onConfirmHighValue={() => send({ type: 'itemValueConfirmed' })}
              onCancelHighValue={() => send({ type: 'back' })}
              onChange={() => send({ type: 'back' })}
              summary={
                <Stack gap={2}>
                  <Text fz="sm" fw={600}>
                    {values.customerName} · <bdi dir="ltr">{values.phone}</bdi>
                  </Text>
                  {values.description && (
                    <Text fz="sm" c="dimmed" lineClamp={2}>
                      {values.description}
                    </Text>
                  )}
                  <Text fz="sm" c="dimmed">
                    {money(Number(values.amount.replace(/,/g, '')) || 0)}
                  </Text>
                </Stack>
              }
            />

            <PaymentSection
              status={paymentStatus}
              form={form}
              errors={errors}
              onFieldEdited={onFieldEdited}
              methods={methods}
              isPreOrderOn={props.isPreOrderOn && !isEditing}
              isVoucherOn={props.isVoucherOn && !isEditing}
              isVatOn={props.isVatOn}
              timeZone={country.timeZone}
              voucher={state.voucher}
              voucherDiscount={
                state.voucher && state.deliveryFee !== null && state.discountedDeliveryFee !== null
                  ? money(state.deliveryFee - state.discountedDeliveryFee)
                  : null
              }
              voucherError={
                state.error?.field === 'voucher' ? translate(state.error.key, state.error.values) : undefined
              }
              isApplyingVoucher={voucherCheck.isPending}
              onApplyVoucher={applyVoucher}
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
              onBack={() => send({ type: 'back' })}
              onSubmit={submitOrder}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} style={isDesktop ? { position: 'sticky', top: 80 } : undefined}>
          <Stack gap="md">
            {isDesktop && mapCard}
            <RequestSummary order={orderLines} payment={paymentLines} total={total} />
          </Stack>
        </Grid.Col>
      </Grid>

      <Modal
        opened={state.hasFeeChanged}
        onClose={() => send({ type: 'feeChangeConfirmed' })}
        title={t('error.fee.delivery-fee-changed')}
        centered
      >
        <Stack gap="md">
          <Text fz="sm">
            {t('request.fee-changed.body', {
              fee: money(state.deliveryFee ?? 0),
              old: money(feeBeforeSubmit ?? 0),
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'feeChangeConfirmed' })}>
              {t('request.fee-changed.cancel')}
            </Button>
            <Button
              leftSection={<IconCheck size={16} />}
              onClick={() => {
                send({ type: 'feeChangeConfirmed' });
                void submitOrder();
              }}
            >
              {t('request.fee-changed.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Box>
  );
}
