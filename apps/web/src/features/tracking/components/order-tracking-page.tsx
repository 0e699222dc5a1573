import { Button, Container } from '@mantine/core';
import { IconMotorbike } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyPanel } from '../../../shared/ui/empty-panel.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

/** spec §2 order tracking: today's orders of the selected branch. */
export function OrderTrackingPage({ requestPath }: { requestPath: string }) {
  const { t } = useTranslation();
  return (
    <Container size="lg" px={0}>
      <PageHeader title={t('tracking.title')} description={t('tracking.description')} />
      <EmptyPanel
        icon={<IconMotorbike size={30} />}
        title={t('tracking.empty.title')}
        description={t('tracking.empty.body')}
        actions={
          <Button component={Link} to={requestPath}>
            {t('tracking.empty.action')}
          </Button>
        }
      />
    </Container>
  );
}
