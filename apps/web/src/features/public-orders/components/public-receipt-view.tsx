import { Alert, Button, Divider, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { PublicReceipt } from '@riderdesk/domain/contracts/public-tracking';
import { IconCircleCheck, IconCircleX, IconInfoCircle, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatDateTime, formatMoney } from '../../../shared/format/format.ts';
import classes from './public-orders.module.css';

function Row({ label, children, isStrong = false }: { label: string; children: ReactNode; isStrong?: boolean }) {
  return (
    <div className={classes.receiptRow}>
      <Text fz="sm" c={isStrong ? undefined : 'dimmed'} fw={isStrong ? 700 : 400}>
        {label}
      </Text>
      <Text fz="sm" fw={isStrong ? 800 : 500} ta="end">
        {children}
      </Text>
    </div>
  );
}

/** spec §2 /delivery-receipt: a clean, printable receipt of a delivered order. */
export function PublicReceiptView({ receipt }: { receipt: PublicReceipt }) {
  const { t, i18n } = useTranslation();
  const { country, brand } = useConfig();
  const money = (amount: number) => formatMoney(amount, receipt.currency || country.currency, i18n.language);
  const when = (iso: string) => formatDateTime(Date.parse(iso), country.timeZone, i18n.language);
  const isDelivered = receipt.delivered_at !== null;
  const { is_cancelled: isCancelled, cancelled_at: cancelledAt } = receipt;
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="sm" className={classes.receipt}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fz="xs" c="dimmed" fw={700} tt="uppercase" lts={0.6}>
              {brand.serviceName}
            </Text>
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {t('public.receipt.eyebrow')}
            </Title>
          </div>
          {isDelivered && (
            <ThemeIcon size={44} radius="xl" color="teal" variant="light" aria-hidden>
              <IconCircleCheck size={26} />
            </ThemeIcon>
          )}
        </Group>
        {isCancelled && (
          <Alert color="red" variant="light" radius="md" icon={<IconCircleX size={18} />}>
            {cancelledAt
              ? t('public.receipt.cancelled', { time: when(cancelledAt) })
              : t('public.receipt.cancelled-undated')}
          </Alert>
        )}
        {!isDelivered && !isCancelled && (
          <Alert color="blue" variant="light" radius="md" icon={<IconInfoCircle size={18} />}>
            {t('public.receipt.not-delivered')}
          </Alert>
        )}
        <div>
          <Row label={t('public.receipt.order-id')}>
            <bdi>{receipt.order_id}</bdi>
          </Row>
          <Row label={t('public.receipt.outlet')}>{receipt.outlet_name}</Row>
          <Row label={t('public.receipt.area')}>{receipt.destination_area}</Row>
          {receipt.description && <Row label={t('public.receipt.description')}>{receipt.description}</Row>}
          <Row label={t('public.receipt.ordered-at')}>{when(receipt.created_at)}</Row>
          {receipt.delivered_at && <Row label={t('public.receipt.delivered-at')}>{when(receipt.delivered_at)}</Row>}
          {cancelledAt && <Row label={t('public.receipt.cancelled-at')}>{when(cancelledAt)}</Row>}
          {receipt.rider_first_name && <Row label={t('public.receipt.rider')}>{receipt.rider_first_name}</Row>}
        </div>
        <div>
          <Row label={t('public.receipt.amount')}>
            <bdi>{money(receipt.amount)}</bdi>
          </Row>
          <Row label={t(`public.receipt.fee-paid-by.${receipt.fee_paid_by}`)}>
            <bdi>{money(receipt.delivery_fee)}</bdi>
          </Row>
          {receipt.discount > 0 && (
            <Row label={t('public.receipt.discount')}>
              <bdi>{money(-receipt.discount)}</bdi>
            </Row>
          )}
          <Divider my={4} />
          <Row label={t('public.receipt.total')} isStrong>
            <bdi>{money(receipt.total_amount)}</bdi>
          </Row>
          {receipt.collect_amount > 0 && (
            <Row label={t('public.receipt.collected')}>
              <bdi>{money(receipt.collect_amount)}</bdi>
            </Row>
          )}
          <Row label={t('public.receipt.payment')}>
            {i18n.exists(`tracking.payment-method.${receipt.payment_method}`)
              ? t(`tracking.payment-method.${receipt.payment_method}`)
              : receipt.payment_method}
          </Row>
        </div>
        <Group justify="space-between" className={classes.noPrint}>
          <Text fz="xs" c="dimmed">
            {t('public.receipt.thanks', { service: brand.serviceName })}
          </Text>
          <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            {t('public.receipt.print')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
