import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { BulkJob } from '@riderdesk/domain/contracts/bulk';
import { formatMoney } from '@riderdesk/domain/money';
import { useTranslation } from 'react-i18next';

/** spec §2 place-orders confirmation: how many orders, the total fee and the payment types. */
export function PlaceOrdersDialog({
  job,
  isOpen,
  isPlacing,
  onConfirm,
  onClose,
}: {
  job: BulkJob;
  isOpen: boolean;
  isPlacing: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const count = job.totals.orders_to_be_placed;
  return (
    <Modal opened={isOpen} onClose={onClose} title={t('bulk.confirm.title')} centered>
      <Stack gap="sm">
        <Text>{t('bulk.confirm.body', { count, fee: formatMoney(job.total_fee, job.currency, i18n.language) })}</Text>
        <Text fw={600} fz="sm">
          {t('bulk.confirm.payment-types')}
        </Text>
        <List size="sm">
          {Object.entries(job.payment_types).map(([method, n]) => (
            <List.Item key={method}>
              {i18n.exists(`bulk.payment.${method}`) ? t(`bulk.payment.${method}`) : method}: {n}
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('bulk.confirm.cancel')}
          </Button>
          <Button onClick={onConfirm} loading={isPlacing}>
            {t('bulk.confirm.place')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
