import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { WebhookDelivery } from '@riderdesk/domain/contracts/webhooks';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../shared/format/format.ts';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';
import { useRedeliverWebhook } from '../api/redeliver-webhook.ts';
import { useErrorText } from '../hooks/use-error-text.ts';
import { useFormatTime } from '../hooks/use-format-time.ts';

const STATE_COLOURS = { pending: 'gray', sending: 'blue', delivered: 'teal', failed: 'red' } as const;

/** An endpoint's recent deliveries, newest first: event, time, answer, latency, attempts, and Redeliver. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const formatTime = useFormatTime();
  const deliveries = useWebhookDeliveries(endpointId);
  const redeliver = useRedeliverWebhook();
  const heading = t('developers.webhooks.deliveries');

  if (deliveries.isPending) {
    return (
      <Group gap="xs" role="status" aria-label={t('developers.webhooks.deliveries-loading')}>
        <Loader size="xs" />
        <Text fz="sm" c="dimmed">
          {t('developers.webhooks.deliveries-loading')}
        </Text>
      </Group>
    );
  }
  if (deliveries.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(deliveries.error, 'developers.webhooks.error.deliveries')}
      </Alert>
    );
  }
  if (deliveries.data.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {t('developers.webhooks.no-deliveries')}
      </Text>
    );
  }
  const answerOf = (delivery: WebhookDelivery) =>
    delivery.response_code !== null ? (
      <Badge
        variant="light"
        color={delivery.response_code >= 200 && delivery.response_code < 300 ? 'teal' : 'red'}
        dir="ltr"
        style={{ flexShrink: 0 }}
      >
        {delivery.response_code}
      </Badge>
    ) : (
      <Text fz="xs" c="dimmed" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
        {delivery.error ?? '—'}
      </Text>
    );
  const redeliverButton = (delivery: WebhookDelivery) => (
    <Button
      variant="subtle"
      size="compact-xs"
      leftSection={<IconRefresh size={14} />}
      loading={redeliver.isPending && redeliver.variables?.deliveryId === delivery.id}
      disabled={delivery.state === 'pending' || delivery.state === 'sending'}
      onClick={() => redeliver.mutate({ endpointId, deliveryId: delivery.id })}
    >
      {t('developers.webhooks.redeliver')}
    </Button>
  );
  const rows = deliveries.data.map((delivery) => ({
    delivery,
    event: (
      <Text fz="sm" dir="ltr" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {delivery.event_type}
      </Text>
    ),
    state: (
      <Badge variant="dot" color={STATE_COLOURS[delivery.state]}>
        {t(`developers.webhooks.state.${delivery.state}`)}
      </Badge>
    ),
    time: formatTime(delivery.created_at),
    latency:
      delivery.latency_ms === null
        ? '—'
        : t('developers.webhooks.ms', { ms: formatCount(delivery.latency_ms, i18n.language) }),
  }));

  return (
    <Stack gap="xs">
      {redeliver.isError && (
        <Alert color="red" role="alert">
          {errorText(redeliver.error, 'developers.webhooks.error.redeliver')}
        </Alert>
      )}
      {/* Wide screens: a table. Phones: one small card per delivery, nothing scrolls sideways. */}
      <Table visibleFrom="sm" striped verticalSpacing="xs" fz="sm" aria-label={heading}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('developers.webhooks.event-column')}</Table.Th>
            <Table.Th>{t('developers.webhooks.time')}</Table.Th>
            <Table.Th>{t('developers.webhooks.state-column')}</Table.Th>
            <Table.Th>{t('developers.webhooks.response')}</Table.Th>
            <Table.Th>{t('developers.webhooks.latency')}</Table.Th>
            <Table.Th>{t('developers.webhooks.attempts')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('developers.webhooks.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.delivery.id}>
              <Table.Td>{row.event}</Table.Td>
              <Table.Td>{row.time}</Table.Td>
              <Table.Td>{row.state}</Table.Td>
              <Table.Td>{answerOf(row.delivery)}</Table.Td>
              <Table.Td>{row.latency}</Table.Td>
              <Table.Td>{formatCount(row.delivery.attempts, i18n.language)}</Table.Td>
              <Table.Td>{redeliverButton(row.delivery)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={heading}>
        {rows.map((row) => (
          <Paper key={row.delivery.id} component="li" withBorder radius="md" p="sm">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                {row.event}
                {row.delivery.response_code !== null && answerOf(row.delivery)}
              </Group>
              {row.delivery.response_code === null && answerOf(row.delivery)}
              <Group gap="xs" wrap="wrap">
                {row.state}
                <Text fz="xs" c="dimmed">
                  {row.time}
                </Text>
              </Group>
              <Group justify="space-between" gap="xs">
                <Text fz="xs" c="dimmed">
                  {t('developers.webhooks.latency')}: {row.latency} · {t('developers.webhooks.attempts')}:{' '}
                  {formatCount(row.delivery.attempts, i18n.language)}
                </Text>
                {redeliverButton(row.delivery)}
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
