import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { paths } from '@riderdesk/domain/paths';
import { type SetPasswordForm, SetPasswordFormSchema } from '@riderdesk/domain/validation/account-forms';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { describeError } from '../../../shared/api/describe-error.ts';
import { useAcceptInvitation, useInvitation } from '../api/accept-invitation.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordRules } from './password-rules.tsx';

/** The token of an invitation link, kept in the fragment so no server logs it. */
export function invitationToken(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

/**
 * An owner invited with an e-mail that has an account accepts with that account's password: the outlet is added
 * to it only then.
 */
function AcceptWithPassword({ token, email, outlet }: { token: string; email: string; outlet: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return;
    setError(null);
    try {
      const vendorId = await accept.mutateAsync({ token, password, email });
      navigate(paths.requestARider(vendorId), { replace: true });
    } catch (caught) {
      setError(describeError(caught, t, 'outlet.error.invitation-invalid', (key) => i18n.exists(key)));
    }
  };

  return (
    <AuthCard title={t('invitation.title-existing')} subtitle={t('invitation.body-existing', { outlet, email })}>
      <form onSubmit={submit} noValidate aria-label={t('invitation.title-existing')}>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput label={t('login.email')} value={email} readOnly autoComplete="username" dir="ltr" />
          <PasswordInput
            label={t('invitation.current-password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" size="md" fullWidth loading={accept.isPending}>
            {t('invitation.accept')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/**
 * An invited collection point owner sets their password (or, with an account, gives it), is signed in, and lands
 * on the outlet's request page.
 */
export function InvitationPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const token = invitationToken(useLocation().hash);
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, watch, clearErrors, formState } = useForm<SetPasswordForm>({
    defaultValues: { password: '', confirmation: '' },
    resolver: zodResolver(SetPasswordFormSchema),
    reValidateMode: 'onSubmit',
  });
  const password = watch('password');
  const field = (name: keyof SetPasswordForm) => register(name, { onChange: () => clearErrors(name) });
  const errorOf = (name: keyof SetPasswordForm) => {
    const key = formState.errors[name]?.message;
    return key && t(key);
  };

  const submit = handleSubmit(async (values) => {
    if (!token || !invitation.data) return;
    setError(null);
    try {
      const vendorId = await accept.mutateAsync({ token, password: values.password, email: invitation.data.email });
      navigate(paths.requestARider(vendorId), { replace: true });
    } catch (caught) {
      setError(describeError(caught, t, 'outlet.error.invitation-invalid', (key) => i18n.exists(key)));
    }
  });

  if (!token || invitation.isError) {
    const message = !token
      ? t('invitation.missing')
      : describeError(invitation.error, t, 'outlet.error.invitation-invalid', (key) => i18n.exists(key));
    return (
      <AuthCard title={t('invitation.title')}>
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {message}
          </Alert>
          <Button component={Link} to={paths.connect()} variant="light">
            {t('invitation.to-login')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  if (!invitation.data) {
    return (
      <AuthCard title={t('invitation.title')} subtitle={t('invitation.checking')}>
        <Loader size="sm" />
      </AuthCard>
    );
  }
  const { email, outlet_name: outlet, has_account: hasAccount } = invitation.data;
  if (hasAccount && token) return <AcceptWithPassword token={token} email={email} outlet={outlet} />;
  return (
    <AuthCard title={t('invitation.title')} subtitle={t('invitation.body', { outlet, email })}>
      <form onSubmit={submit} noValidate aria-label={t('invitation.title')}>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          {/* For password managers: the account the password belongs to. */}
          <TextInput label={t('login.email')} value={email} readOnly autoComplete="username" dir="ltr" />
          <PasswordInput
            label={t('invitation.password')}
            autoComplete="new-password"
            error={errorOf('password')}
            {...field('password')}
          />
          <PasswordInput
            label={t('invitation.confirm')}
            autoComplete="new-password"
            error={errorOf('confirmation')}
            {...field('confirmation')}
          />
          <PasswordRules password={password} />
          <Button type="submit" size="md" fullWidth loading={accept.isPending}>
            {t('invitation.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
