import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRefresh, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface MaintenanceTexts {
  title: string;
  body: string;
  retry: string;
}

/** spec §2 maintenance page; planned and unplanned maintenance read differently. */
export function MaintenancePage({ isPlanned }: { isPlanned: boolean }) {
  const { t } = useTranslation();
  const kind = isPlanned ? 'planned' : 'unplanned';
  return (
    <MaintenanceNotice
      title={t(`maintenance.${kind}.title`)}
      body={t(`maintenance.${kind}.body`)}
      retry={t('maintenance.retry')}
    />
  );
}

/** The page itself, with its texts given: while the API is down the translations may not load (spec §8). */
export function MaintenanceNotice({ title, body, retry }: MaintenanceTexts) {
  return (
    <Center mih="70vh" px="md">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} maw={520} ta="center" shadow="sm">
        <Stack align="center" gap="md">
          <ThemeIcon size={72} radius="xl" variant="light" color="yellow">
            <IconTool size={38} />
          </ThemeIcon>
          <Title order={1} fz={26}>
            {title}
          </Title>
          <Text c="dimmed">{body}</Text>
          <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
            {retry}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
