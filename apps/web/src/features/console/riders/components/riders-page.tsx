import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format.ts';
import { notify } from '../../../../shared/notify.ts';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useDeactivateRider } from '../api/change-rider.ts';
import { useRiders } from '../api/get-riders.ts';
import { positionText, type RiderRowView, riderRows } from '../riders-view.ts';
import { CreateRiderDialog } from './create-rider-dialog.tsx';
import { RiderOrdersDrawer } from './rider-orders-drawer.tsx';

type Dialog = { kind: 'create' } | { kind: 'deactivate' | 'orders'; rider: RiderRowView } | null;

/** The console's Riders page (admin, operations): the fleet with its states and positions, the simulator's marked. */
export function RidersPage({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const errorText = useConsoleErrorText();
  const riders = useRiders();
  const deactivate = useDeactivateRider();
  const [dialog, setDialog] = useState<Dialog>(null);
  const rows = riderRows(riders.data ?? []);
  const close = () => {
    deactivate.reset();
    setDialog(null);
  };

  return (
    <>
      <PageHeader
        title={t('console.riders.title')}
        description={riders.isSuccess ? t('console.riders.count', { count: rows.length }) : undefined}
        actions={
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setDialog({ kind: 'create' })}>
            {t('console.riders.add')}
          </Button>
        }
      />
      {riders.isPending && <Loader aria-label={t('console.loading')} />}
      {riders.isError && (
        <Alert color="red" role="alert">
          {errorText(riders.error)}
        </Alert>
      )}
      {riders.isSuccess && rows.length === 0 && <Text>{t('console.riders.none')}</Text>}
      {riders.isSuccess && rows.length > 0 && (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={680}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('console.riders.column.rider')}</Table.Th>
                  <Table.Th>{t('console.riders.column.state')}</Table.Th>
                  <Table.Th>{t('console.riders.column.position')}</Table.Th>
                  <Table.Th>{t('console.riders.column.seen')}</Table.Th>
                  <Table.Th>{t('console.riders.column.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((rider) => (
                  <Table.Tr key={rider.id} data-testid="rider-row">
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text fz="sm" fw={600}>
                          {rider.name}
                        </Text>
                        {rider.is_simulated && (
                          <Badge size="sm" variant="outline" color="grape">
                            {t('console.riders.simulated')}
                          </Badge>
                        )}
                      </Group>
                      <Text fz="xs" c="dimmed" dir="ltr" ta="start">
                        {rider.phone} · {t(`console.riders.vehicles.${rider.vehicle}`, { defaultValue: rider.vehicle })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={rider.stateColor} variant="light">
                        {t(rider.stateKey)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="xs" dir="ltr" ta="start">
                        {positionText(rider.position) ?? t('console.riders.no-position')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="xs">{formatDateTime(new Date(rider.seen_at), timeZone, i18n.language)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-xs" variant="light" onClick={() => setDialog({ kind: 'orders', rider })}>
                          {t('console.riders.open')}
                        </Button>
                        {rider.canDeactivate && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setDialog({ kind: 'deactivate', rider })}
                          >
                            {t('console.riders.deactivate')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {dialog?.kind === 'create' && <CreateRiderDialog onClose={close} />}
      {dialog?.kind === 'orders' && (
        <RiderOrdersDrawer riderId={dialog.rider.id} name={dialog.rider.name} timeZone={timeZone} onClose={close} />
      )}
      {dialog?.kind === 'deactivate' && (
        <Modal opened onClose={close} title={t('console.riders.deactivate')} centered>
          <Stack gap="md">
            <Text fz="sm">{t('console.riders.deactivate-confirm', { name: dialog.rider.name })}</Text>
            {deactivate.isError && (
              <Alert color="red" role="alert">
                {errorText(deactivate.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} data-autofocus>
                {t('console.cancel')}
              </Button>
              <Button
                color="red"
                loading={deactivate.isPending}
                onClick={() =>
                  deactivate.mutate(dialog.rider.id, {
                    onSuccess: () => {
                      notify({
                        message: t('console.riders.deactivated', { name: dialog.rider.name }),
                        tone: 'success',
                      });
                      close();
                    },
                  })
                }
              >
                {t('console.riders.deactivate')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
