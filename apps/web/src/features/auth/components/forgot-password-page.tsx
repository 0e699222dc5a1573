import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { RESET_CODE_LENGTH } from '@riderdesk/domain/constants';
import { isValidPassword, passwordsMatch, RESET_CODE_PATTERN } from '@riderdesk/domain/validation/password';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { describeError } from '../../../shared/api/describe-error.ts';
import { notify } from '../../../shared/notify.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordRules } from './password-rules.tsx';

interface ResetValues {
  code: string;
  password: string;
  confirmation: string;
}

function RequestCodeForm({ onSent }: { onSent: (email: string) => void }) {
  const { t, i18n } = useTranslation();
  const forgot = useForgotPassword();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit } = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const submit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await forgot.mutateAsync({ email_address: email });
      onSent(email.trim().toLowerCase());
    } catch (caught) {
      setError(describeError(caught, t, 'forgot.error.generic', (key) => i18n.exists(key)));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('forgot.title')}>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t('login.email')} type="email" autoComplete="username" size="md" {...register('email')} />
        <Button type="submit" size="md" fullWidth loading={forgot.isPending}>
          {t('forgot.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function ResetForm({ email, onRestart }: { email: string; onRestart: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError: setFieldError,
    formState,
  } = useForm<ResetValues>({
    defaultValues: { code: '', password: '', confirmation: '' },
  });
  const password = watch('password');

  const submit = handleSubmit(async (values) => {
    setError(null);
    let isValid = true;
    if (!RESET_CODE_PATTERN.test(values.code)) {
      setFieldError('code', { message: t('reset.error.code', { length: RESET_CODE_LENGTH }) });
      isValid = false;
    }
    if (!isValidPassword(values.password)) {
      setFieldError('password', { message: t('register.error.password') });
      isValid = false;
    }
    if (!passwordsMatch(values.password, values.confirmation)) {
      setFieldError('confirmation', { message: t('password.mismatch') });
      isValid = false;
    }
    if (!isValid) return;
    try {
      await reset.mutateAsync({ email_address: email, code: values.code, password: values.password });
      notify({ message: t('reset.success'), tone: 'success' });
      navigate('/connect', { replace: true });
    } catch (caught) {
      setError(describeError(caught, t, 'reset.error.generic', (key) => i18n.exists(key)));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('reset.title')}>
      <Stack gap="md">
        <Alert color="blue" variant="light">
          {t('reset.code-sent', { email })}
        </Alert>
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('reset.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={RESET_CODE_LENGTH}
          dir="ltr"
          styles={{ input: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' } }}
          error={formState.errors.code?.message}
          {...register('code')}
        />
        <PasswordInput
          label={t('reset.new-password')}
          autoComplete="new-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label={t('reset.confirm-password')}
          autoComplete="new-password"
          error={formState.errors.confirmation?.message}
          {...register('confirmation')}
        />
        <PasswordRules password={password} />
        <Button type="submit" size="md" fullWidth loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
        <Anchor component="button" type="button" fz="sm" onClick={onRestart} ta="center">
          {t('reset.resend')}
        </Anchor>
      </Stack>
    </form>
  );
}

/** spec §2: forgot password (e-mail), then reset password with the 6-digit code. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthCard
      title={email ? t('reset.title') : t('forgot.title')}
      subtitle={email ? t('reset.subtitle') : t('forgot.subtitle')}
    >
      {email ? <ResetForm email={email} onRestart={() => setEmail(null)} /> : <RequestCodeForm onSent={setEmail} />}
      <Text ta="center" mt="lg" fz="sm">
        <Anchor component={Link} to="/connect" inline>
          <IconArrowLeft size={14} className="flip-rtl" style={{ verticalAlign: 'middle' }} /> {t('forgot.back')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
