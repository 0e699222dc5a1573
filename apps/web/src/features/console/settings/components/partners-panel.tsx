import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format.ts';
import { notify } from '../../../../shared/notify.ts';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useIssuePartnerToken, usePartnerTokens, useRevokePartnerToken } from '../api/settings-api.ts';

/** Partner (GODROID) tokens (admins): issued once, revoked at once on every server. */
export function PartnersPanel({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const errorText = useConsoleErrorText();
  const tokens = usePartnerTokens(true);
  const issue = useIssuePartnerToken();
  const revoke = useRevokePartnerToken();
  const [vendorId, setVendorId] = useState('');
  const [label, setLabel] = useState('');
  const [days, setDays] = useState<number>(30);
  const [issued, setIssued] = useState<string | null>(null);
  const when = (iso: string) => formatDateTime(new Date(iso), timeZone, i18n.language);
  const onError = (error: unknown) => notify({ message: errorText(error), tone: 'error' });

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('console.settings.partners.vendor-id')}
            value={vendorId}
            onChange={(event) => setVendorId(event.currentTarget.value)}
            dir="ltr"
          />
          <TextInput
            label={t('console.settings.partners.label')}
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
          />
          <NumberInput
            label={t('console.settings.partners.days')}
            min={1}
            max={365}
            value={days}
            onChange={(next) => setDays(typeof next === 'number' ? next : 30)}
            w={140}
          />
          <Button
            disabled={vendorId.trim() === ''}
            loading={issue.isPending}
            onClick={() =>
              issue.mutate(
                { vendor_id: vendorId.trim(), days, label: label.trim() || null },
                { onSuccess: (answer) => setIssued(answer.token), onError },
              )
            }
          >
            {t('console.settings.partners.issue')}
          </Button>
        </Group>
        {issued && (
          <Alert color="yellow" mt="md" title={t('console.settings.partners.issued')}>
            <Code block dir="ltr" data-testid="issued-token">
              {issued}
            </Code>
          </Alert>
        )}
      </Paper>
      {tokens.isPending && <Loader aria-label={t('console.loading')} />}
      {tokens.isError && (
        <Alert color="red" role="alert">
          {errorText(tokens.error)}
        </Alert>
      )}
      {tokens.data && tokens.data.tokens.length === 0 && <Text c="dimmed">{t('console.settings.partners.empty')}</Text>}
      {tokens.data && tokens.data.tokens.length > 0 && (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('console.settings.partners.vendor-id')}</Table.Th>
                  <Table.Th>{t('console.settings.partners.label')}</Table.Th>
                  <Table.Th>{t('console.settings.partners.created')}</Table.Th>
                  <Table.Th>{t('console.settings.partners.expires')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tokens.data.tokens.map((token) => {
                  const isExpired = Date.parse(token.expires_at) <= Date.now();
                  return (
                    <Table.Tr key={token.id}>
                      <Table.Td dir="ltr" ta="start">
                        {token.vendor_id}
                      </Table.Td>
                      <Table.Td>{token.label ?? '—'}</Table.Td>
                      <Table.Td>{when(token.created_at)}</Table.Td>
                      <Table.Td>{when(token.expires_at)}</Table.Td>
                      <Table.Td ta="end">
                        {token.revoked_at || isExpired ? (
                          <Badge color="gray" variant="light">
                            {t(
                              token.revoked_at
                                ? 'console.settings.partners.revoked'
                                : 'console.settings.partners.expired',
                            )}
                          </Badge>
                        ) : (
                          <Button
                            size="xs"
                            color="red"
                            variant="light"
                            loading={revoke.isPending && revoke.variables === token.id}
                            onClick={() => {
                              if (!window.confirm(t('console.settings.partners.confirm-revoke'))) return;
                              revoke.mutate(token.id, {
                                onSuccess: () =>
                                  notify({ message: t('console.settings.partners.revoked-done'), tone: 'success' }),
                                onError,
                              });
                            }}
                          >
                            {t('console.settings.partners.revoke')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
