import { Button, Container } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyPanel } from '../../../shared/ui/empty-panel.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

/** spec §2 all orders: past orders with date-range and status filters, search and export. */
export function HistoryPage({ requestPath }: { requestPath: string }) {
  const { t } = useTranslation();
  return (
    <Container size="lg" px={0}>
      <PageHeader title={t('history.title')} description={t('history.description')} />
      <EmptyPanel
        icon={<IconHistory size={30} />}
        title={t('history.empty.title')}
        description={t('history.empty.body')}
        actions={
          <Button component={Link} to={requestPath} variant="light">
            {t('history.empty.action')}
          </Button>
        }
      />
    </Container>
  );
}
