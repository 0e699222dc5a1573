import { Alert, Button, Group, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type OriginAddress, OriginAddressSchema } from '@riderdesk/domain/contracts/geo';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import {
  type SenderContact,
  type SenderContactErrors,
  validateSenderContact,
} from '@riderdesk/domain/guest/guest-rules';
import type { RequestEvent, RequestState } from '@riderdesk/domain/request-flow';
import { joinForReader } from '@riderdesk/domain/text/list-join';
import { validateAddress } from '@riderdesk/domain/validation/address';
import { IconBuildingStore, IconInfoCircle, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { describeError } from '../../../shared/api/describe-error.ts';
import { AddressSearch } from '../../../shared/geo/address-search.tsx';
import { useAddressResolver } from '../../../shared/geo/use-address-resolver.ts';
import { notify } from '../../../shared/notify.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../shared/storage.ts';
import { AUTO_DIRECTION } from '../../../shared/ui/auto-direction.ts';
import { PhoneText } from '../../../shared/ui/phone-text.tsx';
import { useSaveVendorAddress } from '../api/save-vendor-address.ts';
import { joinAddress } from '../request-rules.ts';
import { PhoneInput } from './phone-input.tsx';
import { type SectionStatus, StepSection } from './step-section.tsx';

function vendorAddress(vendor: Vendor, language: string): string {
  const location = vendor.vendor_information.location;
  return joinForReader([location.unit, location.building, location.address_text, location.city], language);
}

/** spec §4 ASK_FOR_ORIGIN_ADDRESS(_DETAILS): a vendor without coordinates sets its pickup point first. */
const LastPickupSchema = z.object({
  address: OriginAddressSchema,
  contact: z.object({ name: z.string().max(200), phone: z.string().max(40), email: z.string().max(320) }),
});

/** The pickup and contact a guest gave last time in this browser, if any (and still well-formed). */
function readLastPickup(): z.infer<typeof LastPickupSchema> | null {
  try {
    const parsed = LastPickupSchema.safeParse(JSON.parse(readStorage(STORAGE_KEYS.guestLastPickup) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function OriginForm(props: {
  vendor: Vendor;
  state: RequestState;
  send: (event: RequestEvent) => void;
  countryCode: string;
  onSaved: (isSaved: boolean) => void;
  /** A guest gives a contact with the pickup; nothing is saved to the guest's vendor (spec §3 sender). */
  onSenderContact?: (contact: SenderContact) => void;
}) {
  const { t, i18n } = useTranslation();
  const asksContact = props.onSenderContact !== undefined;
  // A guest comes back to the pickup they used last, already filled in.
  const [lastPickup] = useState(() => (asksContact ? readLastPickup() : null));
  const [contact, setContact] = useState<SenderContact>(lastPickup?.contact ?? { name: '', phone: '', email: '' });
  const [contactErrors, setContactErrors] = useState<SenderContactErrors>({});
  const { state, send } = props;
  const { resolve } = useAddressResolver(props.countryCode);
  const [isResolving, setIsResolving] = useState(false);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [details, setDetails] = useState({
    unit: lastPickup?.address.unit ?? '',
    building: lastPickup?.address.building ?? '',
    notes: lastPickup?.address.notes ?? '',
  });
  const save = useSaveVendorAddress();
  const origin = state.originAddressCreation;
  const originError = state.error?.field === 'origin' ? state.error.key : null;

  if (state.step === 'ASK_FOR_ORIGIN_ADDRESS' || !origin) {
    return (
      <Stack gap="sm">
        <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />}>
          {asksContact ? t('guest.contact.body') : t('request.origin.body')}
        </Alert>
        {lastPickup && (
          <Button
            variant="light"
            justify="start"
            leftSection={<IconMapPin size={16} />}
            onClick={() => send({ type: 'originAddressSet', address: lastPickup.address })}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
            h="auto"
            py={8}
          >
            {t('guest.last-pickup', { address: lastPickup.address.address_text })}
          </Button>
        )}
        <AddressSearch
          label={t('request.origin.search-label')}
          value={state.addressQuery}
          onChange={(query) => {
            setSearchError(null);
            send({ type: 'addressQueryChanged', query });
          }}
          onPick={async (pick) => {
            setIsResolving(true);
            const resolved = await resolve(pick);
            setIsResolving(false);
            if (!resolved.ok) {
              setSearchError(resolved.errorKey);
              return;
            }
            const { destination, details: place } = resolved;
            send({
              type: 'originAddressSet',
              address: {
                address_text: destination.formattedAddress,
                unit: null,
                notes: null,
                building: null,
                city: place?.city ?? props.vendor.vendor_information.location.city,
                country_code: place?.country_code ?? props.countryCode,
                latitude: destination.latitude as number,
                longitude: destination.longitude as number,
                postal_code: place?.postal_code ?? null,
                street_address: place ? joinAddress(place.street_number, place.street) || null : null,
              },
            });
          }}
          countryCode={props.countryCode}
          bias={null}
          vendorId={props.vendor.vendor_id}
          withAddressBook={false}
          error={searchError ?? originError}
          isResolving={isResolving}
        />
      </Stack>
    );
  }

  const notesError = validateAddress({ latitude: 0, longitude: 0, notes: details.notes }).notes ?? null;
  async function saveOrigin() {
    if (!origin || notesError) return;
    const address: OriginAddress = {
      ...origin,
      unit: details.unit.trim() || null,
      building: details.building.trim() || null,
      notes: details.notes.trim() || null,
    };
    if (props.onSenderContact) {
      const errors = validateSenderContact(contact, props.countryCode);
      setContactErrors(errors);
      if (Object.keys(errors).length > 0) return;
      const given = { ...contact, name: contact.name.trim(), email: contact.email.trim() };
      props.onSenderContact(given);
      writeStorage(STORAGE_KEYS.guestLastPickup, JSON.stringify({ address, contact: given }));
      props.onSaved(false);
      send({ type: 'originDetailsSaved', address });
      return;
    }
    try {
      await save.mutateAsync({ vendorId: props.vendor.vendor_id, body: address });
      notify({ message: t('order.toast.address-saved'), tone: 'success', kind: 'order' });
      props.onSaved(true);
    } catch (error) {
      // spec §7: the server's key, else 'We were unable to update the address.'; the order then carries the sender.
      notify({
        title: t('order.toast.address-failed'),
        message: describeError(error, t, 'order.toast.address-update-failed', (key) => i18n.exists(key)),
        tone: 'error',
        kind: 'order',
      });
      props.onSaved(false);
    }
    send({ type: 'originDetailsSaved', address });
  }

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconMapPin size={18} style={{ flexShrink: 0, marginTop: 2 }} />
        <Text fz="sm" fw={600}>
          {origin.address_text}
        </Text>
      </Group>
      <Text fz="sm" c="dimmed">
        {t('request.origin.details-body')}
      </Text>
      <Group grow gap="sm" align="flex-start">
        <TextInput
          label={t('request.form.unit')}
          attributes={AUTO_DIRECTION}
          value={details.unit}
          onChange={(event) => setDetails({ ...details, unit: event.currentTarget.value })}
        />
        <TextInput
          label={t('request.form.building')}
          attributes={AUTO_DIRECTION}
          value={details.building}
          onChange={(event) => setDetails({ ...details, building: event.currentTarget.value })}
        />
      </Group>
      <Textarea
        label={t('request.form.rider-notes')}
        autosize
        minRows={2}
        value={details.notes}
        error={notesError ? t(notesError) : (originError && t(originError)) || undefined}
        onChange={(event) => setDetails({ ...details, notes: event.currentTarget.value })}
      />
      {asksContact && (
        <Stack gap="sm">
          <Text fz="sm" fw={600}>
            {t('guest.contact.title')}
          </Text>
          <TextInput
            label={t('guest.contact.name')}
            value={contact.name}
            error={contactErrors.name ? t(contactErrors.name) : undefined}
            onChange={(event) => setContact({ ...contact, name: event.currentTarget.value })}
            autoComplete="name"
          />
          <Group grow gap="sm" align="flex-start">
            <PhoneInput
              label={t('guest.contact.phone')}
              value={contact.phone}
              countryCode={props.countryCode}
              error={contactErrors.phone ? t(contactErrors.phone) : undefined}
              onChange={(phone) => setContact({ ...contact, phone })}
            />
            <TextInput
              label={t('guest.contact.email')}
              type="email"
              dir="ltr"
              value={contact.email}
              error={contactErrors.email ? t(contactErrors.email) : undefined}
              onChange={(event) => setContact({ ...contact, email: event.currentTarget.value })}
              autoComplete="email"
            />
          </Group>
        </Stack>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={() => send({ type: 'back' })}>
          {t('request.origin.change')}
        </Button>
        <Button onClick={saveOrigin} loading={save.isPending}>
          {asksContact ? t('guest.contact.continue') : t('request.origin.save')}
        </Button>
      </Group>
    </Stack>
  );
}

export function CollectionPointSection(props: {
  vendor: Vendor | null;
  state: RequestState;
  send: (event: RequestEvent) => void;
  countryCode: string;
  /** The user's branches are loading: the section waits for its branch rather than asking for one. */
  isLoading?: boolean;
  isOriginSaved: boolean;
  onOriginSaved: (isSaved: boolean) => void;
  /** Set for a guest: the pickup comes with a contact and is sent as the order's sender. */
  senderContact?: { value: SenderContact | null; onChange: (contact: SenderContact) => void };
}) {
  const { t, i18n } = useTranslation();
  const { vendor, state } = props;
  const isOriginStep = state.step === 'ASK_FOR_ORIGIN_ADDRESS' || state.step === 'ASK_FOR_ORIGIN_ADDRESS_DETAILS';
  const status: SectionStatus = isOriginStep ? 'active' : 'done';
  const origin = state.originAddressCreation;
  const address = vendor
    ? vendorAddress(vendor, i18n.language) ||
      (origin ? joinForReader([origin.unit, origin.building, origin.address_text], i18n.language) : '')
    : '';

  return (
    <StepSection number={1} title={t('request.collection-point')} status={vendor ? status : 'active'}>
      {!vendor && props.isLoading ? (
        // Issue 32: on a slow network the branch list took seconds, and the page said to choose a branch.
        <Group gap="sm" wrap="nowrap" align="flex-start" role="status" aria-busy="true">
          <IconBuildingStore size={20} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
          <Stack gap={6} miw={0} style={{ flex: 1 }}>
            <Skeleton height={16} width="45%" radius="sm" />
            <Skeleton height={12} width="75%" radius="sm" />
            <Text fz="xs" c="dimmed">
              {t('request.loading-branch')}
            </Text>
          </Stack>
        </Group>
      ) : !vendor ? (
        <Text fz="sm" c="dimmed">
          {t('request.choose-branch')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconBuildingStore size={20} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
            <Stack gap={2} miw={0}>
              {/* A guest's own vendor is named "guest": the guest knows their pickup by its address. */}
              <Text fw={700}>{props.senderContact ? t('guest.header') : vendor.name}</Text>
              {!isOriginStep && (
                <Text fz="sm" c="dimmed">
                  {address || t('request.no-saved-address')}
                </Text>
              )}
              {vendor.vendor_information.contact.phone && (
                <Group gap={6} c="dimmed" wrap="nowrap">
                  <IconPhone size={14} aria-hidden />
                  <Text fz="sm">
                    <PhoneText phone={vendor.vendor_information.contact.phone} />
                  </Text>
                </Group>
              )}
            </Stack>
          </Group>
          {!isOriginStep && props.senderContact?.value && (
            <Text fz="sm" c="dimmed">
              <bdi>{props.senderContact.value.name}</bdi> · <PhoneText phone={props.senderContact.value.phone} />
            </Text>
          )}
          {!isOriginStep && !props.isOriginSaved && !props.senderContact && (
            <Text fz="xs" c="dimmed">
              {t('request.origin.not-saved')}
            </Text>
          )}
          {isOriginStep && (
            <OriginForm
              vendor={vendor}
              state={state}
              send={props.send}
              countryCode={props.countryCode}
              onSaved={props.onOriginSaved}
              {...(props.senderContact ? { onSenderContact: props.senderContact.onChange } : {})}
            />
          )}
        </Stack>
      )}
    </StepSection>
  );
}
