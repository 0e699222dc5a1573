import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }} w="100%" maw={480} mx="auto">
      <Stack gap={4} mb="lg">
        <Title order={1} fz={26} fw={700}>
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" fz="sm">
            {subtitle}
          </Text>
        )}
      </Stack>
      {children}
    </Paper>
  );
}
