import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { paths } from '@riderdesk/domain/paths';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGuestOrderCount } from '../../shared/session/guest-session.ts';

// Per tab: a guest who said "not now" is asked again after their next order only.
const SEEN_KEY = 'riderdesk-later-register-seen';

function readSeen(): number {
  try {
    return Number(window.sessionStorage.getItem(SEEN_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

/**
 * spec §2 "guest checkout with a later-register popup": after a guest's order, an invitation to create an
 * account (or log in), which takes the guest's orders over (spec §4, decision 080). It sits in the page above
 * the content, not over it, so the live tracking that follows the first order stays in view on a phone.
 */
export function LaterRegisterPrompt({ canRegister }: { canRegister: boolean }) {
  const { t } = useTranslation();
  const count = useGuestOrderCount();
  const [seen, setSeen] = useState(readSeen);
  const close = () => {
    try {
      window.sessionStorage.setItem(SEEN_KEY, String(count));
    } catch {
      // The prompt may come back after a reload; nothing worse.
    }
    setSeen(count);
  };
  if (count <= seen) return null;
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-label={t('guest.later-register.title')}>
      <Stack gap="sm">
        <Text fw={700}>{t('guest.later-register.title')}</Text>
        <Text fz="sm">{t('guest.later-register.body')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('guest.later-register.not-now')}
          </Button>
          <Button component={Link} to={paths.connect()} variant="light" onClick={close}>
            {t('login.submit')}
          </Button>
          {canRegister && (
            <Button component={Link} to={paths.register()} onClick={close}>
              {t('guest.later-register.register')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
