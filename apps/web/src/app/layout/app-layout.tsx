import { ActionIcon, AppShell, Box, Burger, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { paths } from '@riderdesk/domain/paths';
import { IconHelp } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout.ts';
import { HELP_BUTTON_SPACE, HelpCentreButton } from '../../features/help-centre/components/help-centre-button.tsx';
import { isHelpCentreShown } from '../../features/help-centre/help-centre-rules.ts';
import { LanguagePicker } from '../../features/language/components/language-picker.tsx';
import { BranchSelector } from '../../features/vendors/components/branch-selector.tsx';
import { useOutletReadiness } from '../../features/vendors/hooks/use-outlet-readiness.ts';
import { FirstVisitWelcome } from '../../features/welcome/components/first-visit-welcome.tsx';
import { useConfig } from '../../shared/config/config-context.tsx';
import { lazyWithRetry } from '../../shared/lazy/retry-import.ts';
import { useGuestVendorId } from '../../shared/session/guest-session.ts';
import { useSession } from '../../shared/session/session-store.ts';
import { BrandLogo } from '../../shared/ui/brand-logo.tsx';
import { LiveConnection } from '../live-connection.tsx';
import { ShellContext } from '../shell-context.tsx';
import { useAppFlags } from '../use-app-flags.ts';
import { useHelpCentreContext } from '../use-help-centre-context.ts';
import { isVendorSection, sectionOf, sectionPath } from '../vendor-path.ts';
import { AccountMenu } from './account-menu.tsx';
import { DesktopNav } from './desktop-nav.tsx';
import { LaterRegisterPrompt } from './later-register-prompt.tsx';
import { MobileDrawer } from './mobile-drawer.tsx';
import { NAV_ITEMS } from './nav-items.ts';
import { PageOutlet } from './page-outlet.tsx';
import { PartnerTermsGate } from './partner-terms-gate.tsx';
import { useBranchSelection } from './use-branch-selection.ts';

// The dialog, its address search and its map load when a merchant first opens it.
const OutletDialog = lazyWithRetry(
  () => import('../../features/vendors/components/outlet-dialog.tsx'),
  (m) => m.OutletDialog,
);

/** The shell a signed-in merchant works in: top bar on desktop, menu drawer on mobile (spec §2). */
export function AppLayout() {
  const { t } = useTranslation();
  const config = useConfig();
  const session = useSession();
  const { pathname } = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const logout = useLogout();

  const guestVendorId = useGuestVendorId();
  // spec §6: a partner app's token names a restaurant; a guest acts for a vendor of its own (decision 080).
  const isPartner = config.mode === 'GODROID';
  const isGuest = !session && !isPartner && guestVendorId !== null;
  const branch = useBranchSelection(isGuest || isPartner || session !== null);
  // The shell's tabs and branch actions follow the selected branch's flags (spec §6: flags per vendor).
  const flags = useAppFlags(branch.selectedVendor?.vendor_id ?? null);
  useOutletReadiness(branch.vendors);
  const section = sectionOf(pathname);
  // spec §2/§6: guests see the tabs but no branch selector.
  const showsTabs = isVendorSection(section);
  const showsBranches = !isGuest && showsTabs;
  // Bulk orders are a merchant's tool; guests have no bulk page (decision 080).
  const items = NAV_ITEMS.filter(
    (item) =>
      (!item.flag || flags[item.flag]) && !(isGuest && (item.flag === 'BulkOrderUpload' || item.isMerchantTool)),
  );
  const vendorId = branch.selectedVendor?.vendor_id ?? null;
  const email = session?.user.email ?? null;
  const canRegister = !flags.DeactivateSignUpButton;
  const isHelpCentreOn = isHelpCentreShown({
    flag: flags.Helpcenter,
    mode: config.mode,
    isGuest,
    hasSession: session !== null,
  });
  const showsHelpButton = isHelpCentreOn && section !== 'helpcenter' && vendorId !== null;
  const helpCentrePath = isHelpCentreOn && vendorId ? paths.helpCentre(vendorId) : null;
  // The merchant API's credentials belong to a merchant's own account: not to guests or partner apps.
  const developersPath = session && !isPartner ? paths.developers() : null;
  // What the outlets tell their customers is set by the merchant's own users too (decision 175).
  const customerMessagesPath = session && !isPartner ? paths.customerMessages() : null;

  const branchListProps = {
    vendors: branch.vendors,
    selectedId: vendorId,
    onSelect: branch.selectVendor,
    isEditFlagOn: flags.EditVendorOutlet,
    onEdit: (vendor: Vendor) => branch.setOutletDialog({ mode: 'edit', vendor }),
    isAddFlagOn: flags.AddVendorOutlet,
    onAdd: () => branch.setOutletDialog({ mode: 'add' }),
    outletToggle: branch.outletToggle,
  };

  return (
    <ShellContext.Provider
      value={{
        vendors: branch.vendors,
        selectedVendor: branch.selectedVendor,
        includeOutlets: branch.includeOutlets,
        isLoadingBranches: branch.isLoading,
      }}
    >
      <AppShell header={{ height: 64 }} padding={0}>
        <AppShell.Header>
          <Group h="100%" px={{ base: 'sm', sm: 'lg' }} gap="md" wrap="nowrap" justify="space-between">
            {/* Mobile: menu icon with the vendor's name and id. */}
            <Group gap="xs" hiddenFrom="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
              <Burger opened={drawerOpened} onClick={drawer.toggle} size="sm" aria-label={t('nav.open-menu')} />
              <UnstyledButton onClick={drawer.open} miw={0} style={{ flex: 1 }} aria-label={t('nav.open-menu')}>
                {/* dir="auto": a Latin name in a right-to-left page keeps its start and is cut at its end. */}
                <Text fz="sm" fw={700} truncate lh={1.25} dir="auto">
                  {/* A guest's own vendor is named "guest" with a generated id: neither means anything to them. */}
                  {isGuest ? t('guest.header') : (branch.selectedVendor?.name ?? config.brand.serviceName)}
                </Text>
                {branch.selectedVendor && !isGuest && (
                  <Text fz="xs" c="dimmed" truncate dir="auto">
                    <bdi>{branch.selectedVendor.vendor_id}</bdi>
                  </Text>
                )}
              </UnstyledButton>
              <BrandLogo to={sectionPath('order-tracking', vendorId)} compact />
              {/* Phones: help sits in the header, where it covers nothing (no floating button). */}
              {helpCentrePath && section !== 'helpcenter' && (
                <ActionIcon
                  component={Link}
                  to={helpCentrePath}
                  variant="subtle"
                  size="lg"
                  aria-label={t('help-center.open-label')}
                >
                  <IconHelp size={22} />
                </ActionIcon>
              )}
            </Group>

            {/* Desktop. */}
            <Group gap="lg" visibleFrom="sm" h="100%" wrap="nowrap" miw={0}>
              <BrandLogo to={sectionPath('order-tracking', vendorId)} />
              {showsBranches && (
                <BranchSelector {...branchListProps} selected={branch.selectedVendor} loading={branch.isLoading} />
              )}
              {showsTabs && <DesktopNav items={items} current={section} vendorId={vendorId} />}
            </Group>
            <Group gap="xs" visibleFrom="sm" wrap="nowrap">
              <LanguagePicker />
              <AccountMenu
                email={email}
                isPartner={isPartner}
                canRegister={canRegister}
                helpCentrePath={helpCentrePath}
                developersPath={developersPath}
                customerMessagesPath={customerMessagesPath}
                onLogout={() => logout.mutate()}
                isLoggingOut={logout.isPending}
              />
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Main bg="var(--mantine-color-gray-light)">
          {/* On wide screens the page's end stays clear of the floating help button. */}
          <Box
            mih="calc(100dvh - 64px)"
            pt={{ base: 'md', sm: 'xl' }}
            pb={{ base: 'md', sm: showsHelpButton ? HELP_BUTTON_SPACE : 'xl' }}
          >
            <Container size="lg">
              {isGuest && <LaterRegisterPrompt canRegister={canRegister} />}
              <PageOutlet />
            </Container>
          </Box>
        </AppShell.Main>
      </AppShell>

      <MobileDrawer
        opened={drawerOpened}
        onClose={drawer.close}
        items={items}
        current={section}
        selectedVendor={branch.selectedVendor}
        email={email}
        isGuest={isGuest}
        isPartner={isPartner}
        canRegister={canRegister}
        helpCentrePath={helpCentrePath}
        developersPath={developersPath}
        customerMessagesPath={customerMessagesPath}
        onLogout={() => {
          drawer.close();
          logout.mutate();
        }}
        branchList={isGuest ? null : branchListProps}
      />
      {branch.outletDialog && (
        <Suspense fallback={null}>
          <OutletDialog
            target={branch.outletDialog}
            vendors={branch.vendors}
            onClose={() => branch.setOutletDialog(null)}
          />
        </Suspense>
      )}
      <LiveConnection vendorId={vendorId} isEnabled={isGuest || isPartner || session !== null} />
      {isPartner && <PartnerTermsGate />}
      {/* spec §2: shown once to a new user; guests and partner apps have no account to remember it for. */}
      {session && !isPartner && <FirstVisitWelcome email={session.user.email} />}
      {showsHelpButton && <FloatingHelpCentre vendorId={vendorId} />}
    </ShellContext.Provider>
  );
}

/** spec §2: the help centre's round button; on small screens it opens /helpcenter/{vendorID}. */
function FloatingHelpCentre({ vendorId }: { vendorId: string | null }) {
  const navigate = useNavigate();
  const context = useHelpCentreContext(vendorId);
  return <HelpCentreButton context={context} onOpenPage={() => vendorId && navigate(paths.helpCentre(vendorId))} />;
}
