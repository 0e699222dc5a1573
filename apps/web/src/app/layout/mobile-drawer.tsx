import { Button, Divider, Drawer, NavLink, ScrollArea, Stack, Text, useDirection } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DRAWER_WIDTH } from '@riderdesk/domain/constants';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { paths } from '@riderdesk/domain/paths';
import { IconCode, IconExternalLink, IconHelpCircle, IconLogout, IconMessage2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguagePicker } from '../../features/language/components/language-picker.tsx';
import { BranchList, type BranchListProps } from '../../features/vendors/components/branch-list.tsx';
import { useConfig } from '../../shared/config/config-context.tsx';
import { sectionPath } from '../vendor-path.ts';
import type { NavItem } from './nav-items.ts';

export interface MobileDrawerProps {
  opened: boolean;
  onClose: () => void;
  items: readonly NavItem[];
  current: string;
  selectedVendor: Vendor | null;
  email: string | null;
  /** A guest is offered login and sign-up; a partner app's user neither these nor logout (spec §2). */
  isGuest?: boolean;
  /** False when the DeactivateSignUpButton flag is on (spec §2). */
  canRegister: boolean;
  /** The help centre's page; null where the help centre is hidden (spec §2). */
  helpCentrePath: string | null;
  /** Settings → Developers, for a signed-in merchant; null for guests and partner apps. */
  developersPath?: string | null;
  /** Settings → Customer messages, likewise. */
  customerMessagesPath?: string | null;
  /** A partner app's user is a partner already: no partner link. */
  isPartner?: boolean;
  onLogout: () => void;
  branchList: BranchListProps | null;
}

/** spec §2 mobile navigation: 384 px wide, full width on small screens. */
export function MobileDrawer(props: MobileDrawerProps) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const { country } = useConfig();
  const isSmall = useMediaQuery('(max-width: 36em)');
  const vendorId = props.selectedVendor?.vendor_id ?? null;
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      size={isSmall ? '100%' : DRAWER_WIDTH}
      position={dir === 'rtl' ? 'right' : 'left'}
      title={t('nav.menu')}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="md">
        {props.email && (
          <Text fz="sm" c="dimmed">
            <bdi>{props.email}</bdi>
          </Text>
        )}
        {props.isGuest && (
          <Stack gap="xs">
            <Button component={Link} to={paths.connect()} onClick={props.onClose}>
              {t('login.submit')}
            </Button>
            {props.canRegister && (
              <Button component={Link} to={paths.register()} variant="light" onClick={props.onClose}>
                {t('nav.sign-up')}
              </Button>
            )}
          </Stack>
        )}
        <Stack gap={2} component="nav" aria-label={t('nav.label')}>
          {props.items.map((item) => {
            // spec §2: request stays disabled until a vendor is selected.
            const isDisabled = item.section === 'request-a-rider' && !vendorId;
            return (
              <NavLink
                key={item.section}
                component={Link}
                to={sectionPath(item.section, vendorId)}
                label={t(item.labelKey)}
                leftSection={<item.icon size={20} />}
                active={item.section === props.current}
                disabled={isDisabled}
                onClick={props.onClose}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            );
          })}
          {props.helpCentrePath && (
            <NavLink
              component={Link}
              to={props.helpCentrePath}
              label={t('account.help-centre')}
              leftSection={<IconHelpCircle size={20} />}
              onClick={props.onClose}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          )}
          {props.customerMessagesPath && (
            <NavLink
              component={Link}
              to={props.customerMessagesPath}
              label={t('customer-messages.menu')}
              leftSection={<IconMessage2 size={20} />}
              active={props.current === 'settings'}
              onClick={props.onClose}
              variant="light"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          )}
          {props.developersPath && (
            <NavLink
              component={Link}
              to={props.developersPath}
              label={t('developers.menu')}
              leftSection={<IconCode size={20} />}
              active={props.current === 'settings'}
              onClick={props.onClose}
              variant="light"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          )}
          {!props.isPartner && country.links.partnerSignUp && (
            <NavLink
              href={country.links.partnerSignUp}
              target="_blank"
              rel="noreferrer"
              label={t('account.partner')}
              leftSection={<IconExternalLink size={20} />}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          )}
        </Stack>
        {props.branchList && (
          <>
            <Divider />
            <BranchList
              {...props.branchList}
              onSelect={(id) => {
                props.branchList?.onSelect(id);
                props.onClose();
              }}
              onEdit={(vendor) => {
                props.onClose();
                props.branchList?.onEdit(vendor);
              }}
              onAdd={() => {
                props.onClose();
                props.branchList?.onAdd();
              }}
            />
          </>
        )}
        <Divider />
        <LanguagePicker variant="default" />
        {props.email && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconLogout size={18} className="flip-rtl" />}
            onClick={props.onLogout}
          >
            {t('account.logout')}
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
