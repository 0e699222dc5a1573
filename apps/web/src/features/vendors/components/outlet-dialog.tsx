import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import type { LatLng } from '@riderdesk/domain/validation/address';
import {
  type CollectionPointErrors,
  type CollectionPointForm,
  hasErrors,
  sanitizePhone,
  validateCollectionPoint,
} from '@riderdesk/domain/validation/collection-point';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { type AddressPick, AddressSearch } from '../../../shared/geo/address-search.tsx';
import { placeDetailsQueryOptions } from '../../../shared/geo/get-place-details.ts';
import { useAddressResolver } from '../../../shared/geo/use-address-resolver.ts';
import { lazyWithRetry } from '../../../shared/lazy/retry-import.ts';
import { notify } from '../../../shared/notify.ts';
import { AUTO_DIRECTION } from '../../../shared/ui/auto-direction.ts';
import { useSaveOutlet } from '../api/save-outlet.ts';
import {
  collectionPointOf,
  emptyCollectionPoint,
  formErrorsOf,
  toOutletBody,
  withoutError,
} from '../collection-point-form.ts';
import { outletNoticeId } from '../hooks/use-outlet-readiness.ts';

const BranchMap = lazyWithRetry(
  () => import('./branch-map.tsx'),
  (m) => m.default,
);

export type OutletDialogTarget = { mode: 'add' } | { mode: 'edit'; vendor: Vendor };

/**
 * spec §2 add/edit collection point dialog: parent (only with several; fixed when editing), collection point ID
 * (fixed when editing), label, address search with a draggable marker on the branch map, unit, building, phone,
 * rider notes and owner e-mails. Checked by the spec §5 rule before it is sent, and by the same rule on the server.
 */
