import { Container, List, Stack, Text, Title } from '@mantine/core';
import { MAX_ITEM_WEIGHT_KG } from '@riderdesk/domain/constants';
import { useTranslation } from 'react-i18next';
import { TermsDownload } from './terms-download.tsx';

const SECTIONS = ['service', 'items', 'orders', 'payment', 'cancellation', 'liability', 'privacy'] as const;

export function TermsPage({ serviceName, externalUrl = null }: { serviceName: string; externalUrl?: string | null }) {
  const { t } = useTranslation();
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <Title order={1} mb="xs">
        {t('terms.title')}
      </Title>
      <Text c="dimmed" mb="md">
        {t('terms.intro', { service: serviceName })}
      </Text>
      <Stack mb="xl" align="flex-start">
        <TermsDownload externalUrl={externalUrl} />
      </Stack>
      <List type="ordered" spacing="lg">
        {SECTIONS.map((section) => (
          <List.Item key={section}>
            <Stack gap={4}>
              <Text fw={700}>{t(`terms.${section}.title`)}</Text>
              <Text c="dimmed" lh={1.7}>
                {t(`terms.${section}.body`, { service: serviceName, kg: MAX_ITEM_WEIGHT_KG })}
              </Text>
            </Stack>
          </List.Item>
        ))}
      </List>
    </Container>
  );
}
