import { Box, Container, Group, Text } from '@mantine/core';
import { LanguagePicker } from '../../features/language/components/language-picker.tsx';
import { useConfig } from '../../shared/config/config-context.tsx';
import { PageOutlet } from './page-outlet.tsx';

/** spec §2: the top bar is hidden on /tracking/*; customers see the order, not the portal. */
export function BareLayout() {
  const { brand } = useConfig();
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-light)">
      {/* At least a screen tall: the line below waits under the fold while the page loads, instead of
          showing and then being pushed down (a layout shift). */}
      <Box mih="100vh">
        <PageOutlet />
      </Box>
      <Container size="md" pb="xl">
        <Group justify="space-between">
          <Text fz="xs" c="dimmed">
            {brand.serviceName}
          </Text>
          <LanguagePicker />
        </Group>
      </Container>
    </Box>
  );
}
