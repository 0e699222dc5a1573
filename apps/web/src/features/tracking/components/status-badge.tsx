import { Badge } from '@mantine/core';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { orderBucket, statusLabelKey } from '@riderdesk/domain/order-status';
import { useTranslation } from 'react-i18next';
import { BUCKET_COLORS } from '../tracking-rules.ts';

export function StatusBadge({ order, now, size = 'sm' }: { order: Order; now: Date; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  const bucket = orderBucket(order, now);
  const color = order.status === 'DELAYED' ? 'yellow' : bucket ? BUCKET_COLORS[bucket] : 'gray';
  return (
    <Badge color={color} variant="light" size={size} radius="sm" style={{ flexShrink: 0 }}>
      {t(statusLabelKey(order.status, { isScheduled: bucket === 'preorder' }))}
    </Badge>
  );
}
