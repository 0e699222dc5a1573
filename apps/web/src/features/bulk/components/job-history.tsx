import { Alert, Anchor, Badge, Paper, ScrollArea, Skeleton, Table, Text, Title } from '@mantine/core';
import type { BulkJob } from '@riderdesk/domain/contracts/bulk';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDateTime } from '../../../shared/format/format.ts';
import { useBulkJobs } from '../api/get-bulk-jobs.ts';

export const STATUS_COLOR: Record<BulkJob['status'], string> = {
  PREPROCESS_SUCCESS: 'teal',
  PREPROCESS_SUCCESS_WITH_ERROR: 'yellow',
  PREPROCESS_FAIL: 'red',
  ORDER_PLACEMENT_SUCCESS: 'teal',
  ORDER_PLACEMENT_SUCCESS_WITH_ERROR: 'yellow',
  ORDER_PLACEMENT_FAIL: 'red',
  UNKNOWN: 'gray',
};

export function JobStatusBadge({ job }: { job: BulkJob }) {
  const { t } = useTranslation();
  if (job.placement === 'IN_PROGRESS') return <Badge color="blue">{t('bulk.status.IN_PROGRESS')}</Badge>;
  return (
    <Badge color={STATUS_COLOR[job.status]} variant="light">
      {t(`bulk.status.${job.status}`)}
    </Badge>
  );
}

/** spec §2 job history: the vendor's jobs, placed or still to place, newest first; it follows the selected vendor. */
export function JobHistory({ vendorId, jobPath }: { vendorId: string; jobPath: (jobId: string) => string }) {
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  const jobs = useBulkJobs(vendorId);
  return (
    <Paper withBorder radius="md" p="md" mt="xl">
      <Title order={2} fz="lg" mb="sm">
        {t('bulk.history.title')}
      </Title>
      {jobs.isPending ? (
        <Skeleton h={80} />
      ) : jobs.isError ? (
        <Alert color="red">{t('bulk.error.job-history')}</Alert>
      ) : jobs.data.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('bulk.history.empty')}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table miw={640} verticalSpacing="xs" aria-label={t('bulk.history.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bulk.history.date')}</Table.Th>
                <Table.Th>{t('bulk.history.file')}</Table.Th>
                <Table.Th>{t('bulk.history.by')}</Table.Th>
                <Table.Th>{t('bulk.history.orders')}</Table.Th>
                <Table.Th>{t('bulk.history.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.data.map((job) => (
                <Table.Tr key={job.metadata.bulk_job_id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(new Date(job.created_at), country.timeZone, i18n.language)}
                  </Table.Td>
                  <Table.Td>{job.file_name ?? '—'}</Table.Td>
                  <Table.Td>{job.created_by ?? '—'}</Table.Td>
                  <Table.Td>
                    {job.totals.orders_placed} / {job.totals.total_rows}
                  </Table.Td>
                  <Table.Td>
                    <JobStatusBadge job={job} />
                  </Table.Td>
                  <Table.Td>
                    {/* A job not placed yet opens on this page, where it can still be placed. */}
                    <Anchor
                      component={Link}
                      to={
                        job.placement === 'NOT_STARTED'
                          ? { search: `?job=${job.metadata.bulk_job_id}` }
                          : jobPath(job.metadata.bulk_job_id)
                      }
                      fz="sm"
                    >
                      {t('bulk.history.view')}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}
