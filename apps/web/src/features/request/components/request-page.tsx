import { Button, Container, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { IconBuildingStore, IconListDetails, IconMapPinPlus, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyPanel } from '../../../shared/ui/empty-panel.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

function CollectionPointCard({ vendor }: { vendor: Vendor | null }) {
  const { t } = useTranslation();
  const location = vendor?.vendor_information.location;
  const address = location
    ? [location.unit, location.building, location.address_text, location.city].filter(Boolean).join(', ')
    : '';
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group gap="sm" mb="md">
        <ThemeIcon variant="light" size={36} radius="md">
          <IconBuildingStore size={20} />
        </ThemeIcon>
        <Title order={2} fz="md">
          {t('request.collection-point')}
        </Title>
      </Group>
      {vendor ? (
        <Stack gap={6}>
          <Text fw={700}>{vendor.name}</Text>
          <Text fz="sm" c="dimmed">
            {address || t('request.no-saved-address')}
          </Text>
          {vendor.vendor_information.contact.phone && (
            <Group gap={6} c="dimmed">
              <IconPhone size={14} />
              <Text fz="sm" dir="ltr">
                {vendor.vendor_information.contact.phone}
              </Text>
            </Group>
          )}
        </Stack>
      ) : (
        <Text fz="sm" c="dimmed">
          {t('request.choose-branch')}
        </Text>
      )}
    </Paper>
  );
}

/** spec §2 "Request a rider"; the request form itself is filled in by the order-request flow. */
export function RequestPage({ vendor, trackingPath }: { vendor: Vendor | null; trackingPath: string }) {
  const { t } = useTranslation();
  return (
    <Container size="lg" px={0}>
      <PageHeader title={t('request.title')} description={t('request.description')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CollectionPointCard vendor={vendor} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <EmptyPanel
            icon={<IconMapPinPlus size={30} />}
            title={t('request.empty.title')}
            description={t('request.empty.body')}
            actions={
              <Button component={Link} to={trackingPath} variant="light" leftSection={<IconListDetails size={16} />}>
                {t('request.empty.action')}
              </Button>
            }
          />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