export function OutletDialog({
  target,
  vendors,
  onClose,
}: {
  target: OutletDialogTarget | null;
  vendors: readonly Vendor[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isMobile = useMediaQuery('(max-width: 48em)');
  const title = target?.mode === 'edit' ? t('outlet.edit-title') : t('outlet.add-title');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={title}
      size="xl"
      radius="md"
      fullScreen={isMobile}
      closeButtonProps={{ 'aria-label': t('outlet.close') }}
      // Each opening starts from the outlet as saved.
      key={target?.mode === 'edit' ? target.vendor.vendor_id : 'add'}
    >
      {target && <OutletForm target={target} vendors={vendors} onDone={onClose} />}
    </Modal>
  );
}

function OutletForm({
  target,
  vendors,
  onDone,
}: {
  target: OutletDialogTarget;
  vendors: readonly Vendor[];
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const countryCode = config.country.code;
  const queryClient = useQueryClient();
  const { resolve, resolvePoint } = useAddressResolver(countryCode);
  const save = useSaveOutlet();
  const parents = vendors.filter((vendor) => vendor.is_parent);
  const isEditing = target.mode === 'edit';
  const [form, setForm] = useState<CollectionPointForm>(() =>
    isEditing ? collectionPointOf(target.vendor) : emptyCollectionPoint(parents),
  );
  const [errors, setErrors] = useState<CollectionPointErrors>({});
  const [addressQuery, setAddressQuery] = useState(form.location?.formatted_address ?? '');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [isResolving, setIsResolving] = useState(false);

  const update = (field: string, patch: Partial<CollectionPointForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutError(current, field));
  };

  /** The chosen place, with what the geocoder knows of it (spec §7 details): city, street, postal code, country. */
  async function placeAt(resolved: Awaited<ReturnType<typeof resolve>>) {
    if (!resolved.ok) {
      setAddressError(resolved.errorKey);
      return;
    }
    const { destination } = resolved;
    if (destination.latitude === null || destination.longitude === null) {
      setAddressError('No coordinates for that address');
      return;
    }
    let details = resolved.details;
    if (!details && destination.placeId) {
      const place = await queryClient.fetchQuery(placeDetailsQueryOptions(destination.placeId)).catch(() => null);
      details = place?.address ?? null;
    }
    setAddressQuery(destination.formattedAddress);
    update('location', {
      location: {
        formatted_address: destination.formattedAddress,
        latitude: destination.latitude,
        longitude: destination.longitude,
        city: details?.city ?? null,
        countryCode: details?.country_code ?? countryCode,
        zipcode: details?.postal_code ?? null,
        street: details?.street ?? null,
        streetNumber: details?.street_number ?? null,
      },
    });
  }

  async function onPick(pick: AddressPick) {
    setIsResolving(true);
    try {
      await placeAt(await resolve(pick));
    } finally {
      setIsResolving(false);
    }
  }

  async function onMoved(point: LatLng) {
    setIsResolving(true);
    try {
      await placeAt(await resolvePoint(point));
    } finally {
      setIsResolving(false);
    }
  }

  async function submit() {
    const found = validateCollectionPoint(form);
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      const saved = await save.mutateAsync({ vendorId: form.vendorId ?? null, body: toOutletBody(form) });
      // spec §8 success; on create, spec §7 adds that it takes a few minutes.
      const message = saved.is_pending ? `${t('outlet.saved')} ${t('outlet.created-delay')}` : t('outlet.saved');
      // A pending outlet's notice is the one its "ready" replaces, so the two never stand side by side.
      notify({ message, tone: 'success', ...(saved.is_pending ? { id: outletNoticeId(saved.vendor_id) } : {}) });
      onDone();
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(formErrorsOf(error.errors));
      // spec §8: the server's message, else the error's.
      const key = error instanceof ApiRequestError ? error.firstTranslationKey : null;
      const message =
        key && i18n.exists(key)
          ? t(key)
          : error instanceof ApiRequestError && error.isNetworkError
            ? t('error.offline')
            : error instanceof Error && error.message
              ? i18n.exists(error.message)
                ? t(error.message)
                : error.message
              : t('outlet.save-failed');
      notify({ message, tone: 'error' });
    }
  }

  const parentId = form.parentVendorId;
  // The parent's outlets with their areas; the one being edited is drawn as the draggable marker instead.
  const outlets = vendors.filter((vendor) => !vendor.is_parent && vendor.parent_vendor_id === parentId);
  const point = form.location ? { lat: form.location.latitude, lng: form.location.longitude } : null;
  const errorOf = (field: keyof CollectionPointErrors) => {
    const message = errors[field];
    return message ? t(message) : undefined;
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        {isEditing && target.vendor.is_pending && (
          <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />}>
            {t('outlet.pending-body')}
          </Alert>
        )}
        {parents.length > 1 && (
          <Select
            label={t('outlet.parent')}
            data={parents.map((parent) => ({ value: parent.vendor_id, label: `${parent.name} (${parent.vendor_id})` }))}
            value={parentId}
            disabled={isEditing}
            allowDeselect={false}
            onChange={(value) => update('parentVendorId', { parentVendorId: value })}
            comboboxProps={{ withinPortal: false }}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('outlet.client-id')}
            required
            value={form.clientVendorId}
            disabled={isEditing}
            error={errorOf('clientVendorId')}
            onChange={(event) => update('clientVendorId', { clientVendorId: event.currentTarget.value })}
            attributes={AUTO_DIRECTION}
          />
          <TextInput
            label={t('outlet.label')}
            required
            value={form.name}
            error={errorOf('name')}
            onChange={(event) => update('name', { name: event.currentTarget.value })}
            attributes={AUTO_DIRECTION}
          />
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'start' }}>
          <Stack gap="sm">
            <AddressSearch
              label={t('outlet.address')}
              description={t('outlet.address-help')}
              value={addressQuery}
              onChange={(query) => {
                setAddressQuery(query);
                setAddressError(null);
                // spec §5: retyping the address clears the chosen location.
                update('location', { location: null });
              }}
              onPick={(pick) => void onPick(pick)}
              countryCode={countryCode}
              bias={point}
              vendorId={null}
              withAddressBook={false}
              error={addressError ?? errors.location ?? null}
              isResolving={isResolving}
            />
            {form.location && (
              <Group gap={6}>
                {[form.location.city, form.location.zipcode, form.location.countryCode]
                  .filter((part): part is string => Boolean(part))
                  .map((part) => (
                    <Badge key={part} variant="light" color="gray" tt="none">
                      {part}
                    </Badge>
                  ))}
              </Group>
            )}
            <Group grow gap="sm" align="flex-start">
              <TextInput
                label={t('request.form.unit')}
                attributes={AUTO_DIRECTION}
                value={form.unitNo ?? ''}
                onChange={(event) => update('unitNo', { unitNo: event.currentTarget.value })}
              />
              <TextInput
                label={t('request.form.building')}
                attributes={AUTO_DIRECTION}
                value={form.building ?? ''}
                onChange={(event) => update('building', { building: event.currentTarget.value })}
              />
            </Group>
            <TextInput
              label={t('outlet.phone')}
              required
              type="tel"
              inputMode="tel"
              dir="ltr"
              value={form.phone}
              error={errorOf('phone')}
              // spec §5: the phone keeps only digits and '+'.
              onChange={(event) => update('phone', { phone: sanitizePhone(event.currentTarget.value) })}
            />
          </Stack>
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <Suspense fallback={<Skeleton height={260} radius={0} />}>
              <BranchMap
                tileUrl={config.mapTileUrl}
                outlets={outlets}
                placedId={form.vendorId ?? null}
                point={point}
                hasParent={parentId !== null}
                onMoved={(moved) => void onMoved(moved)}
                height={260}
                labels={{ map: t('outlet.map'), point: t('outlet.map-point') }}
              />
            </Suspense>
            <Text fz="xs" c="dimmed" px="sm" py={6}>
              {t('outlet.map-hint')}
            </Text>
          </Paper>
        </SimpleGrid>

        <Textarea
          label={t('outlet.rider-notes')}
          autosize
          minRows={2}
          value={form.riderInstructions ?? ''}
          onChange={(event) => update('riderInstructions', { riderInstructions: event.currentTarget.value })}
        />

        <Stack gap="xs">
          <Text fz="sm" fw={600}>
            {t('outlet.owners')}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('outlet.owners-help')}
          </Text>
          {form.owners.map((owner, index) => (
            // Rows have no identity but their place; removing one re-keys the rest, which is what the user sees.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                style={{ flex: 1 }}
                type="email"
                dir="ltr"
                aria-label={t('outlet.owner-n', { n: index + 1 })}
                placeholder="name@example.com"
                value={owner}
                error={errors[`owners.${index}`] ? t(errors[`owners.${index}`] as string) : undefined}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setForm((current) => ({
                    ...current,
                    owners: current.owners.map((item, i) => (i === index ? value : item)),
                  }));
                  setErrors((current) => withoutError(current, `owners.${index}`));
                }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={2}
                aria-label={t('outlet.remove-owner', { n: index + 1 })}
                disabled={form.owners.length === 1 && owner === ''}
                onClick={() =>
                  update('owners', {
                    owners: form.owners.length === 1 ? [''] : form.owners.filter((_, i) => i !== index),
                  })
                }
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            onClick={() => update('owners', { owners: [...form.owners, ''] })}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('outlet.add-owner')}
          </Button>
        </Stack>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('outlet.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {isEditing ? t('outlet.save') : t('outlet.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
