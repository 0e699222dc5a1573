import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { paths } from '@riderdesk/domain/paths';
import { LoginFormSchema, type LoginForm as LoginValues } from '@riderdesk/domain/validation/account-forms';
import { IconAlertCircle, IconPlugConnectedX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../../shared/api/describe-error.ts';
import { useWasDisconnected } from '../../../shared/session/session-store.ts';
import { useLogin } from '../api/login.ts';

/**
 * spec §5: login has no client-side validation; the server's answer is the message. With nothing to check
 * while typing, the form reads its two fields when it is sent instead of using react-hook-form, which stays
 * out of the login page's first load (decision 099); the domain's schema still gives the values their type.
 */
export function LoginForm({ canRegister, onSuccess }: { canRegister: boolean; onSuccess?: () => void }) {
  const { t, i18n } = useTranslation();
  const loginMutation = useLogin();
  const [error, setError] = useState<string | null>(null);
  const wasDisconnected = useWasDisconnected();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loginMutation.isPending) return;
    const form = new FormData(event.currentTarget);
    const values: LoginValues = LoginFormSchema.parse({
      email: form.get('email') ?? '',
      password: form.get('password') ?? '',
    });
    setError(null);
    try {
      await loginMutation.mutateAsync({ email_address: values.email, password: values.password });
      onSuccess?.();
    } catch (caught) {
      setError(describeError(caught, t, 'auth.InternalErrorException', (key) => i18n.exists(key)));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('login.title')}>
      <Stack gap="md">
        {wasDisconnected && !error && (
          <Alert color="blue" variant="light" icon={<IconPlugConnectedX size={18} />} role="status">
            {t('auth.disconnected')}
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="username"
          placeholder="name@business.com"
          size="md"
          name="email"
        />
        <PasswordInput label={t('login.password')} autoComplete="current-password" size="md" name="password" />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to={paths.forgotPassword()} fz="sm">
            {t('login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={loginMutation.isPending}>
          {t('login.submit')}
        </Button>
        {/* spec §5: terms acceptance is implied at login. */}
        <Text fz="xs" c="dimmed" ta="center">
          {t('login.terms-implied')}{' '}
          <Anchor component={Link} to={paths.terms()} fz="xs" underline="always">
            {t('footer.terms')}
          </Anchor>
        </Text>
        {canRegister && (
          <Text fz="sm" ta="center" c="dimmed">
            {t('login.no-account')}{' '}
            <Anchor component={Link} to={paths.register()} fw={600}>
              {t('login.create-account')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </form>
  );
}
