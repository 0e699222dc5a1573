import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import type { BoardOrder } from '@riderdesk/domain/contracts/console-board';
import { haversineKm } from '@riderdesk/domain/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../shared/notify.ts';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useReassignOrder } from '../api/change-order.ts';
import { useFreeRiders } from '../api/get-free-riders.ts';

/** Hands the order to a free rider, nearest its pickup first; the rider accepts it in the rider app. */
export function ReassignDialog({ order, onClose }: { order: BoardOrder; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const errorText = useConsoleErrorText();
  const riders = useFreeRiders(order.order_id);
  const reassign = useReassignOrder();
  const [riderId, setRiderId] = useState<string | null>(null);
  const km = new Intl.NumberFormat(i18n.language === 'ur_alt' ? 'ur-PK' : 'en-PK', { maximumFractionDigits: 1 });
  const chosen = riders.data?.riders.find((rider) => rider.id === riderId) ?? null;

  const submit = () => {
    if (!chosen) return;
    reassign.mutate(
      { orderId: order.order_id, riderId: chosen.id },
      {
        onSuccess: () => {
          notify({
            message: t('console.board.reassign.done', { orderId: order.order_id, name: chosen.name }),
            tone: 'success',
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('console.board.reassign.title', { orderId: order.order_id })}
      centered
      size="lg"
    >
      <Stack gap="md">
        <Text fz="sm">{t('console.board.reassign.hint')}</Text>
        {riders.isPending && <Loader size="sm" aria-label={t('console.loading')} />}
        {riders.isError && (
          <Alert color="red" role="alert">
            {errorText(riders.error)}
          </Alert>
        )}
        {riders.isSuccess && riders.data.riders.length === 0 && <Text fz="sm">{t('console.board.reassign.none')}</Text>}
        {riders.isSuccess && riders.data.riders.length > 0 && (
          <Radio.Group label={t('console.board.reassign.rider')} value={riderId} onChange={setRiderId}>
            <Stack gap="xs" mt="xs">
              {riders.data.riders.map((rider) => (
                <Radio
                  key={rider.id}
                  value={rider.id}
                  label={rider.is_simulated ? `${rider.name} (${t('console.riders.simulated')})` : rider.name}
                  description={t('console.board.reassign.distance', {
                    km: km.format(haversineKm(rider.position, order.pickup)),
                  })}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {reassign.isError && (
          <Alert color="red" role="alert">
            {errorText(reassign.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('console.cancel')}
          </Button>
          <Button disabled={!chosen} loading={reassign.isPending} onClick={submit}>
            {t('console.board.reassign.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
