import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { PublicTracking } from '@riderdesk/domain/contracts/public-tracking';
import { countdownText } from '@riderdesk/domain/orders/cash-confirmation';
import { IconCircleCheck, IconHourglassHigh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmPublicOrder } from '../api/confirm-public-order.ts';

/** The current time every second, for the countdown. */
function useSecondClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * A cash order waiting for its recipient (decision 175): the time left and "Confirm my order"; once confirmed, a
 * thank-you; past its time, that it was cancelled.
 */
export function ConfirmOrderCard({
  token,
  confirmation,
}: {
  token: string;
  confirmation: NonNullable<PublicTracking['customer_confirmation']>;
}) {
  const { t } = useTranslation();
  const now = useSecondClock();
  const confirm = useConfirmPublicOrder(token);
  if (confirmation.state === 'confirmed') {
    return (
      <Alert color="teal" radius="md" icon={<IconCircleCheck size={18} />} data-testid="order-confirmation">
        {t('public.confirmation.confirmed')}
      </Alert>
    );
  }
  const isTimeUp = confirmation.state === 'expired' || Date.parse(confirmation.confirm_by) <= now;
  if (isTimeUp) {
    return (
      <Alert color="red" radius="md" data-testid="order-confirmation">
        {t('public.confirmation.expired')}
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="order-confirmation" aria-labelledby="confirm-title">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="orange" radius="md" size={36} aria-hidden>
            <IconHourglassHigh size={18} />
          </ThemeIcon>
          <div>
            <Text component="h2" id="confirm-title" fz="md" fw={700} m={0}>
              {t('public.confirmation.title')}
            </Text>
            <Text fz="sm" c="dimmed">
              {t('public.confirmation.body')}
            </Text>
          </div>
        </Group>
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Text fw={700} fz="lg" role="timer" aria-live="off">
            {t('public.confirmation.left', { time: countdownText(confirmation.confirm_by, now) })}
          </Text>
          <Button size="md" color="orange" loading={confirm.isPending} onClick={() => confirm.mutate()}>
            {t('public.confirmation.button')}
          </Button>
        </Group>
        {confirm.isError && (
          <Text fz="sm" c="red.8" role="alert">
            {t('public.confirmation.error')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
