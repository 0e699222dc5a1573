import { Badge, Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import type { ApiAuditCall } from '@riderdesk/domain/contracts/merchant-api-audit';
import { AUDIT_RETENTION_DAYS } from '@riderdesk/domain/merchant-api/limits';
import { IconActivity } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../shared/format/format.ts';
import { EmptyPanel } from '../../../shared/ui/empty-panel.tsx';
import { useApiAudit } from '../api/get-api-audit.ts';
import { useApiClients } from '../api/get-api-clients.ts';
import { useErrorText } from '../hooks/use-error-text.ts';
import { useFormatTime } from '../hooks/use-format-time.ts';
import { ListFailure, ListSkeleton } from './panel-states.tsx';

const statusColour = (status: number) => (status < 300 ? 'teal' : status < 500 ? 'orange' : 'red');

/** Settings → Developers → Activity: every merchant API call of the merchant's clients (time, client, route, status). */
export function ActivityPanel() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const formatTime = useFormatTime();
  const clients = useApiClients();
  const [clientId, setClientId] = useState<string | null>(null);
  const audit = useApiAudit(clientId);
  const calls = audit.data?.pages.flatMap((page) => page.calls) ?? [];
  const label = t('developers.activity.calls');

  const status = (call: ApiAuditCall) => (
    <Badge variant="light" color={statusColour(call.status)} dir="ltr" style={{ flexShrink: 0 }}>
      {call.status}
    </Badge>
  );
  const route = (call: ApiAuditCall) => (
    <Text fz="sm" ff="monospace" dir="ltr" ta="start" style={{ overflowWrap: 'anywhere' }}>
      {call.method} {call.route}
    </Text>
  );
  const latency = (call: ApiAuditCall) =>
    t('developers.webhooks.ms', { ms: formatCount(call.latency_ms, i18n.language) });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text c="dimmed" fz="sm" maw={620} style={{ flex: '1 1 280px' }}>
          {t('developers.activity.intro', { days: AUDIT_RETENTION_DAYS })}
        </Text>
        <Select
          label={t('developers.activity.client')}
          placeholder={t('developers.activity.all-clients')}
          data={(clients.data ?? []).map((client) => ({ value: client.client_id, label: client.name }))}
          value={clientId}
          onChange={setClientId}
          clearable
          w={{ base: '100%', xs: 260 }}
          comboboxProps={{ withinPortal: false }}
        />
      </Group>
      {audit.isPending ? (
        <ListSkeleton label={t('developers.activity.loading')} rows={1} />
      ) : audit.isError ? (
        <ListFailure
          message={errorText(audit.error, 'developers.activity.error')}
          onRetry={() => void audit.refetch()}
        />
      ) : calls.length === 0 ? (
        <EmptyPanel
          icon={<IconActivity size={28} />}
          title={t('developers.activity.empty-title')}
          description={t('developers.activity.empty-body')}
          minHeight={220}
        />
      ) : (
        <>
          <Paper withBorder radius="lg" visibleFrom="sm" style={{ overflow: 'hidden' }}>
            <Table striped verticalSpacing="xs" fz="sm" aria-label={label}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('developers.webhooks.time')}</Table.Th>
                  <Table.Th>{t('developers.activity.client')}</Table.Th>
                  <Table.Th>{t('developers.activity.route')}</Table.Th>
                  <Table.Th>{t('developers.activity.status')}</Table.Th>
                  <Table.Th>{t('developers.webhooks.latency')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {calls.map((call) => (
                  <Table.Tr key={call.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(call.at)}</Table.Td>
                    <Table.Td>
                      <bdi>{call.client_name}</bdi>
                    </Table.Td>
                    <Table.Td>{route(call)}</Table.Td>
                    <Table.Td>{status(call)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{latency(call)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
            {calls.map((call) => (
              <Paper key={call.id} component="li" withBorder radius="md" p="sm">
                <Stack gap={4}>
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    {route(call)}
                    {status(call)}
                  </Group>
                  <Text fz="xs" fw={600} truncate dir="auto">
                    {call.client_name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {formatTime(call.at)} · {latency(call)}
                  </Text>
                </Stack>
              </Paper>
            ))}
          </Stack>
          {audit.hasNextPage && (
            <Group justify="center">
              <Button variant="default" loading={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
                {t('developers.activity.more')}
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
