import { Badge, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneText } from '../../../shared/ui/phone-text.tsx';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text fz="sm">{children || '—'}</Text>
    </Stack>
  );
}

/** Read-only details of a collection point, opened from the edit button of the branch list. */
export function OutletDetailsModal({ vendor, onClose }: { vendor: Vendor | null; onClose: () => void }) {
  const { t } = useTranslation();
  const info = vendor?.vendor_information;
  const location = info?.location;
  const address = location
    ? [
        location.unit,
        location.building,
        location.address_text ?? [location.street_number, location.street].filter(Boolean).join(' '),
        location.city,
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  return (
    <Modal opened={vendor !== null} onClose={onClose} title={t('outlet.title')} size="lg" radius="md" centered>
      {vendor && (
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Text fw={700} fz="lg">
                {vendor.name}
              </Text>
              <Text fz="sm" c="dimmed">
                <bdi>{vendor.vendor_id}</bdi>
              </Text>
            </Stack>
            <Badge color={vendor.is_active ? 'teal' : 'gray'} variant="light">
              {vendor.is_active ? t('outlet.active') : t('outlet.inactive')}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Detail label={t('outlet.client-id')}>{vendor.client_vendor_id}</Detail>
            <Detail label={t('outlet.phone')}>{info?.contact.phone && <PhoneText phone={info.contact.phone} />}</Detail>
            <Detail label={t('outlet.address')}>{address}</Detail>
            <Detail label={t('outlet.rider-notes')}>{location?.rider_instructions}</Detail>
            <Detail label={t('outlet.owners')}>{info?.owners.join(', ')}</Detail>
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}
