import { Group, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sectionPath, type VendorSection } from '../vendor-path.ts';
import type { NavItem } from './nav-items.ts';

export function DesktopNav({
  items,
  current,
  vendorId,
}: {
  items: readonly NavItem[];
  current: string;
  vendorId: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Group component="nav" gap={4} h="100%" aria-label={t('nav.label')} wrap="nowrap">
      {items.map((item) => {
        const isActive = item.section === current;
        return (
          <UnstyledButton
            key={item.section}
            component={Link}
            to={sectionPath(item.section as VendorSection, vendorId)}
            aria-current={isActive ? 'page' : undefined}
            h="100%"
            px="sm"
            fz="sm"
            fw={isActive ? 700 : 500}
            c={isActive ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-text)'}
            style={{
              display: 'flex',
              alignItems: 'center',
              whiteSpace: 'nowrap',
              borderBottom: `3px solid ${isActive ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
              borderTop: '3px solid transparent',
            }}
          >
            {t(item.labelKey)}
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
