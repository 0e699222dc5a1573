import { Alert, Badge, Button, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { PublicC2cTracking, PublicTracking } from '@riderdesk/domain/contracts/public-tracking';
import { isRiderNear, type PublicTrackingStage } from '@riderdesk/domain/order-status';
import { paths } from '@riderdesk/domain/paths';
import {
  IconBuildingStore,
  IconClockExclamation,
  IconHome,
  IconId,
  IconMotorbike,
  IconPassword,
  IconReceipt,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDateTime, formatTime } from '../../../shared/format/format.ts';
import { LazyTrackingMap, type MapPoint } from '../../../shared/map/lazy-tracking-map.tsx';
import { isFinalStage } from '../public-stages.ts';
import { ConfirmOrderCard } from './confirm-order-card.tsx';
import classes from './public-orders.module.css';
import { StageStepper } from './stage-stepper.tsx';

type Place = MapPoint & { title: string; subtitle: string | null };

/** What the two public tracking answers have in common, with the two ends named per kind. */
export type TrackingViewModel = Pick<
  PublicTracking,
  | 'status'
  | 'stage'
  | 'is_cancelled'
  | 'is_delayed'
  | 'latest_arrival_at'
  | 'rider'
  | 'pickup_eta_minutes'
  | 'delivery_eta_minutes'
  | 'timeline'
  | 'updated_at'
  | 'delivered_at'
  | 'preordered_for'
  | 'age_validation_required'
> & {
  origin: Place;
  destination: Place;
  /** The recipient's handover PIN (decision 175); the c2c page has none. */
  handoverPin?: string | null;
  /** A cash order waiting for the recipient to confirm it (decision 175); the c2c page has none. */
  customerConfirmation?: PublicTracking['customer_confirmation'];
};

export function fromTracking(answer: PublicTracking): TrackingViewModel {
  return {
    ...answer,
    origin: { ...answer.outlet, title: answer.outlet.name, subtitle: answer.outlet.address },
    destination: { ...answer.destination, title: answer.destination.area, subtitle: answer.recipient_phone },
    handoverPin: answer.handover_pin ?? null,
    customerConfirmation: answer.customer_confirmation ?? null,
  };
}

export function fromC2cTracking(answer: PublicC2cTracking): TrackingViewModel {
  return {
    ...answer,
    origin: { ...answer.sender, title: answer.sender.name, subtitle: answer.sender.address },
    destination: { ...answer.recipient, title: answer.recipient.first_name, subtitle: answer.recipient.area },
  };
}

function PlaceSummary(props: { icon: ReactNode; label: string; place: Place; isSubtitleLtr?: boolean }) {
  const { subtitle } = props.place;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" radius="md" size={36} aria-hidden>
        {props.icon}
      </ThemeIcon>
      <div>
        <Text fz="xs" c="dimmed">
          {props.label}
        </Text>
        <Text fw={600}>{props.place.title}</Text>
        {subtitle && (
          <Text fz="sm" c="dimmed">
            {props.isSubtitleLtr ? <bdi dir="ltr">{subtitle}</bdi> : subtitle}
          </Text>
        )}
      </div>
    </Group>
  );
}

const BEFORE_PICKUP: readonly PublicTrackingStage[] = ['PREPARING', 'COURIER_ACCEPTED', 'NEAR_VENDOR'];

/** A pre-order before its time: its estimates are for a delivery now, which it is not. */
const scheduledTime = (view: TrackingViewModel, nowMs: number): number | null => {
  const due = view.preordered_for ? Date.parse(view.preordered_for) : Number.NaN;
  return due > nowMs && (!view.stage || BEFORE_PICKUP.includes(view.stage)) ? due : null;
};

function useEtaText(view: TrackingViewModel): string | null {
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  if (view.is_cancelled || isFinalStage(view.stage) || !view.stage) return null;
  // No rider goes before the recipient confirms (decision 175): no estimate either.
  if (view.customerConfirmation?.state === 'awaiting') return null;
  const due = scheduledTime(view, Date.now());
  if (due !== null) {
    return t('public.eta.scheduled', { time: formatDateTime(due, country.timeZone, i18n.language) });
  }
  const minutes = view.delivery_eta_minutes;
  if (minutes !== null) {
    return isRiderNear(minutes) ? t('order.rider-near') : t('public.eta.delivery', { minutes });
  }
  if (BEFORE_PICKUP.includes(view.stage) && view.pickup_eta_minutes !== null) {
    return t('public.eta.pickup', { minutes: view.pickup_eta_minutes });
  }
  return null;
}

