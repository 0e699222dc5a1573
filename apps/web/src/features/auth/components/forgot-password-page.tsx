import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { RESET_CODE_LENGTH } from '@riderdesk/domain/constants';
import { paths } from '@riderdesk/domain/paths';
import {
  type ForgotPasswordForm,
  ForgotPasswordFormSchema,
  type ResetPasswordForm,
  ResetPasswordFormSchema,
} from '@riderdesk/domain/validation/account-forms';
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

function RequestCodeForm({ onSent }: { onSent: (email: string) => void }) {
  const { t, i18n } = useTranslation();
  const forgot = useForgotPassword();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit } = useForm<ForgotPasswordForm>({
    defaultValues: { email: '' },
    resolver: zodResolver(ForgotPasswordFormSchema),
  });
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
  const { register, handleSubmit, watch, clearErrors, formState } = useForm<ResetPasswordForm>({
    defaultValues: { code: '', password: '', confirmation: '' },
    resolver: zodResolver(ResetPasswordFormSchema),
    // A field's error shows until the field is edited, not re-checked as the user types.
    reValidateMode: 'onSubmit',
  });
  const password = watch('password');
  const field = (name: keyof ResetPasswordForm) => register(name, { onChange: () => clearErrors(name) });
  const errorOf = (name: keyof ResetPasswordForm) => {
    const key = formState.errors[name]?.message;
    return key && t(key, { length: RESET_CODE_LENGTH });
  };

  // Only a form that passed ResetPasswordFormSchema is sent.
  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      await reset.mutateAsync({ email_address: email, code: values.code, password: values.password });
      notify({ message: t('reset.success'), tone: 'success' });
      navigate(paths.connect(), { replace: true });
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
          error={errorOf('code')}
          {...field('code')}
        />
        <PasswordInput
          label={t('reset.new-password')}
          autoComplete="new-password"
          error={errorOf('password')}
          {...field('password')}
        />
        <PasswordInput
          label={t('reset.confirm-password')}
          autoComplete="new-password"
          error={errorOf('confirmation')}
          {...field('confirmation')}
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
        <Anchor component={Link} to={paths.connect()} inline>
          <IconArrowLeft size={14} className="flip-rtl" style={{ verticalAlign: 'middle' }} /> {t('forgot.back')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
