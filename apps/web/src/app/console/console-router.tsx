import { Alert, Stack, Text, Title } from '@mantine/core';
import { mayOperate } from '@riderdesk/domain/console/roles';
import { CONSOLE_ROUTE_PATTERNS, consolePaths } from '@riderdesk/domain/paths';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { useConsoleSession } from '../../features/console/shared/console-session.ts';
import { lazyWithRetry } from '../../shared/lazy/retry-import.ts';
import { PageLoader } from '../../shared/ui/page-loader.tsx';
import { RouteError } from '../route-error.tsx';
import { ConsoleLayout } from './console-layout.tsx';
import { sectionsFor } from './console-nav.ts';
import { CONSOLE_SECTIONS, type ConsoleSection } from './console-sections.ts';

const SignInRoute = lazyWithRetry(
  () => import('./pages/sign-in-route.tsx'),
  (m) => m.SignInRoute,
);
const SetUpRoute = lazyWithRetry(
  () => import('./pages/sign-in-route.tsx'),
  (m) => m.SetUpRoute,
);

/** The console's pages need a session: without one, the sign-in, and back here after it. */
function RequireConsoleSession({ children }: { children: ReactNode }) {
  const session = useConsoleSession();
  const location = useLocation();
  if (!session) {
    return <Navigate to={consolePaths.consoleSignIn({ next: `${location.pathname}${location.search}` })} replace />;
  }
  return children;
}

/** A section of a role the operator does not have says so (the server refuses its calls anyway). */
function RequireSectionRole({ section }: { section: ConsoleSection }) {
  const { t } = useTranslation();
  const session = useConsoleSession();
  if (!session || !mayOperate(session.operator.role, section.roles)) {
    return <Alert color="yellow">{t('console.error.forbidden')}</Alert>;
  }
  return <section.page />;
}

/** /console: the first section the operator may open; none yet for some roles. */
function ConsoleHome() {
  const { t } = useTranslation();
  const session = useConsoleSession();
  const first = session ? sectionsFor(CONSOLE_SECTIONS, session.operator.role)[0] : undefined;
  if (first) return <Navigate to={first.path} replace />;
  return (
    <Stack gap="xs" maw={560}>
      <Title order={1} fz={24}>
        {t('console.home.title', { name: session?.operator.name ?? '' })}
      </Title>
      <Text c="dimmed">{t('console.home.no-section')}</Text>
    </Stack>
  );
}

function ConsoleNotFound() {
  const { t } = useTranslation();
  return <Alert color="gray">{t('console.not-found')}</Alert>;
}

/** The console's routes (decision 171): sign-in and set-up, then the sections behind the session. */
export const consoleRoutes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    ),
    children: [
      { path: CONSOLE_ROUTE_PATTERNS.consoleSignIn, element: <SignInRoute /> },
      { path: CONSOLE_ROUTE_PATTERNS.consoleSetUp, element: <SetUpRoute /> },
      {
        path: CONSOLE_ROUTE_PATTERNS.console,
        element: (
          <RequireConsoleSession>
            <ConsoleLayout sections={CONSOLE_SECTIONS} />
          </RequireConsoleSession>
        ),
        children: [
          { index: true, element: <ConsoleHome /> },
          ...CONSOLE_SECTIONS.map((section) => ({
            path: section.path,
            element: <RequireSectionRole section={section} />,
          })),
          { path: '*', element: <ConsoleNotFound /> },
        ],
      },
    ],
  },
];

export const createConsoleRouter = () => createBrowserRouter(consoleRoutes);
