import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" px="md">
      <Stack align="center" ta="center" gap="sm" maw={460}>
        <Text fz={80} fw={900} lh={1} c="var(--mantine-primary-color-light-color)" dir="ltr">
          404
        </Text>
        <Title order={1} fz={26}>
          {t('not-found.title')}
        </Title>
        <Text c="dimmed">{t('not-found.body')}</Text>
        <Button component={Link} to="/" mt="md" leftSection={<IconArrowLeft size={16} className="flip-rtl" />}>
          {t('not-found.home')}
        </Button>
      </Stack>
    </Center>
  );
}
