import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { IconClock, IconHourglassHigh, IconMotorbike } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { daysFromToday, formatDay, formatTime } from '../../../shared/format/format.ts';
import { orderEta } from '../tracking-rules.ts';
import { StatusBadge } from './status-badge.tsx';
import classes from './tracking.module.css';

export function OrderListItem({
  order,
  now,
  isSelected,
  showsOutlet,
  onSelect,
}: {
  order: Order;
  now: Date;
  isSelected: boolean;
  /** With all outlets listed, each row says which outlet it belongs to. */
  showsOutlet: boolean;
  onSelect: (order: Order) => void;
}) {
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  const eta = orderEta(order);
  const dueAt = order.preordered_for !== null ? order.preordered_for * 1000 : null;
  // A scheduled order says its day too: one due tomorrow at 01:22 must not look overdue today.
  const time =
    dueAt !== null && dueAt > now.getTime()
      ? t('tracking.item.due', {
          day: dueDay(daysFromToday(dueAt, now, country.timeZone), () =>
            formatDay(dueAt, country.timeZone, i18n.language),
          ),
          time: formatTime(dueAt, country.timeZone, i18n.language),
        })
      : formatTime(Date.parse(order.created_at), country.timeZone, i18n.language);
  function dueDay(days: number, date: () => string): string {
    if (days === 0) return t('tracking.day.today');
    if (days === 1) return t('tracking.day.tomorrow');
    return date();
  }
  return (
    <UnstyledButton
      className={classes.item}
      data-selected={isSelected || undefined}
      aria-current={isSelected ? 'true' : undefined}
      onClick={() => onSelect(order)}
      aria-label={t('tracking.item.label', { id: order.order_id, name: order.customer.name })}
    >
      <Stack gap={4} miw={0} style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={700} fz="sm" truncate>
            <bdi>{order.order_id}</bdi>
          </Text>
          <StatusBadge order={order} now={now} />
        </Group>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fz="sm" c="dimmed" truncate>
            {order.customer.name}
            {showsOutlet && order.outlet_name ? ` · ${order.outlet_name}` : ''}
          </Text>
          <Group gap={4} wrap="nowrap" c="dimmed" style={{ flexShrink: 0 }}>
            <IconClock size={13} aria-hidden />
            <Text fz="xs" c="dimmed">
              {time}
            </Text>
          </Group>
        </Group>
        {order.customer_confirmation?.state === 'awaiting' && (
          <Group gap={6} wrap="nowrap">
            <IconHourglassHigh size={14} aria-hidden color="var(--mantine-color-orange-7)" />
            <Text fz="xs" c="orange.8" fw={600}>
              {t('tracking.confirmation.badge')}
            </Text>
          </Group>
        )}
        {(eta || order.rider) && (
          <Group gap={6} wrap="nowrap">
            <IconMotorbike size={14} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text
              fz="xs"
              c={eta?.isNear ? 'var(--mantine-color-success)' : 'dimmed'}
              fw={eta?.isNear ? 600 : 400}
              truncate
            >
              {eta
                ? eta.isNear
                  ? t('order.rider-near')
                  : t(`tracking.eta.${eta.target}-short`, { minutes: eta.minutes })
                : order.rider?.name}
            </Text>
          </Group>
        )}
      </Stack>
    </UnstyledButton>
  );
}
