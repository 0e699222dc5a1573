import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { ConsoleChallenge } from '@riderdesk/domain/contracts/console-sign-in';
import { type ConsoleSignInForm, ConsoleSignInFormSchema } from '@riderdesk/domain/validation/console-forms';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useSignIn } from '../api/sign-in.ts';

/** The password step: e-mail and password; the server's answer says which second step follows. */
export function PasswordStep({ onChallenge }: { onChallenge: (challenge: ConsoleChallenge) => void }) {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const signIn = useSignIn();
  const form = useForm<ConsoleSignInForm>({
    resolver: zodResolver(ConsoleSignInFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const errorOf = (field: keyof ConsoleSignInForm) => {
    const message = form.formState.errors[field]?.message;
    return message ? t(message) : undefined;
  };
  const submit = form.handleSubmit((values) =>
    signIn.mutate({ email_address: values.email, password: values.password }, { onSuccess: onChallenge }),
  );
  return (
    <form noValidate onSubmit={submit} aria-label={t('console.sign-in.title')}>
      <Stack gap="md">
        <TextInput
          type="email"
          label={t('console.sign-in.email')}
          autoComplete="username"
          error={errorOf('email')}
          data-autofocus
          {...form.register('email')}
        />
        <PasswordInput
          label={t('console.sign-in.password')}
          autoComplete="current-password"
          error={errorOf('password')}
          {...form.register('password')}
        />
        {signIn.isError && (
          <Alert color="red" role="alert">
            {errorText(signIn.error)}
          </Alert>
        )}
        <Button type="submit" loading={signIn.isPending} fullWidth>
          {t('console.sign-in.continue')}
        </Button>
      </Stack>
    </form>
  );
}
