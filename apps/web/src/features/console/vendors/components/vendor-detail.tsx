import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ConsoleOutlet, ConsoleVendor } from '@riderdesk/domain/contracts/console-vendors';
import { IconArrowBackUp } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../../shared/format/format.ts';
import { notify } from '../../../../shared/notify.ts';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useIssueVendorCode, useSetOutletActive } from '../api/change-vendor.ts';
import { useVendor } from '../api/get-vendor.ts';
import { kindKeyOf, registrationKeyOf, STATE_COLOURS } from '../vendors-view.ts';
import { ApproveDialog } from './approve-dialog.tsx';
import { VendorSettings } from './vendor-settings.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm">{children}</Text>
    </div>
  );
}

/** A collection point's decisions: approve a pending one, deactivate an active one, activate an inactive one. */
function OutletActions({
  outlet,
  canChange,
  onApprove,
}: {
  outlet: ConsoleOutlet;
  canChange: boolean;
  onApprove: (outlet: ConsoleOutlet) => void;
}) {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const setActive = useSetOutletActive();
  if (!canChange) return null;
  const toggle = (isActive: boolean) =>
    setActive.mutate(
      { vendorId: outlet.vendor_id, isActive },
      {
        onSuccess: () =>
          notify({
            message: t(isActive ? 'console.vendors.activated' : 'console.vendors.deactivated', { name: outlet.name }),
            tone: 'success',
          }),
        onError: (error) => notify({ message: errorText(error), tone: 'error' }),
      },
    );
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {outlet.state === 'pending' && (
        <Button size="xs" onClick={() => onApprove(outlet)}>
          {t('console.vendors.approve')}
        </Button>
      )}
      {outlet.state === 'inactive' && (
        <Button size="xs" variant="light" loading={setActive.isPending} onClick={() => toggle(true)}>
          {t('console.vendors.activate')}
        </Button>
      )}
      {outlet.state !== 'inactive' && (
        <Button size="xs" variant="subtle" color="red" loading={setActive.isPending} onClick={() => toggle(false)}>
          {t('console.vendors.deactivate')}
        </Button>
      )}
    </Group>
  );
}

