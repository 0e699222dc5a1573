import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FaqArticles } from './faq-articles.tsx';

/** spec §2 FAQ: the country's questions on a page of their own, open to everyone (guests and visitors too). */
export function FaqPage({ country, language }: { country: string; language: string }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            {t('faq.title')}
          </Title>
          <Text c="dimmed">{t('faq.subtitle')}</Text>
        </div>
        <Paper withBorder radius="md" p="lg">
          <FaqArticles country={country} language={language} />
        </Paper>
      </Stack>
    </Container>
  );
}
