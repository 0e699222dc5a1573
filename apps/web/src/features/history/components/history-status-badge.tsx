import { Badge } from '@mantine/core';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { isInGroup, isPreorder, statusLabelKey } from '@riderdesk/domain/order-status';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDateTime } from '../../../shared/format/format.ts';

function colorOf(order: Order): string {
  if (order.status === 'DELAYED') return 'yellow';
  if (order.status === 'RETURNED_TO_VENDOR') return 'grape';
  if (isInGroup(order.status, 'done')) return 'teal';
  if (isInGroup(order.status, 'cancelled')) return 'red';
  if (isInGroup(order.status, 'collected')) return 'orange';
  return 'blue';
}

/** The spec §4 display label of a past order's status; a pre-order before its time says when it is due. */
export function HistoryStatusBadge({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  if (order.preordered_for !== null && isPreorder(order, new Date())) {
    const time = formatDateTime(order.preordered_for * 1000, country.timeZone, i18n.language);
    return (
      <Badge
        color="violet"
        variant="light"
        size="sm"
        radius="sm"
        style={{ flexShrink: 0 }}
        styles={{ label: { overflow: 'visible' } }}
      >
        {t('history.scheduled-for', { time })}
      </Badge>
    );
  }
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
