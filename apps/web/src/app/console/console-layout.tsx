import { AppShell, Badge, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { consolePaths } from '@riderdesk/domain/paths';
import { IconLogout } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useConsoleSession } from '../../features/console/shared/console-session.ts';
import { useMe } from '../../features/console/sign-in/api/get-me.ts';
import { useSignOut } from '../../features/console/sign-in/api/sign-out.ts';
import { useConfig } from '../../shared/config/config-context.tsx';
import { PageLoader } from '../../shared/ui/page-loader.tsx';
import { ConsoleLanguageMenu } from './console-language.tsx';
import { sectionOfPath, sectionsFor } from './console-nav.ts';
import type { ConsoleSection } from './console-sections.ts';

/**
 * The console's frame: the brand and the operator at the top, the sections the operator's role sees at the start
 * side (a menu under the burger below the `md` breakpoint: a tablet held upright), the section's page beside.
 */
export function ConsoleLayout({ sections }: { sections: readonly ConsoleSection[] }) {
  const { t } = useTranslation();
  const config = useConfig();
  const session = useConsoleSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [isNavOpen, nav] = useDisclosure(false);
  // Asked once a minute at most: a session ended elsewhere is noticed here too, and the sign-in follows.
  useMe();
  const operator = session?.operator;
  const visible = operator ? sectionsFor(sections, operator.role) : [];
  const current = sectionOfPath(visible, location.pathname);
  const title = current ? t(current.titleKey) : t('console.title');

  useEffect(() => {
    document.title = `${title} · ${config.brand.serviceName}`;
  }, [title, config.brand.serviceName]);
  // A page chosen from the menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation.
  useEffect(() => nav.close(), [location.pathname]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'md', collapsed: { mobile: !isNavOpen } }}
      padding={{ base: 'md', lg: 'xl' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isNavOpen}
              onClick={nav.toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={t('console.nav.menu')}
            />
            <Text fw={700} truncate>
              {config.brand.serviceName}
            </Text>
            <Badge variant="light" visibleFrom="xs">
              {t('console.title')}
            </Badge>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ConsoleLanguageMenu />
            {operator && (
              <Stack gap={0} visibleFrom="sm" align="flex-end">
                <Text fz="sm" fw={600} lh={1.2}>
                  {operator.name}
                </Text>
                <Text fz="xs" c="dimmed" lh={1.2}>
                  {t(`console.role.${operator.role}`)}
                </Text>
              </Stack>
            )}
            <Button
              variant="default"
              size="compact-sm"
              leftSection={<IconLogout size={16} />}
              loading={signOut.isPending}
              onClick={() => signOut.mutate(undefined, { onSettled: () => navigate(consolePaths.consoleSignIn()) })}
            >
              {t('console.nav.sign-out')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('console.nav.label')} component="nav">
        {visible.map((section) => (
          <NavLink
            key={section.id}
            component={Link}
            to={section.path}
            label={t(section.titleKey)}
            leftSection={<section.icon size={18} />}
            active={current?.id === section.id}
            aria-current={current?.id === section.id ? 'page' : undefined}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
