import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { type OperatorInviteForm, OperatorInviteFormSchema } from '@riderdesk/domain/validation/console-forms';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useInviteOperator } from '../api/invite-operator.ts';
import { ROLE_CHOICES, roleHintKey } from '../operators-view.ts';

/** Invite an operator: e-mail, name, role; the set-up link goes to the e-mail. */
export function InviteDialog({ onInvited, onClose }: { onInvited: (email: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const invite = useInviteOperator();
  const form = useForm<OperatorInviteForm>({
    resolver: zodResolver(OperatorInviteFormSchema),
    defaultValues: { email: '', name: '', role: 'support' },
  });
  const errorOf = (field: keyof OperatorInviteForm) => {
    const message = form.formState.errors[field]?.message;
    return message ? t(message) : undefined;
  };
  const role = form.watch('role');
  const submit = form.handleSubmit((values) =>
    invite.mutate(
      { email_address: values.email.trim().toLowerCase(), name: values.name.trim(), role: values.role },
      { onSuccess: (operator) => onInvited(operator.email) },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={t('console.operators.invite')} centered size="md">
      <form noValidate onSubmit={submit} aria-label={t('console.operators.invite')}>
        <Stack gap="md">
          <TextInput
            type="email"
            label={t('console.operators.email')}
            error={errorOf('email')}
            data-autofocus
            {...form.register('email')}
          />
          <TextInput
            label={t('console.operators.name')}
            maxLength={100}
            error={errorOf('name')}
            {...form.register('name')}
          />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Select
                label={t('console.operators.role')}
                description={t(roleHintKey(role))}
                data={ROLE_CHOICES.map((choice) => ({ value: choice, label: t(`console.role.${choice}`) }))}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                allowDeselect={false}
                error={errorOf('role')}
                comboboxProps={{ withinPortal: false }}
              />
            )}
          />
          {invite.isError && (
            <Alert color="red" role="alert">
              {errorText(invite.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('console.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('console.operators.send-invitation')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
