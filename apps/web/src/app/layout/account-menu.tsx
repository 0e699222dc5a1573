import { ActionIcon, Avatar, Button, Divider, Popover, Stack, Text } from '@mantine/core';
import { paths } from '@riderdesk/domain/paths';
import {
  IconCode,
  IconExternalLink,
  IconHelpCircle,
  IconLogout,
  IconMessage2,
  IconUserCircle,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../shared/config/config-context.tsx';

export interface AccountMenuProps {
  email: string | null;
  /** GODROID: the partner app signed the user in; there is no login, sign-up or logout here (spec §1). */
  isPartner?: boolean;
  /** False when the DeactivateSignUpButton flag is on: no sign-up anywhere (spec §2). */
  canRegister: boolean;
  /** The help centre's page for the selected branch; null where the help centre is hidden (spec §2). */
  helpCentrePath: string | null;
  /** Settings → Developers, for a signed-in merchant's own account; null for guests and partner apps. */
  developersPath?: string | null;
  /** Settings → Customer messages, likewise. */
  customerMessagesPath?: string | null;
  onLogout: () => void;
  isLoggingOut: boolean;
}

/** spec §2 account popover: e-mail (or login and register for guests), partner link, help centre, logout. */
export function AccountMenu({
  email,
  isPartner = false,
  canRegister,
  helpCentrePath,
  developersPath = null,
  customerMessagesPath = null,
  onLogout,
  isLoggingOut,
}: AccountMenuProps) {
  const { t } = useTranslation();
  const { country } = useConfig();
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={280} shadow="lg" radius="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={40}
          radius="xl"
          aria-label={t('account.open')}
          onClick={() => setOpened((o) => !o)}
        >
          <IconUserCircle size={26} stroke={1.6} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="md">
        <Stack gap="sm">
          {email ? (
            <Stack gap={2} align="center" ta="center">
              <Avatar radius="xl" size={44} color="initials" name={email} />
              <Text fz="xs" c="dimmed">
                {t('account.signed-in-as')}
              </Text>
              <Text fz="sm" fw={600} style={{ wordBreak: 'break-all' }} dir="ltr">
                {email}
              </Text>
            </Stack>
          ) : isPartner ? null : (
            <>
              <Button component={Link} to={paths.connect()} onClick={close}>
                {t('login.submit')}
              </Button>
              {canRegister && (
                <Button component={Link} to={paths.register()} variant="light" onClick={close}>
                  {t('nav.sign-up')}
                </Button>
              )}
            </>
          )}
          {!isPartner && <Divider />}
          {/* spec §2: the partner link where the country has one; a partner app's user is one already. */}
          {!isPartner && country.links.partnerSignUp && (
            <Button
              component="a"
              href={country.links.partnerSignUp}
              target="_blank"
              rel="noreferrer"
              variant="default"
              leftSection={<IconExternalLink size={18} />}
              justify="flex-start"
            >
              {t('account.partner')}
            </Button>
          )}
          {helpCentrePath && (
            <Button
              component={Link}
              to={helpCentrePath}
              onClick={close}
              variant="default"
              leftSection={<IconHelpCircle size={18} />}
              justify="flex-start"
            >
              {t('account.help-centre')}
            </Button>
          )}
          {customerMessagesPath && (
            <Button
              component={Link}
              to={customerMessagesPath}
              onClick={close}
              variant="default"
              leftSection={<IconMessage2 size={18} />}
              justify="flex-start"
            >
              {t('customer-messages.menu')}
            </Button>
          )}
          {developersPath && (
            <Button
              component={Link}
              to={developersPath}
              onClick={close}
              variant="default"
              leftSection={<IconCode size={18} />}
              justify="flex-start"
            >
              {t('developers.menu')}
            </Button>
          )}
          {email && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconLogout size={18} className="flip-rtl" />}
              onClick={onLogout}
              loading={isLoggingOut}
              justify="flex-start"
            >
              {t('account.logout')}
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
