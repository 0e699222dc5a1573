import { Alert, Button, Group, Loader, Paper, Stack, TextInput } from '@mantine/core';
import { COUNTRY_PARAMETER_NAMES, type CountryParameterName } from '@riderdesk/domain/contracts/vendors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../shared/notify.ts';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useCountryParameters, useSetCountryParameter } from '../api/settings-api.ts';

/** spec §7's country parameters (admins): each value checked by the server as the portal reads it. */
export function CountryPanel() {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const parameters = useCountryParameters(true);
  const setParameter = useSetCountryParameter();
  const [drafts, setDrafts] = useState<Partial<Record<CountryParameterName, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<CountryParameterName, string>>>({});

  if (parameters.isPending) return <Loader aria-label={t('console.loading')} />;
  if (parameters.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(parameters.error)}
      </Alert>
    );
  }
  const save = (name: CountryParameterName, value: string) =>
    setParameter.mutate(
      { name, body: { value } },
      {
        onSuccess: () => {
          setErrors((current) => ({ ...current, [name]: undefined }));
          setDrafts((current) => ({ ...current, [name]: undefined }));
          notify({ message: t('console.settings.country.saved', { name }), tone: 'success' });
        },
        onError: (error) => setErrors((current) => ({ ...current, [name]: errorText(error) })),
      },
    );

  return (
    <Stack gap="sm">
      {COUNTRY_PARAMETER_NAMES.map((name) => {
        const stored = parameters.data.parameters[name] ?? '';
        const value = drafts[name] ?? stored;
        return (
          <Paper key={name} withBorder p="md">
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={name}
                labelProps={{ dir: 'ltr' }}
                description={t(`console.settings.country.hint.${name}`)}
                placeholder={t('console.settings.country.not-set')}
                value={value}
                error={errors[name]}
                dir="ltr"
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  setDrafts((current) => ({ ...current, [name]: next }));
                }}
              />
              <Button
                mt={44}
                disabled={value === stored}
                loading={setParameter.isPending && setParameter.variables?.name === name}
                onClick={() => save(name, value)}
              >
                {t('console.settings.country.save')}
              </Button>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