/** spec §2: /tracking and /tracking-c2c: stage, ETA, the two ends, rider first name and a live map. */
export function PublicTrackingView({
  view,
  kind,
  token,
}: {
  view: TrackingViewModel;
  kind: 'tracking' | 'c2c';
  token: string;
}) {
  const { t, i18n } = useTranslation();
  const { country, mapTileUrl } = useConfig();
  // A cash order waiting for its customer (decision 175) has no rider and no arrival yet: the page asks first.
  const isAwaitingCustomer = view.customerConfirmation?.state === 'awaiting' && !view.is_cancelled;
  const etaText = useEtaText(view);
  const eta = isAwaitingCustomer ? null : etaText;
  const headline = view.is_cancelled
    ? t('public.headline.cancelled')
    : isAwaitingCustomer
      ? t('public.headline.awaiting-confirmation')
      : scheduledTime(view, Date.now()) !== null
        ? t('public.headline.scheduled')
        : view.stage
          ? t(`public.headline.${view.stage}`)
          : t('public.headline.pending');
  const riderPoint = view.rider && !isFinalStage(view.stage) && !view.is_cancelled ? view.rider : null;
  const originLabel = kind === 'c2c' ? t('public.c2c.sender') : t('public.from');
  const destinationLabel = kind === 'c2c' ? t('public.c2c.recipient') : t('public.to');

  return (
    <Stack gap="md">
      <Paper
        radius="lg"
        p={{ base: 'lg', sm: 'xl' }}
        className={view.is_cancelled ? undefined : classes.hero}
        withBorder={view.is_cancelled}
        shadow="sm"
      >
        <Stack gap={6}>
          <Text fz="xs" fw={700} tt="uppercase" lts={0.6}>
            {t(`public.${kind}.eyebrow`)}
          </Text>
          <Title order={1} fz={{ base: 24, sm: 30 }} c={view.is_cancelled ? 'red.8' : 'white'}>
            {headline}
          </Title>
          {eta && (
            <Text fz={{ base: 'md', sm: 'lg' }} fw={600}>
              {eta}
            </Text>
          )}
          {view.delivered_at && view.stage === 'DELIVERED' && (
            <Text fz="sm">
              {t('public.delivered-at', {
                time: formatDateTime(Date.parse(view.delivered_at), country.timeZone, i18n.language),
              })}
            </Text>
          )}
          {view.rider && !view.is_cancelled && (
            <Group gap={8} mt={4}>
              <Badge
                size="lg"
                variant="white"
                radius="xl"
                leftSection={<IconMotorbike size={14} />}
                style={{ textTransform: 'none' }}
              >
                {t('public.rider', { name: view.rider.first_name })}
              </Badge>
            </Group>
          )}
        </Stack>
      </Paper>

      {view.is_delayed && !view.is_cancelled && (
        <Alert color="yellow" radius="md" icon={<IconClockExclamation size={18} />}>
          {view.latest_arrival_at
            ? t('public.delayed-until', {
                time: formatTime(Date.parse(view.latest_arrival_at), country.timeZone, i18n.language),
              })
            : t('public.delayed')}
        </Alert>
      )}
      {view.customerConfirmation && (view.customerConfirmation.state !== 'confirmed' || !view.rider) && (
        <ConfirmOrderCard token={token} confirmation={view.customerConfirmation} />
      )}
      {view.handoverPin && !view.is_cancelled && !view.delivered_at && (
        <Paper withBorder radius="lg" p="lg" aria-labelledby="handover-pin-title">
          <Group justify="space-between" align="center" gap="md" wrap="wrap">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" radius="md" size={36} aria-hidden>
                <IconPassword size={18} />
              </ThemeIcon>
              <div>
                <Text component="h2" id="handover-pin-title" fz="sm" fw={700} m={0}>
                  {t('public.handover-pin.title')}
                </Text>
                <Text fz="sm" c="dimmed" maw={420}>
                  {t('public.handover-pin.hint')}
                </Text>
              </div>
            </Group>
            <Text
              component="output"
              dir="ltr"
              fz={32}
              fw={800}
              lts={8}
              ff="monospace"
              aria-label={t('public.handover-pin.title')}
              data-testid="handover-pin"
            >
              {view.handoverPin}
            </Text>
          </Group>
        </Paper>
      )}
      {view.age_validation_required && !view.is_cancelled && !view.delivered_at && (
        <Alert color="blue" radius="md" icon={<IconId size={18} />}>
          {t('public.age-check')}
        </Alert>
      )}
      {view.is_cancelled && (
        <Alert color="red" radius="md" icon={<IconX size={18} />}>
          {t('public.cancelled-body')}
        </Alert>
      )}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Paper withBorder radius="lg" p={6} h="100%">
            <LazyTrackingMap
              tileUrl={mapTileUrl}
              outlet={view.origin}
              destination={view.destination}
              rider={riderPoint}
              // As tall as the stages beside it, on a phone 340 px.
              height="100%"
              minHeight={340}
              labels={{
                map: t('public.map'),
                outlet: view.origin.title,
                destination: view.destination.title,
                rider: view.rider?.first_name ?? t('tracking.map.rider'),
              }}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Paper withBorder radius="lg" p="lg" h="100%">
            <Text component="h2" fz="sm" fw={700} mt={0} mb="md">
              {t('public.stages')}
            </Text>
            <StageStepper stage={view.is_cancelled ? null : view.stage} timeline={view.timeline} />
          </Paper>
        </Grid.Col>
      </Grid>

      <Paper withBorder radius="lg" p="lg">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PlaceSummary icon={<IconBuildingStore size={18} />} label={originLabel} place={view.origin} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            {/* The recipient's phone number reads left to right in Urdu too. */}
            <PlaceSummary
              icon={<IconHome size={18} />}
              label={destinationLabel}
              place={view.destination}
              isSubtitleLtr
            />
          </Grid.Col>
        </Grid>
      </Paper>

      <Group justify="space-between" gap="sm" className={classes.noPrint}>
        <Text fz="xs" c="dimmed">
          {t('public.updated', { time: formatTime(Date.parse(view.updated_at), country.timeZone, i18n.language) })}
        </Text>
        {kind === 'tracking' && view.stage === 'DELIVERED' && (
          <Button
            component={Link}
            to={paths.deliveryReceipt(token)}
            variant="light"
            leftSection={<IconReceipt size={16} />}
          >
            {t('public.view-receipt')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
