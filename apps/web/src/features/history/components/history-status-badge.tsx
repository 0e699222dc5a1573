import { Badge } from '@mantine/core';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { isInGroup, statusLabelKey } from '@riderdesk/domain/order-status';
import { useTranslation } from 'react-i18next';

function colorOf(order: Order): string {
  if (order.status === 'DELAYED') return 'yellow';
  if (isInGroup(order.status, 'done')) return 'teal';
  if (isInGroup(order.status, 'cancelled')) return 'red';
  if (isInGroup(order.status, 'collected')) return 'orange';
  return 'blue';
}

/** The spec §4 display label of a past order's status. */
export function HistoryStatusBadge({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={colorOf(order)}
      variant="light"
      size="sm"
      radius="sm"
      style={{ flexShrink: 0 }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {t(statusLabelKey(order.status))}
    </Badge>
  );
}
