import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PAYMENT_METHODS } from '@riderdesk/domain/constants';
import { REGISTRATION_TYPES } from '@riderdesk/domain/contracts/auth';
import type { ConsoleVendor } from '@riderdesk/domain/contracts/console-vendors';
import { FLAG_NAMES } from '@riderdesk/domain/contracts/flags';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../shared/notify.ts';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useUpdateVendorSettings } from '../api/change-vendor.ts';
import { type FlagChoice, flagChoiceOf, flagValueOf, registrationKeyOf } from '../vendors-view.ts';

/** A vendor's payment methods, its own flags and its registration type, saved together. */
export function VendorSettings({ vendor, canChange }: { vendor: ConsoleVendor; canChange: boolean }) {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const update = useUpdateVendorSettings();
  const [methods, setMethods] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(PAYMENT_METHODS.map((method) => [method, vendor.payment_methods[method] === true])),
  );
  const [flags, setFlags] = useState<Record<string, FlagChoice>>(() =>
    Object.fromEntries(FLAG_NAMES.map((name) => [name, flagChoiceOf(vendor.flags[name])])),
  );
  const [registration, setRegistration] = useState<string>(vendor.registration_type ?? 'none');

  const save = () =>
    update.mutate(
      {
        vendorId: vendor.vendor_id,
        body: {
          payment_methods: methods,
          flags: Object.fromEntries(Object.entries(flags).map(([name, choice]) => [name, flagValueOf(choice)])),
          registration_type: registration === 'none' ? null : (registration as 'PV' | 'NPV'),
        },
      },
      {
        onSuccess: () => notify({ message: t('console.vendors.saved'), tone: 'success' }),
        onError: (error) => notify({ message: errorText(error), tone: 'error' }),
      },
    );

  const choices = (['follow', 'on', 'off'] as const).map((value) => ({
    value,
    label: t(`console.vendors.flag-${value}`),
  }));

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('console.vendors.settings')}
        </Title>
        <Select
          label={t('console.vendors.registration-type')}
          data={['none', ...REGISTRATION_TYPES].map((value) => ({
            value,
            label: t(registrationKeyOf(value === 'none' ? null : (value as 'PV' | 'NPV'))),
          }))}
          value={registration}
          onChange={(value) => setRegistration(value ?? 'none')}
          allowDeselect={false}
          disabled={!canChange}
          maw={280}
        />
        <Checkbox.Group
          label={t('console.vendors.payment-methods')}
          value={PAYMENT_METHODS.filter((method) => methods[method])}
          onChange={(checked) =>
            setMethods(Object.fromEntries(PAYMENT_METHODS.map((method) => [method, checked.includes(method)])))
          }
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" mt="xs">
            {PAYMENT_METHODS.map((method) => (
              <Checkbox
                key={method}
                value={method}
                label={t(`tracking.payment-method.${method}`)}
                disabled={!canChange}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <div>
          <Text fw={500} fz="sm">
            {t('console.vendors.flags')}
          </Text>
          <Text fz="xs" c="dimmed" mb="xs">
            {t('console.vendors.flags-hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
            {FLAG_NAMES.map((name) => (
              <Select
                key={name}
                label={<span dir="ltr">{name}</span>}
                data={choices}
                value={flags[name] ?? 'follow'}
                onChange={(value) => setFlags((current) => ({ ...current, [name]: (value ?? 'follow') as FlagChoice }))}
                allowDeselect={false}
                disabled={!canChange}
                size="xs"
              />
            ))}
          </SimpleGrid>
        </div>
        {canChange && (
          <Group justify="flex-end">
            <Button onClick={save} loading={update.isPending}>
              {t('console.vendors.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
