import { Alert, Drawer, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { RiderOrderSummary } from '@riderdesk/domain/contracts/console-riders';
import { statusLabelKey } from '@riderdesk/domain/order-status';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format.ts';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useRider } from '../api/get-riders.ts';

/** A rider's current order and recent ones. */
export function RiderOrdersDrawer({
  riderId,
  name,
  timeZone,
  onClose,
}: {
  riderId: string;
  name: string;
  timeZone: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useConsoleErrorText();
  const rider = useRider(riderId);
  const rows = (orders: RiderOrderSummary[]) => (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="xs">
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.order_id}>
              <Table.Td>
                <Text fz="sm" fw={600} dir="ltr" ta="start">
                  {order.order_id}
                </Text>
                <Text fz="xs" c="dimmed">
                  {order.vendor_name} · {order.customer_address}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{t(statusLabelKey(order.status))}</Text>
                <Text fz="xs" c="dimmed">
                  {formatDateTime(new Date(order.updated_at), timeZone, i18n.language)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return (
    <Drawer opened onClose={onClose} title={name} position={i18n.dir() === 'rtl' ? 'left' : 'right'} size="lg">
      {rider.isPending && <Loader size="sm" aria-label={t('console.loading')} />}
      {rider.isError && (
        <Alert color="red" role="alert">
          {errorText(rider.error)}
        </Alert>
      )}
      {rider.isSuccess && (
        <Stack gap="md">
          <Title order={3} fz="md">
            {t('console.riders.current-order')}
          </Title>
          {rider.data.current_order ? (
            rows([rider.data.current_order])
          ) : (
            <Text fz="sm">{t('console.riders.no-current-order')}</Text>
          )}
          <Title order={3} fz="md">
            {t('console.riders.recent-orders')}
          </Title>
          {rider.data.recent_orders.length > 0 ? (
            rows(rider.data.recent_orders)
          ) : (
            <Text fz="sm">{t('console.riders.no-orders')}</Text>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
