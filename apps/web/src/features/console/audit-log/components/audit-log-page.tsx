import { Alert, Button, Code, Loader, Paper, Stack, Table, Text, useDirection } from '@mantine/core';
import type { AuditSearchForm } from '@riderdesk/domain/validation/console-forms';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format.ts';
import { notify } from '../../../../shared/notify.ts';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { exportAuditLog, useAuditLog } from '../api/search-audit-log.ts';
import { type AuditRowView, auditQueryOf, auditRow } from '../audit-view.ts';
import { AuditFilters, type OperatorChoice } from './audit-filters.tsx';

function Changes({ row }: { row: AuditRowView }) {
  const { t } = useTranslation();
  // Before, then after, in the reading direction.
  const arrow = useDirection().dir === 'rtl' ? ' ← ' : ' → ';
  if (row.changes.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={2}>
      {row.changes.map((change) => (
        <Text key={change.field} fz="xs">
          <Text component="span" fw={600} fz="xs">
            {change.field}
          </Text>
          {': '}
          <bdi>{change.before ?? t('console.audit.none')}</bdi>
          {arrow}
          <bdi>{change.after ?? t('console.audit.none')}</bdi>
        </Text>
      ))}
    </Stack>
  );
}

/** The console's audit log (admins): search every change, read it, export the search as CSV. */
export function AuditLogPage({
  initial,
  operators,
  timeZone,
}: {
  initial: AuditSearchForm;
  operators: readonly OperatorChoice[];
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useConsoleErrorText();
  const [query, setQuery] = useState(() => auditQueryOf(initial, timeZone));
  const [isExporting, setExporting] = useState(false);
  const log = useAuditLog(query);
  const rows = (log.data?.pages ?? []).flatMap((page) => page.entries.map(auditRow));
  const actionText = (row: AuditRowView) => (i18n.exists(row.actionKey) ? t(row.actionKey) : row.action);

  const download = async () => {
    setExporting(true);
    try {
      await exportAuditLog(query);
    } catch (error) {
      notify({ message: errorText(error), tone: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('console.audit.title')}
        description={t('console.audit.description')}
        actions={
          <Button variant="light" leftSection={<IconDownload size={18} />} loading={isExporting} onClick={download}>
            {t('console.audit.export')}
          </Button>
        }
      />
      <AuditFilters
        initial={initial}
        operators={operators}
        onSearch={(search) => setQuery(auditQueryOf(search, timeZone))}
      />
      {log.isPending && <Loader aria-label={t('console.loading')} />}
      {log.isError && (
        <Alert color="red" role="alert">
          {errorText(log.error)}
        </Alert>
      )}
      {log.isSuccess && rows.length === 0 && (
        <Paper withBorder p="xl">
          <Text ta="center" c="dimmed">
            {t('console.audit.empty')}
          </Text>
        </Paper>
      )}
      {rows.length > 0 && (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={700}>
            <Table verticalSpacing="sm" striped aria-label={t('console.audit.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('console.audit.at')}</Table.Th>
                  <Table.Th>{t('console.audit.who')}</Table.Th>
                  <Table.Th>{t('console.audit.what')}</Table.Th>
                  <Table.Th>{t('console.audit.change')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="audit-row">
                    <Table.Td>
                      <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(row.at, timeZone, i18n.language)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {row.who ? (
                        <>
                          <Text fz="sm" fw={600}>
                            {row.who.name}
                          </Text>
                          <Text fz="xs" c="dimmed" dir="ltr" ta="start">
                            {row.who.email}
                          </Text>
                        </>
                      ) : (
                        <Text fz="sm" c="dimmed">
                          {t('console.audit.command-line')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{actionText(row)}</Text>
                      <Code dir="ltr" fz="xs" title={t('console.audit.target')} style={{ wordBreak: 'break-all' }}>
                        {row.target}
                      </Code>
                    </Table.Td>
                    <Table.Td maw={360} style={{ overflowWrap: 'anywhere' }}>
                      <Changes row={row} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {log.hasNextPage && (
        <Button variant="default" mt="md" loading={log.isFetchingNextPage} onClick={() => log.fetchNextPage()}>
          {t('console.audit.more')}
        </Button>
      )}
    </>
  );
}
