import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { MAINTENANCE_KINDS } from '@riderdesk/domain/contracts/console-settings';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../shared/notify.ts';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useMaintenance, useSetMaintenance } from '../api/settings-api.ts';

/** Planned and unplanned maintenance (admins): every server and open page of the portal follows at once. */
export function MaintenancePanel() {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const maintenance = useMaintenance(true);
  const setMaintenance = useSetMaintenance();

  if (maintenance.isPending) return <Loader aria-label={t('console.loading')} />;
  if (maintenance.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(maintenance.error)}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('console.settings.maintenance.description')}</Text>
      {MAINTENANCE_KINDS.map((kind) => {
        const isOn = maintenance.data[kind];
        const switchTo = () => {
          if (!isOn && !window.confirm(t('console.settings.maintenance.confirm'))) return;
          setMaintenance.mutate(
            { kind, on: !isOn },
            {
              onSuccess: () =>
                notify({
                  message: t('console.settings.maintenance.changed', {
                    state: t(isOn ? 'console.settings.maintenance.off' : 'console.settings.maintenance.on'),
                  }),
                  tone: 'success',
                }),
              onError: (error) => notify({ message: errorText(error), tone: 'error' }),
            },
          );
        };
        return (
          <Paper key={kind} withBorder p="md" data-testid={`maintenance-${kind}`}>
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Group gap="xs">
                  <Title order={4}>{t(`console.settings.maintenance.${kind}`)}</Title>
                  <Badge color={isOn ? 'red' : 'gray'} variant="light">
                    {t(isOn ? 'console.settings.maintenance.on' : 'console.settings.maintenance.off')}
                  </Badge>
                </Group>
                <Text fz="sm" c="dimmed">
                  {t(`console.settings.maintenance.${kind}-hint`)}
                </Text>
              </div>
              <Button
                color={isOn ? undefined : 'red'}
                variant={isOn ? 'default' : 'filled'}
                loading={setMaintenance.isPending && setMaintenance.variables?.kind === kind}
                onClick={switchTo}
              >
                {t(isOn ? 'console.settings.maintenance.turn-off' : 'console.settings.maintenance.turn-on')}
              </Button>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
