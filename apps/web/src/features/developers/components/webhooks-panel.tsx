import { Alert, Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import type { WebhookEndpoint } from '@riderdesk/domain/contracts/webhooks';
import {
  IconEdit,
  IconKey,
  IconPlayerPlay,
  IconPlugConnected,
  IconPlus,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyPanel } from '../../../shared/ui/empty-panel.tsx';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint.ts';
import { useEnableWebhookEndpoint } from '../api/enable-webhook-endpoint.ts';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { useSendWebhookTest } from '../api/send-webhook-test.ts';
import { vendorName } from '../developer-vendors.ts';
import { useErrorText } from '../hooks/use-error-text.ts';
import { useFormatTime } from '../hooks/use-format-time.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ListStates, PanelIntro } from './panel-states.tsx';
import { SecretOnce } from './secret-once.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog.tsx';

type Confirming = { kind: 'delete' | 'rotate'; endpoint: WebhookEndpoint };

/** Settings → Developers → Webhooks (decision 152): endpoints, their secrets, their recent deliveries. */
export function WebhooksPanel({
  vendors,
  initialVendorId,
}: {
  vendors: readonly Vendor[];
  initialVendorId: string | null;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const endpoints = useWebhookEndpoints();
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const [dialog, setDialog] = useState<{ editing: WebhookEndpoint | null } | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [rotated, setRotated] = useState<{ endpointId: string; secret: string } | null>(null);
  const closeConfirm = () => {
    setConfirming(null);
    remove.reset();
    rotate.reset();
  };
  const confirm = () => {
    if (!confirming) return;
    if (confirming.kind === 'delete') remove.mutate(confirming.endpoint.id, { onSuccess: closeConfirm });
    else
      rotate.mutate(confirming.endpoint.id, {
        onSuccess: (answer) => {
          setRotated({ endpointId: answer.endpoint.id, secret: answer.secret });
          closeConfirm();
        },
      });
  };
  const confirmError = remove.error ?? rotate.error;

  const newButton = (
    <Button
      leftSection={<IconPlus size={18} />}
      onClick={() => setDialog({ editing: null })}
      disabled={vendors.length === 0}
    >
      {t('developers.webhooks.new')}
    </Button>
  );
  const list = [...(endpoints.data ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));

  return (
    <Stack gap="md">
      <PanelIntro text={t('developers.webhooks.intro')} action={list.length > 0 && newButton} />
      <ListStates
        isPending={endpoints.isPending}
        failure={endpoints.isError ? errorText(endpoints.error, 'developers.webhooks.error.load') : null}
        onRetry={() => void endpoints.refetch()}
        loadingLabel={t('developers.webhooks.loading')}
        empty={
          list.length === 0 ? (
            <EmptyPanel
              icon={<IconWebhook size={28} />}
              title={t('developers.webhooks.empty-title')}
              description={t('developers.webhooks.empty-body')}
              actions={newButton}
              minHeight={260}
            />
          ) : null
        }
      >
        <Stack
          gap="md"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('developers.tabs.webhooks')}
        >
          {list.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              vendors={vendors}
              secret={rotated?.endpointId === endpoint.id ? rotated.secret : null}
              onEdit={() => setDialog({ editing: endpoint })}
              onRotate={() => setConfirming({ kind: 'rotate', endpoint })}
              onDelete={() => setConfirming({ kind: 'delete', endpoint })}
            />
          ))}
        </Stack>
      </ListStates>
      {dialog && (
        <WebhookEndpointDialog
          vendors={vendors}
          editing={dialog.editing}
          initialVendorId={initialVendorId}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        isOpen={confirming !== null}
        title={
          confirming?.kind === 'rotate' ? t('developers.webhooks.rotate-title') : t('developers.webhooks.delete-title')
        }
        body={
          confirming?.kind === 'rotate' ? t('developers.webhooks.rotate-body') : t('developers.webhooks.delete-body')
        }
        confirmLabel={confirming?.kind === 'rotate' ? t('developers.webhooks.rotate') : t('developers.webhooks.delete')}
        isPending={remove.isPending || rotate.isPending}
        error={
          confirmError
            ? errorText(
                confirmError,
                confirming?.kind === 'rotate' ? 'developers.webhooks.error.rotate' : 'developers.webhooks.error.delete',
              )
            : null
        }
        onConfirm={confirm}
        onClose={closeConfirm}
      />
    </Stack>
  );
}

function EndpointCard({
  endpoint,
  vendors,
  secret,
  onEdit,
  onRotate,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  vendors: readonly Vendor[];
  secret: string | null;
  onEdit: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const formatTime = useFormatTime();
  const sendTest = useSendWebhookTest();
  const enable = useEnableWebhookEndpoint();
  const isDisabled = endpoint.disabled_at !== null;
  return (
    <Paper component="li" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Stack gap={6} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color={isDisabled ? 'red' : 'teal'}>
              {isDisabled ? t('developers.webhooks.disabled') : t('developers.webhooks.active')}
            </Badge>
            <Text fz="sm" c="dimmed">
              <bdi>{vendorName(vendors, endpoint.vendor_id)}</bdi> ·{' '}
              {t('developers.webhooks.created', { time: formatTime(endpoint.created_at) })}
            </Text>
          </Group>
          {/* Left to right inside, but at the start of the line in either language; long URLs wrap on phones. */}
          <Title order={3} fz="md" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            <bdi dir="ltr">{endpoint.url}</bdi>
          </Title>
          <Group gap={6} wrap="wrap" aria-label={t('developers.webhooks.events')}>
            {endpoint.events.map((event) => (
              <Badge key={event} variant="outline" color="gray" tt="none">
                {t(`developers.webhooks.event.${event}`)}
              </Badge>
            ))}
          </Group>
        </Stack>
        {isDisabled && (
          <Alert color="red" variant="light" title={t('developers.webhooks.disabled-title')}>
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">
                {t('developers.webhooks.disabled-body', {
                  time: formatTime(endpoint.disabled_at),
                  count: endpoint.consecutive_failures,
                })}
              </Text>
              <Button
                size="xs"
                leftSection={<IconPlugConnected size={16} />}
                loading={enable.isPending}
                onClick={() => enable.mutate(endpoint.id)}
              >
                {t('developers.webhooks.enable')}
              </Button>
              {enable.isError && (
                <Text fz="sm" c="red" role="alert">
                  {errorText(enable.error, 'developers.webhooks.error.enable')}
                </Text>
              )}
            </Stack>
          </Alert>
        )}
        {secret && <SecretOnce label={t('developers.webhooks.secret')} value={secret} />}
        <Group gap="xs">
          <Button
            size="xs"
            leftSection={<IconPlayerPlay size={16} className="flip-rtl" />}
            loading={sendTest.isPending}
            // Nothing is sent to a disabled endpoint: it is turned back on first.
            disabled={isDisabled}
            onClick={() => sendTest.mutate(endpoint.id)}
          >
            {t('developers.webhooks.send-test')}
          </Button>
          <Button size="xs" variant="default" leftSection={<IconEdit size={16} />} onClick={onEdit}>
            {t('developers.webhooks.edit')}
          </Button>
          <Button size="xs" variant="default" leftSection={<IconKey size={16} />} onClick={onRotate}>
            {t('developers.webhooks.rotate')}
          </Button>
          <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            {t('developers.webhooks.delete')}
          </Button>
        </Group>
        {sendTest.isError && (
          <Alert color="red" role="alert">
            {errorText(sendTest.error, 'developers.webhooks.error.test')}
          </Alert>
        )}
        {sendTest.isSuccess && (
          <Text fz="sm" c="teal.9" role="status">
            {t('developers.webhooks.test-queued')}
          </Text>
        )}
        <Divider />
        <Stack gap="xs">
          <Title order={4} fz="sm">
            {t('developers.webhooks.deliveries')}
          </Title>
          <WebhookDeliveries endpointId={endpoint.id} />
        </Stack>
      </Stack>
    </Paper>
  );
}
