import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import type { ConsoleSession } from '@riderdesk/domain/contracts/console-sign-in';
import {
  type ConsoleCodeForm,
  ConsoleCodeFormSchema,
  type ConsoleRecoveryForm,
  ConsoleRecoveryFormSchema,
} from '@riderdesk/domain/validation/console-forms';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useSignInWithCode } from '../api/sign-in.ts';

/** A code of the authenticator app, six digits, the field a phone's keyboard fills in. */
export function AppCodeForm({
  challenge,
  label,
  submitLabel,
  onSession,
}: {
  challenge: string;
  label: string;
  submitLabel: string;
  onSession: (session: ConsoleSession) => void;
}) {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const send = useSignInWithCode();
  const form = useForm<ConsoleCodeForm>({ resolver: zodResolver(ConsoleCodeFormSchema), defaultValues: { code: '' } });
  const message = form.formState.errors.code?.message;
  const submit = form.handleSubmit((values) =>
    send.mutate({ challenge, code: values.code.replace(/\s/g, '') }, { onSuccess: onSession }),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label={label}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          dir="ltr"
          error={message ? t(message) : undefined}
          data-autofocus
          {...form.register('code')}
        />
        {send.isError && (
          <Alert color="red" role="alert">
            {errorText(send.error)}
          </Alert>
        )}
        <Button type="submit" loading={send.isPending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

function RecoveryCodeForm({
  challenge,
  onSession,
}: {
  challenge: string;
  onSession: (session: ConsoleSession) => void;
}) {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const send = useSignInWithCode();
  const form = useForm<ConsoleRecoveryForm>({
    resolver: zodResolver(ConsoleRecoveryFormSchema),
    defaultValues: { recoveryCode: '' },
  });
  const message = form.formState.errors.recoveryCode?.message;
  const submit = form.handleSubmit((values) =>
    send.mutate({ challenge, recovery_code: values.recoveryCode }, { onSuccess: onSession }),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label={t('console.sign-in.recovery-code')}
          description={t('console.sign-in.recovery-hint')}
          autoComplete="off"
          dir="ltr"
          error={message ? t(message) : undefined}
          data-autofocus
          {...form.register('recoveryCode')}
        />
        {send.isError && (
          <Alert color="red" role="alert">
            {errorText(send.error)}
          </Alert>
        )}
        <Button type="submit" loading={send.isPending} fullWidth>
          {t('console.sign-in.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** The second step of an enrolled operator: a code of the app, or one of their recovery codes instead. */
export function CodeStep({
  challenge,
  method,
  onSession,
  onSwitch,
  onStartAgain,
}: {
  challenge: string;
  method: 'app' | 'recovery';
  onSession: (session: ConsoleSession) => void;
  onSwitch: () => void;
  onStartAgain: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {method === 'app' ? (
        <AppCodeForm
          key="app"
          challenge={challenge}
          label={t('console.sign-in.code')}
          submitLabel={t('console.sign-in.submit')}
          onSession={onSession}
        />
      ) : (
        <RecoveryCodeForm key="recovery" challenge={challenge} onSession={onSession} />
      )}
      <Group justify="space-between" gap="xs">
        <Anchor component="button" type="button" fz="sm" onClick={onSwitch}>
          {method === 'app' ? t('console.sign-in.use-recovery') : t('console.sign-in.use-app')}
        </Anchor>
        <Anchor component="button" type="button" fz="sm" c="dimmed" onClick={onStartAgain}>
          {t('console.sign-in.start-again')}
        </Anchor>
      </Group>
    </Stack>
  );
}
