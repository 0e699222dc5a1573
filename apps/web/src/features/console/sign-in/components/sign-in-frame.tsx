import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of the console's sign-in and set-up pages: the console's name, the step's title, its form. */
export function SignInFrame({
  serviceName,
  title,
  description,
  corner,
  children,
}: {
  serviceName: string;
  title: string;
  description?: ReactNode;
  /** Top right (top left right to left): the language switch. */
  corner?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Stack w="100%" maw={460} gap="md">
        <Stack gap={2} align="center">
          <Text fw={700} fz="lg">
            {serviceName}
          </Text>
          <Text c="dimmed" fz="sm">
            {t('console.title')}
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} component="main">
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={1} fz={22}>
                {title}
              </Title>
              {description && (
                <Text c="dimmed" fz="sm">
                  {description}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {corner && <Center>{corner}</Center>}
      </Stack>
    </Center>
  );
}
