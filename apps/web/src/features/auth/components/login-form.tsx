import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { LoginFormSchema, type LoginForm as LoginValues } from '@riderdesk/domain/validation/account-forms';
import { IconAlertCircle, IconPlugConnectedX } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../../shared/api/describe-error.ts';
import { useWasDisconnected } from '../../../shared/session/session-store.ts';
import { useLogin } from '../api/login.ts';

/**
 * spec §5: login has no client-side validation; the server's answer is the message. A react-hook-form form like
 * every other (decision 037, decision 148); the domain's schema only gives the values their type.
 */
export function LoginForm({ canRegister, onSuccess }: { canRegister: boolean; onSuccess?: () => void }) {
  const { t, i18n } = useTranslation();
  const loginMutation = useLogin();
  const [error, setError] = useState<string | null>(null);
  const wasDisconnected = useWasDisconnected();
  const { register, handleSubmit } = useForm<LoginValues>({
    defaultValues: { email: '', password: '' },
    resolver: zodResolver(LoginFormSchema),
  });
  const submit = handleSubmit(async (values) => {
    if (loginMutation.isPending) return;
    setError(null);
    try {
      await loginMutation.mutateAsync({ email_address: values.email, password: values.password });
      onSuccess?.();
    } catch (caught) {
      setError(describeError(caught, t, 'auth.InternalErrorException', (key) => i18n.exists(key)));
    }
  });

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
          {...register('email')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          size="md"
          {...register('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/forgot-password" fz="sm">
            {t('login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={loginMutation.isPending}>
          {t('login.submit')}
        </Button>
        {/* spec §5: terms acceptance is implied at login. */}
        <Text fz="xs" c="dimmed" ta="center">
          {t('login.terms-implied')}{' '}
          <Anchor component={Link} to="/termsandconditions" fz="xs" underline="always">
            {t('footer.terms')}
          </Anchor>
        </Text>
        {canRegister && (
          <Text fz="sm" ta="center" c="dimmed">
            {t('login.no-account')}{' '}
            <Anchor component={Link} to="/register" fw={600}>
              {t('login.create-account')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </form>
  );
}
