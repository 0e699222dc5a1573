import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import type { Order } from '@riderdesk/domain/contracts/orders';
import {
  IconArrowLeft,
  IconBuildingStore,
  IconCheck,
  IconClockExclamation,
  IconCopy,
  IconEdit,
  IconExternalLink,
  IconFileInvoice,
  IconId,
  IconInfoCircle,
  IconMapPin,
  IconMotorbike,
  IconPhone,
  IconReceipt2,
  IconUser,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyTrackingMap } from '../../../shared/map/lazy-tracking-map.tsx';
import { PhoneText } from '../../../shared/ui/phone-text.tsx';
import { useOrderDetail } from '../hooks/use-order-detail.ts';
import type { ProofFlags } from '../order-detail-view.ts';
import { CancelOrderDialog } from './cancel-order-dialog.tsx';
import { CustomerConfirmation } from './customer-confirmation.tsx';
import { HandoverPinStatus } from './handover-pin-status.tsx';
import { OrderMessages } from './order-messages.tsx';
import { OrderProofs } from './order-proofs.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { StatusBadge } from './status-badge.tsx';

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="xs" mb="xs" wrap="nowrap">
        <ThemeIcon variant="light" size={28} radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
        <Text component="h3" fz="sm" fw={700} m={0}>
          {title}
        </Text>
      </Group>
      <Stack gap={4}>{children}</Stack>
    </Paper>
  );
}

/** A phone number written for reading ('(021) 35871234'), dialled as stored. */
function PhoneLink({ phone }: { phone: string }) {
  return (
    <Anchor href={`tel:${phone.replace(/\s+/g, '')}`} fz="sm">
      <Group gap={6} wrap="nowrap" component="span">
        <IconPhone size={14} aria-hidden />
        <PhoneText phone={phone} />
      </Group>
    </Anchor>
  );
}

function MoneyRow({ label, value, isStrong = false }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text fz="sm" c={isStrong ? undefined : 'dimmed'} fw={isStrong ? 700 : 400}>
        {label}
      </Text>
      <Text fz="sm" fw={isStrong ? 700 : 500}>
        <bdi>{value}</bdi>
      </Text>
    </Group>
  );
}

const CARD_STATUS_COLOURS: Record<NonNullable<Order['payment']>['status'], string> = {
  pending: 'yellow',
  authentication_required: 'yellow',
  captured: 'teal',
  failed: 'red',
  cancelled: 'gray',
  refund_pending: 'blue',
  refunded: 'blue',
  refund_failed: 'red',
};

