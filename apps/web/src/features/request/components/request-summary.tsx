import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Estimations } from '@riderdesk/domain/contracts/pricing';
import { IconClockHour4, IconMotorbike, IconRoute } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Row({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
      <Text fz="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : 400} maw="45%" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 700 : 500} ta="end" miw={0} style={{ overflowWrap: 'break-word' }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The fee and times the rider service quoted for this route, each saying what it measures: when the
 * rider reaches the branch, by when the customer has the order, and how long the trip is.
 */
export function DeliveryQuote({
  fee,
  estimations,
  distanceKm,
  deliveredBy,
  scheduledFor = null,
  isGuest = false,
}: {
  fee: string;
  estimations: Estimations | null;
  distanceKm: number | null;
  /** The time of day the order reaches the customer, formatted, from the pickup and trip estimates. */
  deliveredBy: (minutesFromNow: number) => string;
  /** A scheduled order's time, formatted: said instead of the estimates for now, which do not apply to it. */
  scheduledFor?: string | null;
  /** A guest has a pickup address, not a branch. */
  isGuest?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap="lg" wrap="wrap" role="status" aria-label={t('request.quote.title')}>
      <Stack gap={0}>
        <Text fz="xs" c="dimmed">
          {t('request.quote.fee')}
        </Text>
        <Text fw={700} fz="lg">
          <bdi>{fee}</bdi>
        </Text>
      </Stack>
      {scheduledFor ? (
        <Group gap={6} wrap="nowrap">
          <IconClockHour4 size={18} aria-hidden />
          <Text fz="sm">{t('request.quote.scheduled', { time: scheduledFor })}</Text>
        </Group>
      ) : (
        estimations && (
          <>
            <Group gap={6} wrap="nowrap">
              <IconMotorbike size={18} aria-hidden />
              <Text fz="sm">
                {t(isGuest ? 'request.quote.pickup-address' : 'request.quote.pickup', {
                  minutes: estimations.pickup_minutes,
                })}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconClockHour4 size={18} aria-hidden />
              <Text fz="sm">
                {t('request.quote.delivery', {
                  time: deliveredBy(estimations.pickup_minutes + estimations.delivery_minutes),
                })}
              </Text>
            </Group>
          </>
        )
      )}
      {distanceKm !== null && (
        <Group gap={6} wrap="nowrap">
          <IconRoute size={18} aria-hidden />
          <Text fz="sm">
            {t('request.quote.distance', {
              distance: new Intl.NumberFormat(i18n.language.startsWith('ur') ? 'ur-PK-u-nu-latn' : 'en', {
                maximumFractionDigits: 1,
              }).format(distanceKm),
            })}
          </Text>
        </Group>
      )}
    </Group>
  );
}

export type SummaryLine = { label: string; value: ReactNode };

/** spec §2 order summary and payment summary. */
export function RequestSummary(props: { order: SummaryLine[]; payment: SummaryLine[]; total: SummaryLine | null }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="lg" component="aside" aria-label={t('request.summary.title')}>
      <Stack gap="sm">
        <Title order={2} fz="md">
          {t('request.summary.title')}
        </Title>
        {props.order.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('request.summary.empty')}
          </Text>
        ) : (
          props.order.map((line) => <Row key={line.label} label={line.label} value={line.value} />)
        )}
        {props.payment.length > 0 && (
          <>
            <Divider my={4} />
            <Title order={3} fz="sm">
              {t('request.payment-summary.title')}
            </Title>
            {props.payment.map((line) => (
              <Row key={line.label} label={line.label} value={line.value} />
            ))}
            {props.total && (
              <>
                <Divider variant="dashed" />
                <Row label={props.total.label} value={props.total.value} strong />
              </>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
