import { Group, Text, Timeline } from '@mantine/core';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { statusLabelKey } from '@riderdesk/domain/order-status';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatTime } from '../../../shared/format/format.ts';

/** The status history, oldest first; repeated labels (several "preparing" statuses) show once. */
export function OrderTimeline({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  const entries = [...order.status_history]
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))
    .filter(
      (entry, index, all) =>
        index === 0 || statusLabelKey(entry.status) !== statusLabelKey(all[index - 1]?.status ?? ''),
    );
  const isFailed = ['CANCELLED', 'PAYMENT_CANCELLED', 'PAYMENT_FAILED', 'STALLED'].includes(order.status);
  return (
    <Timeline
      active={entries.length - 1}
      bulletSize={14}
      styles={{ item: { marginTop: 14 } }}
      lineWidth={2}
      color={isFailed ? 'red' : undefined}
      aria-label={t('tracking.detail.timeline')}
    >
      {entries.map((entry) => (
        <Timeline.Item
          key={`${entry.status}-${entry.created_at}`}
          title={
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fz="sm" fw={600}>
                {t(statusLabelKey(entry.status))}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatTime(Date.parse(entry.created_at), country.timeZone, i18n.language)}
              </Text>
            </Group>
          }
        />
      ))}
    </Timeline>
  );
}
