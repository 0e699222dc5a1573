import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ApiClient } from '@riderdesk/domain/contracts/merchant-api';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { MAX_LIVE_KEYS } from '@riderdesk/domain/merchant-api/credentials';
import { IconKey, IconLockCog, IconPlus, IconRotate, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyPanel } from '../../../shared/ui/empty-panel.tsx';
import { useApiClients } from '../api/get-api-clients.ts';
import { useRevokeApiClient } from '../api/revoke-api-client.ts';
import { useRevokeApiClientKey } from '../api/revoke-api-client-key.ts';
import { vendorName } from '../developer-vendors.ts';
import { useErrorText } from '../hooks/use-error-text.ts';
import { useFormatTime } from '../hooks/use-format-time.ts';
import { ApiClientDialog } from './api-client-dialog.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { DetailGrid } from './detail-grid.tsx';
import { ListStates, PanelIntro } from './panel-states.tsx';
import { RotateKeyDialog } from './rotate-key-dialog.tsx';
import { RotateSecretDialog } from './rotate-secret-dialog.tsx';
import { IdText } from './secret-once.tsx';

type Confirming = { kind: 'client'; client: ApiClient } | { kind: 'key'; client: ApiClient; keyId: string };

/** Settings → Developers → API clients (decisions 151, 167): list, create, rotate keys and secrets, revoke. */
export function ApiClientsPanel({
  vendors,
  initialVendorId,
}: {
  vendors: readonly Vendor[];
  initialVendorId: string | null;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const clients = useApiClients();
  const revokeClient = useRevokeApiClient();
  const revokeKey = useRevokeApiClientKey();
  const [isCreating, setIsCreating] = useState(false);
  const [rotating, setRotating] = useState<ApiClient | null>(null);
  const [rotatingSecret, setRotatingSecret] = useState<ApiClient | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const closeConfirm = () => {
    setConfirming(null);
    revokeClient.reset();
    revokeKey.reset();
  };
  const confirm = () => {
    if (!confirming) return;
    if (confirming.kind === 'client') revokeClient.mutate(confirming.client.client_id, { onSuccess: closeConfirm });
    else
      revokeKey.mutate({ clientId: confirming.client.client_id, keyId: confirming.keyId }, { onSuccess: closeConfirm });
  };
  const confirmError = revokeClient.error ?? revokeKey.error;

  const newButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setIsCreating(true)} disabled={vendors.length === 0}>
      {t('developers.clients.new')}
    </Button>
  );
  // Live clients first, newest first; revoked ones stay listed below for the record.
  const list = [...(clients.data ?? [])].sort(
    (a, b) => Number(a.revoked_at !== null) - Number(b.revoked_at !== null) || b.created_at.localeCompare(a.created_at),
  );

  return (
    <Stack gap="md">
      <PanelIntro text={t('developers.clients.intro')} action={list.length > 0 && newButton} />
      <ListStates
        isPending={clients.isPending}
        failure={clients.isError ? errorText(clients.error, 'developers.clients.error.load') : null}
        onRetry={() => void clients.refetch()}
        loadingLabel={t('developers.clients.loading')}
        empty={
          list.length === 0 ? (
            <EmptyPanel
              icon={<IconKey size={28} />}
              title={t('developers.clients.empty-title')}
              description={t('developers.clients.empty-body')}
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
          aria-label={t('developers.tabs.clients')}
        >
          {list.map((client) => (
            <ApiClientCard
              key={client.client_id}
              client={client}
              vendors={vendors}
              onRotate={() => setRotating(client)}
              onRotateSecret={() => setRotatingSecret(client)}
              onRevoke={() => setConfirming({ kind: 'client', client })}
              onRevokeKey={(keyId) => setConfirming({ kind: 'key', client, keyId })}
            />
          ))}
        </Stack>
      </ListStates>
      {isCreating && (
        <ApiClientDialog vendors={vendors} initialVendorId={initialVendorId} onClose={() => setIsCreating(false)} />
      )}
      {rotating && <RotateKeyDialog client={rotating} onClose={() => setRotating(null)} />}
      {rotatingSecret && <RotateSecretDialog client={rotatingSecret} onClose={() => setRotatingSecret(null)} />}
      <ConfirmDialog
        isOpen={confirming !== null}
        title={
          confirming?.kind === 'key'
            ? t('developers.clients.revoke-key-title')
            : t('developers.clients.revoke-title', { name: confirming?.client.name ?? '' })
        }
        body={
          confirming?.kind === 'key' ? t('developers.clients.revoke-key-body') : t('developers.clients.revoke-body')
        }
        confirmLabel={confirming?.kind === 'key' ? t('developers.clients.revoke-key') : t('developers.clients.revoke')}
        isPending={revokeClient.isPending || revokeKey.isPending}
        error={confirmError ? errorText(confirmError, 'developers.clients.error.revoke') : null}
        onConfirm={confirm}
        onClose={closeConfirm}
      />
    </Stack>
  );
}

function ApiClientCard({
  client,
  vendors,
  onRotate,
  onRotateSecret,
  onRevoke,
  onRevokeKey,
}: {
  client: ApiClient;
  vendors: readonly Vendor[];
  onRotate: () => void;
  onRotateSecret: () => void;
  onRevoke: () => void;
  onRevokeKey: (keyId: string) => void;
}) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const isRevoked = client.revoked_at !== null;
  const liveKeys = client.keys.filter((key) => key.revoked_at === null);
  const scope =
    client.scope === 'all'
      ? t('developers.clients.scope-all')
      : client.outlet_ids.map((id) => vendorName(vendors, id)).join(', ');
  const credentials = [
    ...(client.has_secret ? [t('developers.clients.credential-secret')] : []),
    ...(liveKeys.length > 0 ? [t('developers.clients.keys', { count: liveKeys.length })] : []),
  ].join(' · ');
  return (
    // A revoked client is set apart by its badge and background, not faded: its text stays readable.
    <Paper
      component="li"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      bg={isRevoked ? 'var(--mantine-color-gray-0)' : undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} miw={0} style={{ flex: '1 1 220px' }}>
            <Group gap="xs" wrap="wrap">
              <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                <bdi>{client.name}</bdi>
              </Title>
              <Badge variant="light" color={client.environment === 'prd' ? 'green' : 'gray'}>
                {t(`developers.environment.${client.environment}`)}
              </Badge>
              {isRevoked && (
                <Badge variant="filled" color="red.9">
                  {t('developers.clients.revoked')}
                </Badge>
              )}
            </Group>
            <Text fz="sm" c="dimmed">
              <bdi>{vendorName(vendors, client.vendor_id)}</bdi>
              {credentials && ` · ${credentials}`}
            </Text>
          </Stack>
          {!isRevoked && (
            <Group gap="xs">
              {client.has_secret && (
                <Button variant="default" size="xs" leftSection={<IconLockCog size={16} />} onClick={onRotateSecret}>
                  {t('developers.clients.rotate-secret')}
                </Button>
              )}
              <Button
                variant="default"
                size="xs"
                leftSection={<IconRotate size={16} />}
                onClick={onRotate}
                disabled={liveKeys.length >= MAX_LIVE_KEYS}
              >
                {liveKeys.length > 0 ? t('developers.clients.rotate') : t('developers.clients.add-key')}
              </Button>
              <Button variant="light" color="red" size="xs" leftSection={<IconTrash size={16} />} onClick={onRevoke}>
                {t('developers.clients.revoke')}
              </Button>
            </Group>
          )}
        </Group>
        <DetailGrid
          items={[
            {
              label: t('developers.clients.client-id'),
              value: <IdText value={client.client_id} label={t('developers.clients.client-id')} />,
            },
            { label: t('developers.clients.scope'), value: <bdi>{scope}</bdi> },
            { label: t('developers.clients.created'), value: formatTime(client.created_at) },
            {
              label: t('developers.clients.last-used'),
              value: formatTime(client.last_used_at, t('developers.clients.never-used')),
            },
            ...(client.previous_secret_expires_at
              ? [
                  {
                    label: t('developers.clients.previous-until'),
                    value: formatTime(client.previous_secret_expires_at),
                  },
                ]
              : []),
            ...(isRevoked ? [{ label: t('developers.clients.revoked-at'), value: formatTime(client.revoked_at) }] : []),
          ]}
        />
        {liveKeys.length > 0 && (
          <Stack gap="xs">
            <Text fz="xs" c="dimmed" fw={600}>
              {t('developers.clients.key-id')}
            </Text>
            {liveKeys.map((key) => (
              <Group key={key.key_id} gap="sm" justify="space-between" wrap="wrap">
                <Group gap="sm" miw={0} wrap="wrap" style={{ flex: '1 1 240px' }}>
                  <IdText value={key.key_id} label={t('developers.clients.key-id')} />
                  <Text fz="xs" c="dimmed">
                    {t('developers.clients.key-added', { time: formatTime(key.created_at) })}
                  </Text>
                </Group>
                {/* The last live key is not revoked alone: that is revoking the client, or adding a key first. */}
                {!isRevoked && liveKeys.length > 1 && (
                  <Button variant="subtle" color="red" size="compact-xs" onClick={() => onRevokeKey(key.key_id)}>
                    {t('developers.clients.revoke-key')}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
