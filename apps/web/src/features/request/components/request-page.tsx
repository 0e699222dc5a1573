import { Alert, Box, Grid, Loader, Stack } from '@mantine/core';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { paths } from '@riderdesk/domain/paths';
import { payableDeliveryFee } from '@riderdesk/domain/request-flow';
import { IconAlertTriangle, IconCreditCardOff, IconRestore } from '@tabler/icons-react';
import { formatDateTime, formatTime } from '../../../shared/format/format.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { type RequestPageInput, useRequestPage } from '../hooks/use-request-page.ts';
import { isSavedAddressKept } from '../request-rules.ts';
import { hasQuote, isBeforeDestination, movablePinOf } from '../request-sections.ts';
import { destinationPoint, guestPickupAddress, isOutOfArea, quotedFee, tripKm } from '../request-view-model.ts';
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

export type RequestPageProps = RequestPageInput & {
  isAddressBookOn: boolean;
  /** The user's other branches, offered when an address is outside this branch's area. */
  otherBranches?: readonly Vendor[];
  /** Where requesting from another branch starts. */
  branchPath?: (vendorId: string) => string;
};

/** spec §2 "Request a rider" with the spec §4 request flow. */
export function RequestPage(props: RequestPageProps) {
  const { vendor } = props;
  const page = useRequestPage(props);
  const { t, i18n, country, config, isDesktop, money, isEditing, flow, state, send, picker, sections } = page;
  const { step } = state;
  const vendorId = vendor?.vendor_id ?? null;
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

  const summary = buildRequestSummary({
    state,
    form: page.values,
    vendor,
    currency: country.currency,
    timeZone: country.timeZone,
    language: i18n.language,
    t,
    money,
    dateTime: (epochMs) => formatDateTime(epochMs, country.timeZone, i18n.language),
    pickupName: props.guest ? (guestPickupAddress(vendor, state) ?? t('guest.header')) : null,
  });
  const { form, errors, onFieldEdited } = page.orderForm;
  const destination = destinationPoint(state);

  return (
    <Box>
      <PageHeader
        title={isEditing ? t('request.edit-title', { id: props.orderIdToEdit }) : t('request.title')}
        description={isEditing ? t('request.edit-description') : t('request.description')}
      />
      {page.draft.isRestored && (
        <Alert
          variant="light"
          icon={<IconRestore size={18} />}
          mb="md"
          role="status"
          withCloseButton
          closeButtonLabel={t('request.draft.dismiss')}
          onClose={page.draft.dismiss}
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
            reason: props.failedPayment.errorKey ? page.translate(props.failedPayment.errorKey) : '',
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
              isLoading={props.isBranchLoading === true}
              isOriginSaved={flow.isOriginSaved}
              {...(props.guest
                ? { senderContact: { value: page.senderContact, onChange: page.setSenderContact } }
                : {})}
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
              lockedHint={page.dropOffLockedHint}
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
              error={page.destinationError}
              errorValues={picker.geoError ? undefined : state.error?.values}
              isResolving={picker.isResolving}
              isValidating={step === 'CHECK_IF_DESTINATION_IS_VALID'}
              disabled={state.loading && step === 'FILL_PAYMENT_DETAILS'}
              map={showsMapInForm && mapCard}
              help={
                vendor &&
                flow.origin &&
                destination &&
                isOutOfArea(state, flow.origin) && (
                  <OutOfAreaHelp
                    vendor={vendor}
                    origin={flow.origin}
                    destination={destination}
                    otherBranches={props.otherBranches ?? []}
                    branchPath={props.branchPath ?? paths.requestARider}
                    pickupAddress={props.guest ? guestPickupAddress(vendor, state) : null}
                  />
                )
              }
              quote={
                hasQuote(state) && (
                  <DeliveryQuote
                    isGuest={Boolean(props.guest)}
                    fee={money(quotedFee(state))}
                    estimations={state.estimations}
                    distanceKm={tripKm(flow.origin, state)}
                    deliveredBy={(minutes) =>
                      formatTime(Date.now() + minutes * 60_000, country.timeZone, i18n.language)
                    }
                    scheduledFor={page.scheduledFor}
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
              onContinue={() => void page.continueToPayment()}
              isHighValuePending={state.orderItemValueExceedValidation}
              itemValueLimit={state.orderItemValueExceedLimit}
              onConfirmHighValue={() => send({ type: 'itemValueConfirmed' })}
              onCancelHighValue={() => send({ type: 'back' })}
              onChange={page.back}
              summary={<DetailsSummary form={page.values} money={money} />}
              money={money}
              isSavedAddressKept={isSavedAddressKept(state)}
            />

            <PaymentSection
              model={page.payment}
              binding={page.orderForm}
              cardStep={
                page.isPayingByCard ? (
                  <CardStep
                    card={page.card}
                    charge={page.cardCharge}
                    onRemoveCard={(cardId) => page.removeCard.mutate(cardId)}
                    isRemoving={page.removeCard.isPending}
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
        opened={page.leaveGuard.isAsking}
        onStay={page.leaveGuard.stay}
        onLeave={() => {
          // "Discard and leave": the draft goes with it.
          page.draft.markSent();
          page.leaveGuard.leave();
        }}
      />
      <FeeChangedModal
        opened={state.hasFeeChanged}
        fee={money(payableDeliveryFee(state)?.fee ?? 0)}
        previousFee={money(page.order.feeBeforeSubmit ?? 0)}
        onCancel={() => send({ type: 'feeChangeConfirmed' })}
        onConfirm={() => {
          send({ type: 'feeChangeConfirmed' });
          void page.submitOrder();
        }}
      />
    </Box>
  );
}
