import { Anchor, Container, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBan, IconFileText, IconInfoCircle, IconUserQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

function Topic({ icon, title, body, link }: { icon: ReactNode; title: string; body: string; link: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="xs">
        <ThemeIcon variant="light" size={40} radius="md">
          {icon}
        </ThemeIcon>
        <Text fw={700}>{title}</Text>
        <Text fz="sm" c="dimmed">
          {body}
        </Text>
        {link}
      </Stack>
    </Paper>
  );
}

/** spec §2 help centre page (the full-page form used on small screens). */
export function HelpCentrePage({ vendorId, deliveryInfoUrl }: { vendorId: string; deliveryInfoUrl: string }) {
  const { t } = useTranslation();
  return (
    <Container size="lg" px={0}>
      <PageHeader title={t('help.title')} description={t('help.description')} />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        <Topic
          icon={<IconUserQuestion size={22} />}
          title={t('help.account.title')}
          body={t('help.account.body', { id: vendorId })}
          link={null}
        />
        <Topic
          icon={<IconBan size={22} />}
          title={t('help.prohibited.title')}
          body={t('help.prohibited.body')}
          link={
            <Anchor component={Link} to="/prohibiteditems-c2c" fz="sm" fw={600}>
              {t('help.prohibited.link')}
            </Anchor>
          }
        />
        <Topic
          icon={<IconFileText size={22} />}
          title={t('help.terms.title')}
          body={t('help.terms.body')}
          link={
            <Anchor component={Link} to="/termsandconditions" fz="sm" fw={600}>
              {t('help.terms.link')}
            </Anchor>
          }
        />
        <Topic
          icon={<IconInfoCircle size={22} />}
          title={t('help.delivery.title')}
          body={t('help.delivery.body')}
          link={
            <Anchor href={deliveryInfoUrl} target="_blank" rel="noreferrer" fz="sm" fw={600}>
              {t('help.delivery.link')}
            </Anchor>
          }
        />
      </SimpleGrid>
    </Container>
  );
}
