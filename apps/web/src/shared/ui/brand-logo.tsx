import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconMotorbike } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useConfig } from '../config/config-context.tsx';

export function BrandLogo({ to, compact = false }: { to: string; compact?: boolean }) {
  const { brand } = useConfig();
  return (
    <Link to={to} aria-label={brand.serviceName} style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group gap={10} wrap="nowrap">
        <ThemeIcon size={36} radius="md" variant="filled" aria-hidden>
          <IconMotorbike size={22} stroke={1.8} />
        </ThemeIcon>
        {!compact && (
          <Text fw={800} fz="lg" lts={-0.3} lh={1} dir="ltr">
            {brand.serviceName}
          </Text>
        )}
      </Group>
    </Link>
  );
}