/** An order paid by card: the card, the payment's state and its refund. */
function CardPaymentRows({
  payment,
  money,
}: {
  payment: NonNullable<Order['payment']>;
  money: (amount: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Divider my={4} />
      <Group justify="space-between" gap="xs">
        <Text fz="sm" c="dimmed">
          {t('tracking.payment.card')}
          {payment.card && (
            <>
              {' '}
              <bdi>{`${payment.card.scheme.toUpperCase()} •••• ${payment.card.last4}`}</bdi>
            </>
          )}
        </Text>
        <Badge variant="light" color={CARD_STATUS_COLOURS[payment.status]}>
          {t(`tracking.payment.card-status.${payment.status}`)}
        </Badge>
      </Group>
      {payment.paid_amount > 0 && (
        <MoneyRow label={t('tracking.payment.paid-by-card')} value={money(payment.paid_amount)} />
      )}
      {payment.refunded_amount > 0 && (
        <MoneyRow label={t('tracking.payment.refunded')} value={money(payment.refunded_amount)} isStrong />
      )}
    </>
  );
}

export type OrderDetailProps = {
  order: Order;
  now: Date;
  isDelayedCancellationOn: boolean;
  proofFlags: ProofFlags;
  /** Mobile: back to the list. */
  onBack?: () => void;
  /** Where "Edit" leads (request-a-rider with orderID); null when the ModifyOrderButton flag is off. */
  editPath?: string | null;
  /** The viewer is a guest, whose orders are all their own. */
  isGuest?: boolean;
};

/** spec §2: outlet, customer, rider, ETA, status history, payment, proofs, tracking link, cancel and map. */
export function OrderDetail({
  order,
  now,
  isDelayedCancellationOn,
  proofFlags,
  onBack,
  editPath = null,
  isGuest = false,
}: OrderDetailProps) {
  const { t } = useTranslation();
  const detail = useOrderDetail({ order, now, isDelayedCancellationOn, proofFlags, editPath });
  const { view, money } = detail;
  const { eta, isCancellable, isCancelled, whyNoCancel, proofKinds } = view;
  const { tracking: link, receipt: receiptLink, c2c: c2cLink } = view.links;
  // A card-paid order that is otherwise editable shows its Edit disabled, with why (its charge is fixed).
  const isEditLockedByCard = view.edit?.kind === 'locked-by-card';

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="article"
      aria-label={t('tracking.detail.label', { id: order.order_id })}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
            {onBack && (
              <ActionIcon variant="default" size="lg" radius="md" onClick={onBack} aria-label={t('tracking.back')}>
                <IconArrowLeft size={18} className="flip-rtl" />
              </ActionIcon>
            )}
            <Stack gap={2} miw={0}>
              <Group gap="sm" wrap="wrap">
                <Title order={2} fz={{ base: 18, sm: 22 }}>
                  <bdi>{order.order_id}</bdi>
                </Title>
                <StatusBadge order={order} now={now} size="md" />
              </Group>
              <Text fz="sm" c="dimmed">
                {view.isScheduled
                  ? t('tracking.detail.scheduled-for', { time: detail.scheduledAt })
                  : t('tracking.detail.requested-at', { time: detail.requestedAt })}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs">
            {link && (
              <CopyButton value={link} timeout={2000}>
                {({ copied, copy }) => (
                  <Button
                    variant="default"
                    size="sm"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    color={copied ? 'teal' : undefined}
                  >
                    {copied ? t('tracking.link.copied') : t('tracking.link.copy')}
                  </Button>
                )}
              </CopyButton>
            )}
            {link && (
              <Tooltip label={t('tracking.link.open')}>
                <ActionIcon
                  component="a"
                  href={link}
                  target="_blank"
                  rel="noreferrer"
                  variant="default"
                  size={36}
                  radius="md"
                  aria-label={t('tracking.link.open')}
                >
                  <IconExternalLink size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            {c2cLink && (
              <Button
                component="a"
                href={c2cLink}
                target="_blank"
                rel="noreferrer"
                variant="default"
                size="sm"
                leftSection={<IconExternalLink size={16} />}
              >
                {t('tracking.detail.c2c-page')}
              </Button>
            )}
            {receiptLink && (
              <Button
                component="a"
                href={receiptLink}
                target="_blank"
                rel="noreferrer"
                variant="default"
                size="sm"
                leftSection={<IconFileInvoice size={16} />}
              >
                {t('tracking.detail.receipt')}
              </Button>
            )}
            {view.edit?.kind === 'link' && (
              <Button
                component={Link}
                to={view.edit.path}
                variant="light"
                size="sm"
                leftSection={<IconEdit size={16} />}
              >
                {t('tracking.detail.edit')}
              </Button>
            )}
            {isEditLockedByCard && (
              <Button
                variant="light"
                size="sm"
                leftSection={<IconEdit size={16} />}
                disabled
                aria-describedby={`why-no-edit-${order.order_id}`}
              >
                {t('tracking.detail.edit')}
              </Button>
            )}
            {isCancellable && (
              <Button color="red" variant="light" size="sm" onClick={detail.cancelDialog.open}>
                {t('tracking.cancel.button')}
              </Button>
            )}
          </Group>
        </Group>

        {isEditLockedByCard && (
          <Group gap={6} wrap="nowrap" align="flex-start" data-testid="why-no-edit">
            <IconInfoCircle size={16} aria-hidden color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
            <Text fz="xs" c="dimmed" id={`why-no-edit-${order.order_id}`}>
              {/* "Cancel it" only while it can still be cancelled. */}
              {t(
                isCancellable ? 'tracking.detail.edit-unavailable-card' : 'tracking.detail.edit-unavailable-card-final',
              )}
            </Text>
          </Group>
        )}

        {whyNoCancel && (
          <Group gap={6} wrap="nowrap" align="flex-start" data-testid="why-no-cancel">
            <IconInfoCircle size={16} aria-hidden color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
            <Text fz="xs" c="dimmed">
              {t(`tracking.cancel.unavailable.${whyNoCancel}`)}
            </Text>
          </Group>
        )}

        {order.customer_confirmation && !isCancelled && (
          <CustomerConfirmation order={order} confirmation={order.customer_confirmation} />
        )}

        {(eta || view.isDelayed) && (
          <Paper radius="md" p="sm" bg={view.isDelayed ? 'yellow.0' : 'teal.0'} role="status">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="white" color={view.isDelayed ? 'yellow' : 'teal'} radius="xl" aria-hidden>
                {view.isDelayed ? <IconClockExclamation size={18} /> : <IconMotorbike size={18} />}
              </ThemeIcon>
              <div>
                {eta && (
                  <>
                    <Text fz="xs" c="dimmed">
                      {t(`tracking.eta.to-${eta.target}`)}
                    </Text>
                    <Text fw={700}>
                      {eta.isNear ? t('order.rider-near') : t('tracking.eta.minutes', { minutes: eta.minutes })}
                    </Text>
                  </>
                )}
                {view.isDelayed && (
                  <Text fw={600} fz="sm">
                    {detail.latestArrivalAt
                      ? t('tracking.eta.delayed', { time: detail.latestArrivalAt })
                      : t('status.delayed')}
                  </Text>
                )}
              </div>
            </Group>
          </Paper>
        )}

        {view.showsFullMap ? (
          <LazyTrackingMap
            tileUrl={detail.mapTileUrl}
            outlet={{ latitude: order.pickup.location.latitude, longitude: order.pickup.location.longitude }}
            destination={{ latitude: order.customer.location.latitude, longitude: order.customer.location.longitude }}
            rider={detail.rider}
            height={300}
            labels={{
              map: t('tracking.map.label'),
              outlet: order.pickup.name || t('tracking.map.outlet'),
              destination: order.customer.name || t('tracking.map.destination'),
              rider: order.rider?.name ?? t('tracking.map.rider'),
            }}
          />
        ) : (
          <Paper radius="md" p="md" bg="gray.0">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" color="gray" radius="xl" aria-hidden>
                <IconMapPin size={18} />
              </ThemeIcon>
              <Text fz="sm" c="dimmed">
                {t('tracking.detail.map-pending')}
              </Text>
            </Group>
          </Paper>
        )}

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <InfoCard icon={<IconBuildingStore size={16} />} title={t('tracking.detail.outlet')}>
            <Text fz="sm" fw={600}>
              {order.pickup.name}
            </Text>
            {/* A guest's pickup is their own place: the session's generated vendor id means nothing to them. */}
            {!isGuest && (
              <Text fz="xs" c="dimmed">
                <bdi>{order.vendor_id}</bdi>
              </Text>
            )}
            {order.pickup.phone_number && <PhoneLink phone={order.pickup.phone_number} />}
            {order.pickup.location.address && <Text fz="sm">{order.pickup.location.address}</Text>}
            {order.pickup.location.notes && (
              <Text fz="sm" c="dimmed">
                {t('tracking.detail.notes')}: {order.pickup.location.notes}
              </Text>
            )}
            {view.riderNotes && (
              <Text fz="sm" c="dimmed">
                {t('tracking.detail.rider-notes')}: {view.riderNotes}
              </Text>
            )}
          </InfoCard>
          <InfoCard icon={<IconUser size={16} />} title={t('tracking.detail.customer')}>
            <Text fz="sm" fw={600}>
              {order.customer.name}
            </Text>
            <PhoneLink phone={order.customer.phone_number} />
            <Text fz="sm">{order.customer.location.address}</Text>
            {order.customer.location.notes && (
              <Text fz="sm" c="dimmed">
                {t('tracking.detail.notes')}: {order.customer.location.notes}
              </Text>
            )}
            {order.age_validation_required && (
              <Group gap={6} wrap="nowrap" align="flex-start">
                <ThemeIcon color="orange" variant="light" size="sm" radius="xl" aria-hidden>
                  <IconId size={14} />
                </ThemeIcon>
                <Text fz="sm" fw={600} c="orange.9">
                  {t('tracking.detail.age-check')}
                </Text>
              </Group>
            )}
          </InfoCard>
          <InfoCard icon={<IconMotorbike size={16} />} title={t('tracking.detail.rider')}>
            {view.showsRider && order.rider ? (
              <>
                <Text fz="sm" fw={600}>
                  {order.rider.name}
                </Text>
                {order.rider.phone && <PhoneLink phone={order.rider.phone} />}
              </>
            ) : (
              <Text fz="sm" c="dimmed">
                {order.customer_confirmation?.state === 'expired'
                  ? t('tracking.confirmation.expired')
                  : view.noRiderReason === 'cancelled-with-reason'
                    ? t('tracking.detail.no-rider-cancelled', {
                        // "Other reason" is told in the merchant's own words.
                        reason: order.cancel_note ?? t(`cancel.reason.${order.cancel_reason}`),
                      })
                    : view.noRiderReason === 'cancelled'
                      ? t('tracking.detail.no-rider-cancelled-no-reason')
                      : view.noRiderReason === 'scheduled'
                        ? t('tracking.detail.no-rider-scheduled', { time: detail.scheduledAt })
                        : t('tracking.detail.no-rider')}
              </Text>
            )}
          </InfoCard>
          <InfoCard icon={<IconReceipt2 size={16} />} title={t('tracking.detail.payment')}>
            <MoneyRow label={t('tracking.payment.amount')} value={money(order.order.amount)} />
            <MoneyRow
              label={t(`tracking.payment.fee-paid-by.${order.fee_paid_by}`)}
              value={money(order.delivery_fee)}
            />
            {order.voucher_code && <MoneyRow label={t('tracking.payment.voucher')} value={order.voucher_code} />}
            {order.discount > 0 && <MoneyRow label={t('tracking.payment.discount')} value={money(-order.discount)} />}
            <Divider my={4} />
            <MoneyRow label={t('tracking.payment.total')} value={money(order.total_amount)} />
            {/* A cancelled order has nothing left to collect, at the door or at the pickup. */}
            {isCancelled ? (
              <MoneyRow label={t('tracking.payment.collect-cancelled')} value={money(0)} isStrong />
            ) : (
              <MoneyRow label={t('tracking.payment.collect')} value={money(order.collect_amount)} isStrong />
            )}
            {!isCancelled && order.collect_at_pickup_amount > 0 && (
              <MoneyRow
                label={t('tracking.payment.collect-at-pickup')}
                value={money(order.collect_at_pickup_amount)}
                isStrong
              />
            )}
            {order.payment && <CardPaymentRows payment={order.payment} money={money} />}
            <Text fz="xs" c="dimmed">
              {t(`tracking.payment-method.${order.order.payment_method}`)}
            </Text>
          </InfoCard>
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, sm: proofKinds.length > 0 || order.handover_pin ? 2 : 1 }} spacing="sm">
          <Paper withBorder radius="md" p="md">
            <Text component="h3" fz="sm" fw={700} mb="sm" mt={0}>
              {t('tracking.detail.timeline')}
            </Text>
            <OrderTimeline order={order} />
          </Paper>
          {(proofKinds.length > 0 || order.handover_pin) && (
            <Paper withBorder radius="md" p="md">
              <Text component="h3" fz="sm" fw={700} mb="sm" mt={0}>
                {t('tracking.detail.proofs')}
              </Text>
              <Stack gap="sm">
                {order.handover_pin && <HandoverPinStatus pin={order.handover_pin} />}
                {proofKinds.length > 0 && <OrderProofs order={order} kinds={proofKinds} />}
              </Stack>
            </Paper>
          )}
        </SimpleGrid>
        <Paper withBorder radius="md" p="md" component="section" aria-label={t('tracking.messages.title')}>
          <Text component="h3" fz="sm" fw={700} mb="sm" mt={0}>
            {t('tracking.messages.title')}
          </Text>
          <OrderMessages order={order} />
        </Paper>
        {order.order.description && (
          <Text fz="sm" c="dimmed">
            {t('tracking.detail.description')}: {order.order.description}
          </Text>
        )}
      </Stack>
      {isCancellable && (
        <CancelOrderDialog order={order} opened={detail.cancelDialog.isOpen} onClose={detail.cancelDialog.close} />
      )}
    </Paper>
  );
}
