import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { OrderExportJob } from '@riderdesk/domain/contracts/order-list';
import { exportProgressPercent } from '@riderdesk/domain/order-history';
import { IconDownload, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/describe-error.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDateTime } from '../../../shared/format/format.ts';
import { notify } from '../../../shared/notify.ts';
import { useDownloadExportJobFile, useExportJobs } from '../api/export-jobs.ts';

const STATUS_COLOURS: Record<OrderExportJob['status'], string> = {
  QUEUED: 'gray',
  RUNNING: 'blue',
  READY: 'green',
  FAILED: 'red',
};

/** The caller's e-mailed exports of this branch: their progress while they are prepared, then a download. */
export function ExportJobsPanel({ vendorId }: { vendorId: string }) {
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  const jobs = useExportJobs(vendorId);
  const download = useDownloadExportJobFile();
  const time = (iso: string) => formatDateTime(Date.parse(iso), country.timeZone, i18n.language);
  const number = (value: number) => value.toLocaleString(i18n.language === 'ur_alt' ? 'ur-PK' : 'en-PK');

  if (!jobs.data || jobs.data.length === 0) return null;

  return (
    <Paper withBorder radius="lg" mb="md" p="md" component="section" aria-labelledby="export-jobs-title">
      <Group gap="xs" mb="xs">
        <IconMail size={18} aria-hidden />
        <Text id="export-jobs-title" fw={600}>
          {t('history.export.jobs.title')}
        </Text>
        <Text fz="sm" c="dimmed">
          {t('history.export.jobs.description')}
        </Text>
      </Group>
      <Stack gap="sm">
        {jobs.data.map((job) => {
          const percent = exportProgressPercent(job.done, job.total);
          return (
            <Stack key={job.export_id} gap={4} data-testid="export-job" data-export-id={job.export_id}>
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Group gap="xs">
                  <Badge variant="light" tt="none" color={STATUS_COLOURS[job.status]}>
                    {t(`history.export.jobs.status.${job.status}`, { email: job.email })}
                  </Badge>
                  <Text fz="sm">{t(`history.export.jobs.format.${job.format}`)}</Text>
                  <Text fz="sm" c="dimmed">
                    {job.status === 'READY' && job.expires_at
                      ? t('history.export.jobs.expires', { time: time(job.expires_at) })
                      : t('history.export.jobs.requested', { time: time(job.created_at) })}
                  </Text>
                </Group>
                {job.status === 'READY' && (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconDownload size={14} />}
                    loading={download.isPending && download.variables?.exportId === job.export_id}
                    onClick={() =>
                      download.mutate(
                        { vendorId, exportId: job.export_id, format: job.format },
                        {
                          onSuccess: () => notify({ message: t('history.export.jobs.downloaded'), tone: 'success' }),
                          onError: (error) =>
                            notify({
                              message: describeError(error, t, 'history.export.failed', (key) => i18n.exists(key)),
                              tone: 'error',
                            }),
                        },
                      )
                    }
                  >
                    {t('history.export.jobs.download')}
                  </Button>
                )}
              </Group>
              {job.status === 'RUNNING' && job.total !== null && (
                <>
                  <Progress value={percent ?? 0} aria-label={t('history.export.jobs.progress-label')} />
                  <Text fz="xs" c="dimmed">
                    {t('history.export.jobs.progress', { done: number(job.done), total: number(job.total) })}
                  </Text>
                </>
              )}
              {job.status === 'FAILED' && job.error && (
                <Text fz="sm" c="red.8" role="alert">
                  {i18n.exists(job.error) ? t(job.error) : t('history.export.job-failed')}
                </Text>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
