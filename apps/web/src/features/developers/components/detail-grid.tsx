import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label and value pairs of a card: two columns and more on wide screens, one on phones. */
export function DetailGrid({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
      {items.map((item) => (
        <Stack key={item.label} gap={2} miw={0}>
          <Text fz="xs" c="dimmed" fw={600}>
            {item.label}
          </Text>
          <div style={{ minWidth: 0, fontSize: 'var(--mantine-font-size-sm)' }}>{item.value}</div>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
