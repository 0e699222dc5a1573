import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { CANCEL_REASONS, type CancelReason, isRiderAssigned } from '@riderdesk/domain/order-status';
import { IconMotorbike } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/notify.ts';
import { isCantCancelError, useCancelOrder } from '../api/cancel-order.ts';

/** spec §2/§8: cancel the rider with one of the cancel reasons. */
export function CancelOrderDialog({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<CancelReason | null>(null);
  const cancel = useCancelOrder();

  const close = () => {
    setReason(null);
    cancel.reset();
    onClose();
  };

  // The answer is awaited rather than handed to mutate's callbacks: the cancel refreshes the order, which
  // then offers no cancel and unmounts this dialog, and callbacks of an unmounted mutation never run.
  const submit = async () => {
    if (!reason) return;
    try {
      const message = await cancel.mutateAsync({ vendor_id: order.vendor_id, order_id: order.order_id, reason });
      notify({ message: t(message), tone: 'success', kind: 'order' });
    } catch (error) {
      // spec §8: the refusal lasts 7 s, like every cancel error.
      notify({
        message: t(isCantCancelError(error) ? 'error.cant-cancel-order' : 'error.cancel-failed'),
        tone: 'error',
        kind: 'cancel',
      });
    }
    close();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('cancel.title')} centered radius="lg">
      <Stack gap="md">
        {/* An edited order stays cancellable after a rider accepted it (spec §4 MODIFIED): say so first. */}
        {isRiderAssigned(order.status_history) && (
          <Alert variant="light" color="orange" icon={<IconMotorbike size={18} />}>
            {t('tracking.cancel.rider-on-the-way')}
          </Alert>
        )}
        <Text fz="sm" c="dimmed">
          {t('tracking.cancel.body', { id: order.order_id })}
        </Text>
        <Text fz="xs" c="dimmed">
          {t('terms.cancellation.body')}
        </Text>
        <Select
          label={t('tracking.cancel.reason')}
          placeholder={t('tracking.cancel.reason-placeholder')}
          data={CANCEL_REASONS.map((value) => ({ value, label: t(`cancel.reason.${value}`) }))}
          value={reason}
          onChange={(value) => setReason(value as CancelReason | null)}
          searchable
          required
          comboboxProps={{ withinPortal: true }}
          maxDropdownHeight={260}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={close}>
            {t('tracking.cancel.keep')}
          </Button>
          <Button color="red" onClick={() => void submit()} disabled={!reason} loading={cancel.isPending}>
            {t('tracking.cancel.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