function VendorCode({ vendor, canChange }: { vendor: ConsoleVendor; canChange: boolean }) {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const issue = useIssueVendorCode();
  const issueCode = () =>
    issue.mutate(
      { vendorId: vendor.vendor_id },
      {
        onSuccess: (code) =>
          notify({
            message: t('console.vendors.code-issued', { code: code.registration_code, email: code.contact_email }),
            tone: 'success',
          }),
        onError: (error) => notify({ message: errorText(error), tone: 'error' }),
      },
    );
  return (
    <Stack gap={4}>
      <Field label={t('console.vendors.code')}>
        <span dir="ltr" data-testid="vendor-code">
          {vendor.registration_code ?? t('console.vendors.no-code')}
        </span>
      </Field>
      {vendor.is_registered ? (
        <Text fz="xs" c="dimmed">
          {t('console.vendors.registered')}
        </Text>
      ) : (
        <>
          <Text fz="xs" c="dimmed">
            {t('console.vendors.code-hint')}
          </Text>
          {canChange && (
            <Button size="xs" variant="light" onClick={issueCode} loading={issue.isPending} w="fit-content">
              {t('console.vendors.issue-code')}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}

/** A vendor's page: its details and code, its collection points to decide on, its settings, users and orders. */
export function VendorDetail({
  vendorId,
  canChange,
  timeZone,
  tileUrl,
  backHref,
  onBack,
}: {
  vendorId: string;
  canChange: boolean;
  timeZone: string;
  tileUrl: string | null;
  backHref: string;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useConsoleErrorText();
  const vendor = useVendor(vendorId);
  const [approving, setApproving] = useState<ConsoleOutlet | null>(null);

  const back = (
    <Anchor
      href={backHref}
      onClick={(event) => {
        event.preventDefault();
        onBack();
      }}
      fz="sm"
    >
      <Group gap={4} component="span">
        <IconArrowBackUp size={16} aria-hidden />
        {t('console.vendors.back')}
      </Group>
    </Anchor>
  );

  if (vendor.isPending) return <Loader aria-label={t('console.loading')} />;
  if (vendor.isError) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" role="alert">
          {errorText(vendor.error)}
        </Alert>
      </Stack>
    );
  }
  const data = vendor.data;
  // A collection point's page decides on itself; a parent's on its collection points.
  const outlets = data.parent_vendor_id ? [data] : data.outlets;

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {data.name}
          </Title>
          <Group gap="xs">
            <Text fz="sm" c="dimmed" dir="ltr">
              {data.vendor_id}
            </Text>
            <Badge color={STATE_COLOURS[data.state]} variant="light">
              {t(`console.vendors.state.${data.state}`)}
            </Badge>
            <Badge variant="outline" color="gray">
              {t(kindKeyOf(data))}
            </Badge>
          </Group>
        </Stack>
      </Group>
      {!canChange && <Alert color="blue">{t('console.vendors.read-only')}</Alert>}
      <Paper withBorder p="md">
        <Title order={2} fz="lg" mb="sm">
          {t('console.vendors.details')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <Field label={t('console.vendors.address')}>{data.address_text ?? t('console.vendors.none')}</Field>
          <Field label={t('console.vendors.city')}>{data.city ?? t('console.vendors.none')}</Field>
          <Field label={t('console.vendors.parent')}>
            <span dir="ltr">{data.parent_vendor_id ?? t('console.vendors.none')}</span>
          </Field>
          <Field label={t('console.vendors.contact-email')}>
            <span dir="ltr">{data.contact_email ?? t('console.vendors.none')}</span>
          </Field>
          <Field label={t('console.vendors.phone')}>
            <span dir="ltr">{data.phone ?? t('console.vendors.none')}</span>
          </Field>
          <Field label={t('console.vendors.registration-type')}>{t(registrationKeyOf(data.registration_type))}</Field>
          <VendorCode vendor={data} canChange={canChange} />
        </SimpleGrid>
      </Paper>
      {outlets.length > 0 && (
        <Paper withBorder>
          <Title order={2} fz="lg" p="md" pb={0}>
            {t('console.vendors.outlets')}
          </Title>
          <Table.ScrollContainer minWidth={620}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('console.vendors.name')}</Table.Th>
                  <Table.Th>{t('console.vendors.address')}</Table.Th>
                  <Table.Th>{t('console.vendors.state-label')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outlets.map((outlet) => (
                  <Table.Tr key={outlet.vendor_id} data-testid="outlet-row">
                    <Table.Td>
                      <Text fw={600} fz="sm">
                        {outlet.name}
                      </Text>
                      <Text fz="xs" c="dimmed" dir="ltr" ta="start">
                        {outlet.vendor_id}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{outlet.address_text ?? t('console.vendors.none')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATE_COLOURS[outlet.state]} variant="light">
                        {t(`console.vendors.state.${outlet.state}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <OutletActions outlet={outlet} canChange={canChange} onApprove={setApproving} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <VendorSettings
        key={JSON.stringify([data.payment_methods, data.flags, data.registration_type])}
        vendor={data}
        canChange={canChange}
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Paper withBorder p="md">
          <Title order={2} fz="lg" mb="sm">
            {t('console.vendors.users')}
          </Title>
          {data.users.length === 0 && <Text c="dimmed">{t('console.vendors.no-users')}</Text>}
          <Stack gap="xs">
            {data.users.map((user) => (
              <Group key={user.email} gap="xs" justify="space-between" wrap="nowrap">
                <Text fz="sm" dir="ltr">
                  {user.email}
                </Text>
                <Badge variant="light" color={user.has_account ? 'green' : 'gray'}>
                  {t(user.has_account ? 'console.vendors.has-account' : 'console.vendors.invited')}
                </Badge>
              </Group>
            ))}
          </Stack>
        </Paper>
        <Paper withBorder>
          <Title order={2} fz="lg" p="md" pb={0}>
            {t('console.vendors.orders')}
          </Title>
          {data.recent_orders.length === 0 ? (
            <Text c="dimmed" p="md">
              {t('console.vendors.no-orders')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing="xs" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('console.vendors.order')}</Table.Th>
                    <Table.Th>{t('console.vendors.status')}</Table.Th>
                    <Table.Th>{t('console.vendors.created')}</Table.Th>
                    <Table.Th>{t('console.vendors.fee')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.recent_orders.map((order) => (
                    <Table.Tr key={order.order_id}>
                      <Table.Td dir="ltr">{order.order_id}</Table.Td>
                      <Table.Td dir="ltr">{order.status}</Table.Td>
                      <Table.Td>{formatDateTime(new Date(order.created_at), timeZone, i18n.language)}</Table.Td>
                      <Table.Td>{formatMoney(order.delivery_fee, data.currency, i18n.language)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      </SimpleGrid>
      {approving && (
        <ApproveDialog
          outlet={approving}
          siblings={data.outlets}
          tileUrl={tileUrl}
          onClose={() => setApproving(null)}
        />
      )}
    </Stack>
  );
}
