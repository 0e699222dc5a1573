import { Alert, Button, Divider, Stack } from '@mantine/core';
import { paths } from '@riderdesk/domain/paths';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { startGuestSession } from '../../shared/session/guest-session.ts';

/** spec §2 "guest checkout": with the GuestCheckout flag, a visitor may request a rider without an account. */
export function GuestCheckoutButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: startGuestSession,
    onSuccess: (vendorId) => navigate(paths.requestARider(vendorId)),
  });
  return (
    <Stack gap="xs" mt="md">
      <Divider label={t('guest.checkout.or')} labelPosition="center" />
      <Button variant="default" onClick={() => start.mutate()} loading={start.isPending}>
        {t('guest.checkout.start')}
      </Button>
      {start.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {t('guest.error.start')}
        </Alert>
      )}
    </Stack>
  );
}
