import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, List, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import type { ConsoleChallenge, ConsoleSession } from '@riderdesk/domain/contracts/console-sign-in';
import { type SetPasswordForm, SetPasswordFormSchema } from '@riderdesk/domain/validation/account-forms';
import { PASSWORD_RULES } from '@riderdesk/domain/validation/password';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useSetUp, useSetUpInvitation } from '../api/set-up.ts';
import { SIGN_IN_START, signInReducer } from '../sign-in-flow.ts';
import { SignInFlow } from './sign-in-flow-view.tsx';
import { SignInFrame } from './sign-in-frame.tsx';

/**
 * A set-up link (the first operator's, an invitation's): whom it is for, their password (spec §5 rules), then
 * the authenticator app's enrolment and the recovery codes, as a first sign-in.
 */
export function SetUpPage({
  token,
  serviceName,
  corner,
  onSignedIn,
  onStartAgain,
}: {
  token: string;
  serviceName: string;
  corner?: ReactNode;
  onSignedIn: (session: ConsoleSession) => void;
  onStartAgain: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const invitation = useSetUpInvitation(token);
  const setUp = useSetUp();
  const [challenge, setChallenge] = useState<ConsoleChallenge | null>(null);
  const form = useForm<SetPasswordForm>({
    resolver: zodResolver(SetPasswordFormSchema),
    defaultValues: { password: '', confirmation: '' },
  });
  const errorOf = (field: keyof SetPasswordForm) => {
    const message = form.formState.errors[field]?.message;
    return message ? t(message) : undefined;
  };

  if (challenge) {
    return (
      <SignInFlow
        initial={signInReducer(SIGN_IN_START, { type: 'challenge', challenge })}
        serviceName={serviceName}
        corner={corner}
        onSignedIn={onSignedIn}
        onStartAgain={onStartAgain}
      />
    );
  }
  const submit = form.handleSubmit((values) =>
    setUp.mutate({ token, password: values.password }, { onSuccess: setChallenge }),
  );
  const who = invitation.data;
  return (
    <SignInFrame
      serviceName={serviceName}
      title={t('console.set-up.title')}
      description={
        who
          ? t('console.set-up.intro', { name: who.name, email: who.email, role: t(`console.role.${who.role}`) })
          : undefined
      }
      corner={corner}
    >
      {invitation.isPending && token !== '' && <Loader size="sm" aria-label={t('console.loading')} />}
      {(invitation.isError || token === '') && (
        <Alert color="red" role="alert">
          {token === '' ? t('console.error.set-up-link-invalid') : errorText(invitation.error)}
        </Alert>
      )}
      {who && (
        <form noValidate onSubmit={submit} aria-label={t('console.set-up.title')}>
          <Stack gap="md">
            <PasswordInput
              label={t('console.set-up.password')}
              description={
                <>
                  {t('password.rules-title')}
                  <List size="xs" withPadding>
                    {PASSWORD_RULES.map((rule) => (
                      <List.Item key={rule}>{t(rule)}</List.Item>
                    ))}
                  </List>
                </>
              }
              autoComplete="new-password"
              error={errorOf('password')}
              data-autofocus
              {...form.register('password')}
            />
            <PasswordInput
              label={t('console.set-up.confirmation')}
              autoComplete="new-password"
              error={errorOf('confirmation')}
              {...form.register('confirmation')}
            />
            {setUp.isError && (
              <Alert color="red" role="alert">
                {errorText(setUp.error)}
              </Alert>
            )}
            <Button type="submit" loading={setUp.isPending} fullWidth>
              {t('console.set-up.submit')}
            </Button>
            <Text fz="xs" c="dimmed">
              {t('console.set-up.next')}
            </Text>
          </Stack>
        </form>
      )}
    </SignInFrame>
  );
}
