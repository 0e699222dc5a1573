import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Code, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  type ConsoleRiderForm,
  ConsoleRiderFormSchema,
  RIDER_VEHICLES,
} from '@riderdesk/domain/contracts/console-riders';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useCreateRider } from '../api/change-rider.ts';

/** Adds a rider for a rider app; the token is shown once, to be typed or pasted into that app. */
export function CreateRiderDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const create = useCreateRider();
  const [token, setToken] = useState<string | null>(null);
  const form = useForm<
    ConsoleRiderForm,
    unknown,
    { name: string; phone: string; vehicle: ConsoleRiderForm['vehicle'] }
  >({
    resolver: zodResolver(ConsoleRiderFormSchema),
    defaultValues: { name: '', phone: '', vehicle: 'motorbike' },
  });
  const errorOf = (field: keyof ConsoleRiderForm) => {
    const message = form.formState.errors[field]?.message;
    return message ? t(message) : undefined;
  };
  const submit = form.handleSubmit((values) =>
    create.mutate(values, { onSuccess: (created) => setToken(created.token) }),
  );

  if (token) {
    return (
      <Modal opened onClose={onClose} title={t('console.riders.token.title')} centered>
        <Stack gap="md">
          <Text fz="sm">{t('console.riders.token.hint')}</Text>
          <Code block dir="ltr" data-testid="rider-token">
            {token}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={token}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('console.copied') : t('console.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t('console.riders.token.done')}</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened onClose={onClose} title={t('console.riders.add')} centered>
      <form noValidate onSubmit={submit} aria-label={t('console.riders.add')}>
        <Stack gap="md">
          <TextInput
            label={t('console.riders.name')}
            maxLength={100}
            error={errorOf('name')}
            data-autofocus
            {...form.register('name')}
          />
          <TextInput
            type="tel"
            dir="ltr"
            label={t('console.riders.phone')}
            placeholder="+923001234567"
            error={errorOf('phone')}
            {...form.register('phone')}
          />
          <Controller
            control={form.control}
            name="vehicle"
            render={({ field }) => (
              <Select
                label={t('console.riders.vehicle')}
                data={RIDER_VEHICLES.map((vehicle) => ({
                  value: vehicle,
                  label: t(`console.riders.vehicles.${vehicle}`),
                }))}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: false }}
              />
            )}
          />
          {create.isError && (
            <Alert color="red" role="alert">
              {errorText(create.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('console.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('console.riders.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
