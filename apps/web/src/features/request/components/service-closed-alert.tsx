import { Alert, Stack, Text } from '@mantine/core';
import { formatTimeInZone } from '@riderdesk/domain/service-hours';
import { IconClockPause } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** spec §8 "Service hours: {from} to {to}. It's {time}", in the country's time zone. */
export function ServiceClosedAlert(props: {
  from: string;
  to: string;
  timeZone: string;
  /** Closed now, but a delivery can be scheduled for the next open slots. */
  canScheduleLater?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="light"
      color="orange"
      radius="lg"
      icon={<IconClockPause size={22} />}
      title={t('request.service-closed.title')}
      role="alert"
    >
      <Stack gap={4}>
        <Text fz="sm">
          {t('request.error.service-hours', {
            from: props.from,
            to: props.to,
            time: formatTimeInZone(new Date(), props.timeZone),
          })}
        </Text>
        <Text fz="sm" c="dimmed">
          {t(props.canScheduleLater ? 'request.service-closed.schedule-hint' : 'request.service-closed.hint')}
        </Text>
      </Stack>
    </Alert>
  );
}
