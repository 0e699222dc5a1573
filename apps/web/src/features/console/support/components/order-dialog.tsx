import { Badge, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { formatMoney } from '@riderdesk/domain/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm">{children}</Text>
    </div>
  );
}

/** The order a ticket is about, read-only: what support needs to answer, nothing to change. */
export function OrderDialog({
  opened,
  onClose,
  orderId,
  order,
  timeZone,
  currency,
}: {
  opened: boolean;
  onClose: () => void;
  orderId: string;
  order: Order | null;
  timeZone: string;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('console.support.order-title', { orderId })} size="lg">
      {order === null ? (
        <Text c="dimmed">{t('console.support.order-missing')}</Text>
      ) : (
        <Stack gap="md" data-testid="ticket-order">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Field label={t('console.support.order-status')}>
              <Badge variant="light">{order.status}</Badge>
            </Field>
            <Field label={t('console.support.opened')}>
              {formatDateTime(new Date(order.created_at), timeZone, i18n.language)}
            </Field>
            <Field label={t('console.support.outlet')}>{order.outlet_name}</Field>
            <Field label={t('console.support.customer')}>
              {order.customer.name} ·{' '}
              <Text span dir="ltr">
                {order.customer.phone_number}
              </Text>
            </Field>
            <Field label={t('console.support.address')}>{order.customer.location.address}</Field>
            <Field label={t('console.support.rider')}>
              {order.rider ? order.rider.name : t('console.support.no-rider')}
            </Field>
            <Field label={t('console.support.amount')}>
              {formatMoney(order.order.amount, currency, i18n.language)}
            </Field>
            <Field label={t('console.support.delivery-fee')}>
              {formatMoney(order.delivery_fee, currency, i18n.language)}
            </Field>
            <Field label={t('console.support.payment')}>{order.order.payment_method}</Field>
            <Field label={t('console.support.description-label')}>{order.order.description}</Field>
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}
