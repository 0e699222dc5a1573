import { Container, Group, Text, ThemeIcon } from '@mantine/core';
import { IconMotorbike } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useConfig } from '../../../shared/config/config-context.tsx';
import classes from './public-orders.module.css';

/** The brand bar of the customer-facing pages: no portal navigation, just who delivers. */
export function PublicShell({ children, isNarrow = false }: { children: ReactNode; isNarrow?: boolean }) {
  const { brand } = useConfig();
  return (
    <Container size={isNarrow ? 600 : 'md'} py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Group gap={10} mb={{ base: 'md', sm: 'lg' }} className={classes.noPrint}>
        <ThemeIcon size={34} radius="md" aria-hidden>
          <IconMotorbike size={20} stroke={1.8} />
        </ThemeIcon>
        <Text fw={800} fz="lg" lts={-0.3} dir="ltr">
          {brand.serviceName}
        </Text>
      </Group>
      {children}
    </Container>
  );
}
