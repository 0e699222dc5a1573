import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { FlagChangeBody } from '@riderdesk/domain/contracts/console-settings';
import { FLAG_NAMES } from '@riderdesk/domain/contracts/flags';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../shared/notify.ts';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useChangeFlag, useFlagSettings } from '../api/settings-api.ts';

const MAINTENANCE = new Set(['PlannedMaintenance', 'UnplannedMaintenance']);
const EDITABLE = FLAG_NAMES.filter((name) => !MAINTENANCE.has(name));

/** Feature flags (admins, operations): the deployment's value of each, and the countries' and vendors' own. */
export function FlagsPanel({ countryCode }: { countryCode: string }) {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const settings = useFlagSettings();
  const change = useChangeFlag();
  const [scope, setScope] = useState<'country' | 'vendor'>('vendor');
  const [name, setName] = useState<string | null>(EDITABLE[0] ?? null);
  const [target, setTarget] = useState('');
  const [value, setValue] = useState(true);

  if (settings.isPending) return <Loader aria-label={t('console.loading')} />;
  if (settings.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(settings.error)}
      </Alert>
    );
  }
  const data = settings.data;
  const save = (flag: string, body: FlagChangeBody) =>
    change.mutate(
      { name: flag, body },
      {
        onSuccess: () => notify({ message: t('console.settings.flags.saved', { name: flag }), tone: 'success' }),
        onError: (error) => notify({ message: errorText(error), tone: 'error' }),
      },
    );
  const overrideScope = (): FlagChangeBody['scope'] =>
    scope === 'country'
      ? { kind: 'country', country_code: (target || countryCode).toUpperCase() }
      : { kind: 'vendor', vendor_id: target.trim() };

  return (
    <Stack gap="lg">
      <Paper withBorder>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('console.settings.flags.flag')}</Table.Th>
                <Table.Th>{t('console.settings.flags.default')}</Table.Th>
                <Table.Th>{t('console.settings.flags.deployment')}</Table.Th>
                <Table.Th>{t('console.settings.flags.effective')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {FLAG_NAMES.map((flag) => {
                const deployment = data.global[flag] ?? data.defaults[flag] ?? false;
                return (
                  <Table.Tr key={flag} data-testid="flag-row">
                    <Table.Td dir="ltr" ta="start">
                      <Text fz="sm" ff="monospace">
                        {flag}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {t(data.defaults[flag] ? 'console.settings.flags.on' : 'console.settings.flags.off')}
                    </Table.Td>
                    <Table.Td>
                      {MAINTENANCE.has(flag) ? (
                        <Text fz="xs" c="dimmed">
                          {t('console.settings.flags.maintenance-note')}
                        </Text>
                      ) : (
                        <Switch
                          checked={deployment}
                          aria-label={flag}
                          onChange={(event) =>
                            save(flag, { scope: { kind: 'global' }, value: event.currentTarget.checked })
                          }
                        />
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={data.effective[flag] ? 'teal' : 'gray'}>
                        {t(data.effective[flag] ? 'console.settings.flags.on' : 'console.settings.flags.off')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Stack gap="sm">
        <Title order={4}>{t('console.settings.flags.overrides')}</Title>
        {data.overrides.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t('console.settings.flags.no-overrides')}
          </Text>
        ) : (
          <Paper withBorder>
            <Table verticalSpacing="xs">
              <Table.Tbody>
                {data.overrides.map((row) => (
                  <Table.Tr key={`${row.name}:${row.country_code ?? ''}:${row.vendor_id ?? ''}`}>
                    <Table.Td dir="ltr" ta="start">
                      <Text fz="sm" ff="monospace">
                        {row.name}
                      </Text>
                    </Table.Td>
                    <Table.Td dir="ltr" ta="start">
                      {row.vendor_id ?? row.country_code}
                    </Table.Td>
                    <Table.Td>{t(row.value ? 'console.settings.flags.on' : 'console.settings.flags.off')}</Table.Td>
                    <Table.Td ta="end">
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() =>
                          save(row.name, {
                            scope: row.vendor_id
                              ? { kind: 'vendor', vendor_id: row.vendor_id }
                              : { kind: 'country', country_code: row.country_code ?? countryCode },
                            value: null,
                          })
                        }
                      >
                        {t('console.settings.flags.remove')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
        <Paper withBorder p="md">
          <Group align="flex-end" gap="sm">
            <Select
              label={t('console.settings.flags.flag')}
              data={EDITABLE}
              value={name}
              onChange={setName}
              searchable
              w={220}
            />
            <SegmentedControl
              value={scope}
              onChange={(next) => setScope(next as 'country' | 'vendor')}
              data={[
                { value: 'vendor', label: t('console.settings.flags.scope-vendor') },
                { value: 'country', label: t('console.settings.flags.scope-country') },
              ]}
            />
            <TextInput
              label={t(
                scope === 'country' ? 'console.settings.flags.country-code' : 'console.settings.flags.vendor-id',
              )}
              placeholder={scope === 'country' ? countryCode : ''}
              value={target}
              onChange={(event) => setTarget(event.currentTarget.value)}
              dir="ltr"
              w={200}
            />
            <Switch
              label={t(value ? 'console.settings.flags.on' : 'console.settings.flags.off')}
              checked={value}
              onChange={(event) => setValue(event.currentTarget.checked)}
              mb={6}
            />
            <Button
              disabled={!name || (scope === 'vendor' && target.trim() === '')}
              loading={change.isPending}
              onClick={() => name && save(name, { scope: overrideScope(), value })}
            >
              {t('console.settings.flags.set')}
            </Button>
          </Group>
        </Paper>
      </Stack>
    </Stack>
  );
}
