import { Button, Container } from '@mantine/core';
import { BULK_FILE_MAX_BYTES } from '@riderdesk/domain/constants';
import { IconArrowLeft, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyPanel } from '../../../shared/ui/empty-panel.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

const maxMegabytes = BULK_FILE_MAX_BYTES / 1024 / 1024;

/** spec §2 bulk order: template, upload, preprocess results, placement and job history. */
export function BulkOrderPage({ trackingPath }: { trackingPath: string }) {
  const { t } = useTranslation();
  return (
    <Container size="lg" px={0}>
      <PageHeader title={t('bulk.title')} description={t('bulk.description', { mb: maxMegabytes })} />
      <EmptyPanel
        icon={<IconFileSpreadsheet size={30} />}
        title={t('bulk.empty.title')}
        description={t('bulk.empty.body')}
        actions={
          <Button component={Link} to={trackingPath} variant="light">
            {t('bulk.empty.action')}
          </Button>
        }
      />
    </Container>
  );
}

/** spec §2 bulk job detail. */
export function BulkJobPage({ jobId, backPath }: { jobId: string; backPath: string }) {
  const { t } = useTranslation();
  return (
    <Container size="lg" px={0}>
      <PageHeader title={t('bulk.job.title', { id: jobId })} />
      <EmptyPanel
        icon={<IconFileSpreadsheet size={30} />}
        title={t('bulk.job.empty.title')}
        description={t('bulk.job.empty.body')}
        actions={
          <Button
            component={Link}
            to={backPath}
            variant="light"
            leftSection={<IconArrowLeft size={16} className="flip-rtl" />}
          >
            {t('bulk.job.back')}
          </Button>
        }
      />
    </Container>
  );
}
