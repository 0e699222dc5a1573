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
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { AddressSearch } from '../../../shared/geo/address-search.tsx';
import { lazyWithRetry } from '../../../shared/lazy/retry-import.ts';
import { AUTO_DIRECTION } from '../../../shared/ui/auto-direction.ts';
import { parentOptionOf } from '../collection-point-form.ts';
import { type OutletDialogTarget, useOutletForm } from '../hooks/use-outlet-form.ts';

const BranchMap = lazyWithRetry(
  () => import('./branch-map.tsx'),
  (m) => m.default,
);

export type { OutletDialogTarget } from '../hooks/use-outlet-form.ts';

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
  const { t } = useTranslation();
  const config = useConfig();
  const outlet = useOutletForm(target, vendors, onDone);
  const { form, isEditing, errorOf } = outlet;
  const { register } = form;
  // spec §5: changing a field clears its message.
  const field = (name: 'clientVendorId' | 'name' | 'unitNo' | 'building' | 'riderInstructions') =>
    register(name, { onChange: () => form.clearErrors(name) });

  return (
    <form noValidate onSubmit={(event) => void outlet.submit(event)}>
      <Stack gap="md">
        {isEditing && target.mode === 'edit' && target.vendor.is_pending && (
          <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />}>
            {t('outlet.pending-body')}
          </Alert>
        )}
        {outlet.parents.length > 1 && (
          <Select
            label={t('outlet.parent')}
            data={outlet.parents.map(parentOptionOf)}
            value={outlet.parentId}
            disabled={isEditing}
            allowDeselect={false}
            onChange={(value) => outlet.change('parentVendorId', value)}
            comboboxProps={{ withinPortal: false }}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('outlet.client-id')}
            required
            disabled={isEditing}
            error={errorOf('clientVendorId')}
            {...field('clientVendorId')}
            attributes={AUTO_DIRECTION}
          />
          <TextInput
            label={t('outlet.label')}
            required
            error={errorOf('name')}
            {...field('name')}
            attributes={AUTO_DIRECTION}
          />
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'start' }}>
          <Stack gap="sm">
            <AddressSearch
              label={t('outlet.address')}
              description={t('outlet.address-help')}
              value={outlet.addressQuery}
              onChange={outlet.typeAddress}
              onPick={outlet.pickAddress}
              countryCode={config.country.code}
              bias={outlet.mapPoint}
              vendorId={null}
              withAddressBook={false}
              error={outlet.addressError}
              isResolving={outlet.isResolving}
            />
            {outlet.placeBadges.length > 0 && (
              <Group gap={6}>
                {outlet.placeBadges.map((part) => (
                  <Badge key={part} variant="light" color="gray" tt="none">
                    {part}
                  </Badge>
                ))}
              </Group>
            )}
            <Group grow gap="sm" align="flex-start">
              <TextInput label={t('request.form.unit')} attributes={AUTO_DIRECTION} {...field('unitNo')} />
              <TextInput label={t('request.form.building')} attributes={AUTO_DIRECTION} {...field('building')} />
            </Group>
            <TextInput
              label={t('outlet.phone')}
              required
              type="tel"
              inputMode="tel"
              dir="ltr"
              value={form.watch('phone')}
              error={errorOf('phone')}
              onChange={(event) => outlet.typePhone(event.currentTarget.value)}
              onBlur={outlet.leavePhone}
            />
          </Stack>
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <Suspense fallback={<Skeleton height={260} radius={0} />}>
              <BranchMap
                tileUrl={config.mapTileUrl}
                outlets={outlet.mapOutlets}
                placedId={form.getValues('vendorId') ?? null}
                point={outlet.mapPoint}
                hasParent={outlet.parentId !== null}
                onMoved={outlet.movePoint}
                height={260}
                labels={{ map: t('outlet.map'), point: t('outlet.map-point') }}
              />
            </Suspense>
            <Text fz="xs" c="dimmed" px="sm" py={6}>
              {t('outlet.map-hint')}
            </Text>
          </Paper>
        </SimpleGrid>

        <Textarea label={t('outlet.rider-notes')} autosize minRows={2} {...field('riderInstructions')} />

        <Stack gap="xs">
          <Text fz="sm" fw={600}>
            {t('outlet.owners')}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('outlet.owners-help')}
          </Text>
          {outlet.owners.map((owner, index) => (
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
                error={errorOf(`owners.${index}`)}
                onChange={(event) => outlet.setOwner(index, event.currentTarget.value)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={2}
                aria-label={t('outlet.remove-owner', { n: index + 1 })}
                disabled={outlet.owners.length === 1 && owner === ''}
                onClick={() => outlet.removeOwner(index)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            onClick={outlet.addOwner}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('outlet.add-owner')}
          </Button>
        </Stack>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('outlet.cancel')}
          </Button>
          <Button type="submit" loading={outlet.isSaving}>
            {isEditing ? t('outlet.save') : t('outlet.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
