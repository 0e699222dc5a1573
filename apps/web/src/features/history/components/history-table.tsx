import { Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDateTime, formatMoney } from '../../../shared/format/format.ts';
import { PhoneText } from '../../../shared/ui/phone-text.tsx';
import { HistoryStatusBadge } from './history-status-badge.tsx';

export type HistoryTableProps = {
  orders: readonly Order[];
  selectedOrderId: string | null;
  showsOutlet: boolean;
  isWide: boolean;
  onSelect: (order: Order) => void;
};

/** spec §2 "All orders": one row per past order, newest first; a row opens the order's detail. */
export function HistoryTable({ orders, selectedOrderId, showsOutlet, isWide, onSelect }: HistoryTableProps) {
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  const money = (amount: number) => formatMoney(amount, country.currency, i18n.language);
  const created = (order: Order) => formatDateTime(Date.parse(order.created_at), country.timeZone, i18n.language);

  if (!isWide) {
    return (
      <Stack gap="xs" component="ul" p={0} m={0} aria-label={t('history.table-label')} style={{ listStyle: 'none' }}>
        {orders.map((order) => (
          <li key={order.order_id}>
            <UnstyledButton
              onClick={() => onSelect(order)}
              w="100%"
              aria-label={t('history.open-order', { id: order.order_id })}
              aria-current={order.order_id === selectedOrderId ? 'true' : undefined}
            >
              <Paper withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={700} fz="sm">
                    <bdi>{order.order_id}</bdi>
                  </Text>
                  <HistoryStatusBadge order={order} />
                </Group>
                <Text fz="xs" c="dimmed">
                  {created(order)}
                  {showsOutlet && ` · ${order.outlet_name}`}
                </Text>
                <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
                  <Text fz="sm" truncate>
                    {order.customer.name} · <PhoneText phone={order.customer.phone_number} />
                  </Text>
                  <Text fz="sm" fw={600} style={{ flexShrink: 0 }}>
                    <bdi>{money(order.order.amount)}</bdi>
                  </Text>
                </Group>
              </Paper>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table highlightOnHover verticalSpacing="sm" aria-label={t('history.table-label')} stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('history.column.order-id')}</Table.Th>
            <Table.Th>{t('history.column.created')}</Table.Th>
            {showsOutlet && <Table.Th>{t('history.column.outlet')}</Table.Th>}
            <Table.Th>{t('history.column.customer')}</Table.Th>
            <Table.Th>{t('history.column.drop-off')}</Table.Th>
            <Table.Th>{t('history.column.status')}</Table.Th>
            <Table.Th>{t('history.column.rider')}</Table.Th>
            <Table.Th ta="end">{t('history.column.fee')}</Table.Th>
            <Table.Th ta="end">{t('history.column.amount')}</Table.Th>
            <Table.Th>{t('history.column.payment')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => {
            const isSelected = order.order_id === selectedOrderId;
            return (
              <Table.Tr
                key={order.order_id}
                onClick={() => onSelect(order)}
                bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}
                style={{ cursor: 'pointer' }}
                aria-selected={isSelected}
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <UnstyledButton
                    onClick={(event) => {
                      event.stopPropagation();
                      onSelect(order);
                    }}
                    aria-label={t('history.open-order', { id: order.order_id })}
                    fw={700}
                    fz="sm"
                    c="var(--mantine-primary-color-filled)"
                  >
                    <bdi>{order.order_id}</bdi>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {created(order)}
                </Table.Td>
                {showsOutlet && <Table.Td fz="sm">{order.outlet_name}</Table.Td>}
                <Table.Td>
                  <Text fz="sm">{order.customer.name}</Text>
                  <Text fz="xs" c="dimmed">
                    <PhoneText phone={order.customer.phone_number} />
                  </Text>
                </Table.Td>
                <Table.Td fz="sm" maw={260}>
                  <Text fz="sm" lineClamp={2}>
                    {order.customer.location.address}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <HistoryStatusBadge order={order} />
                </Table.Td>
                <Table.Td fz="sm">
                  {order.rider?.name ?? (
                    <Text span c="dimmed" fz="sm">
                      {t('history.no-rider')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td fz="sm" ta="end" style={{ whiteSpace: 'nowrap' }}>
                  <bdi>{money(order.delivery_fee)}</bdi>
                </Table.Td>
                <Table.Td fz="sm" ta="end" style={{ whiteSpace: 'nowrap' }}>
                  <bdi>{money(order.order.amount)}</bdi>
                </Table.Td>
                <Table.Td fz="sm">{t(`tracking.payment-method.${order.order.payment_method}`)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
