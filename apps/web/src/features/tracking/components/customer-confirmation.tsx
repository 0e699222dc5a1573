import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { countdownText } from '@riderdesk/domain/orders/cash-confirmation';
import { IconCircleCheck, IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/describe-error.ts';
import { useConfirmCashOrder } from '../api/confirm-cash-order.ts';
import { useNow } from '../hooks/use-now.ts';

/**
 * A cash order waiting for its customer (decision 175), on the order detail: the time left and, for a merchant who
 * called the customer, "Confirm for the customer"; once confirmed, who did. An expired one is told by the rider card.
 */
export function CustomerConfirmation({
  order,
  confirmation,
}: {
  order: Order;
  confirmation: NonNullable<Order['customer_confirmation']>;
}) {
  const { t, i18n } = useTranslation();
  const now = useNow(1000);
  const confirm = useConfirmCashOrder();
  if (confirmation.state === 'confirmed' && confirmation.confirmed_by) {
    return (
      <Group gap={6} wrap="nowrap" data-testid="customer-confirmation">
        <IconCircleCheck size={16} aria-hidden color="var(--mantine-color-teal-7)" />
        <Text fz="sm">{t(`tracking.confirmation.confirmed-by.${confirmation.confirmed_by}`)}</Text>
      </Group>
    );
  }
  if (confirmation.state !== 'awaiting') return null;
  return (
    <Alert color="orange" radius="md" icon={<IconHourglassHigh size={18} />} data-testid="customer-confirmation">
      <Stack gap="xs">
        <Text fw={600} fz="sm" role="timer" aria-live="off">
          {t('tracking.confirmation.awaiting', { time: countdownText(confirmation.confirm_by, now) })}
        </Text>
        <Text fz="sm">{t('tracking.confirmation.hint')}</Text>
        {confirm.isError && (
          <Text fz="sm" c="red.8" role="alert">
            {describeError(confirm.error, t, 'tracking.confirmation.error', (key) => i18n.exists(key))}
          </Text>
        )}
        <Group>
          <Button
            size="xs"
            color="orange"
            loading={confirm.isPending}
            onClick={() => confirm.mutate({ vendor_id: order.vendor_id, order_id: order.order_id })}
          >
            {t('tracking.confirmation.confirm')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
