import { Box, Button, Container, Group } from '@mantine/core';
import { paths } from '@riderdesk/domain/paths';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguagePicker } from '../../features/language/components/language-picker.tsx';
import { isSessionValid, useSession } from '../../shared/session/session-store.ts';
import { BrandLogo } from '../../shared/ui/brand-logo.tsx';
import { useAppFlags } from '../use-app-flags.ts';
import { PageOutlet } from './page-outlet.tsx';
import { SiteFooter } from './site-footer.tsx';

/** Landing, sign-up, password and legal pages: a light header, the page, the footer. */
export function PublicLayout({ limited = false }: { limited?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const flags = useAppFlags();
  const session = useSession();
  const isLoggedIn = session !== null && isSessionValid(session, 'CLASSIC');
  const isOnLanding = pathname === '/' || pathname === paths.connect();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <BrandLogo to={isLoggedIn ? paths.orderTracking() : '/'} />
            <Group gap="xs" wrap="nowrap">
              <LanguagePicker />
              {!limited && !isLoggedIn && !isOnLanding && (
                <Button component={Link} to={paths.connect()} variant="subtle" visibleFrom="xs">
                  {t('login.submit')}
                </Button>
              )}
              {!limited && !isLoggedIn && !flags.DeactivateSignUpButton && pathname !== paths.register() && (
                <Button component={Link} to={paths.register()} variant="light" visibleFrom="xs">
                  {t('nav.sign-up')}
                </Button>
              )}
              {!limited && isLoggedIn && (
                <Button component={Link} to={paths.orderTracking()} variant="light">
                  {t('nav.open-portal')}
                </Button>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
      {/* At least the rest of the screen: while a page's code loads, the footer waits below the fold
          instead of showing and then being pushed down (a layout shift). */}
      <Box component="main" style={{ flex: 1, minHeight: 'calc(100vh - 65px)' }}>
        <PageOutlet />
      </Box>
      {!limited && <SiteFooter />}
    </Box>
  );
}

/** Centres a single form card on the public layout. */
export function PublicFormPage({ children }: { children: React.ReactNode }) {
  return (
    <Container size="lg" py={{ base: 'lg', sm: 56 }}>
      {children}
    </Container>
  );
}
