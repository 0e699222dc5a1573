import { Alert, Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { OPERATOR_CANCEL_REASONS, type OperatorCancelReason } from '@riderdesk/domain/console/board';
import type { BoardOrder } from '@riderdesk/domain/contracts/console-board';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../shared/notify.ts';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useCancelOrder } from '../api/change-order.ts';

/** Cancels the order with a reason (spec §8's texts); "Other reason" asks for a note. */
export function CancelDialog({ order, onClose }: { order: BoardOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const cancel = useCancelOrder();
  const [reason, setReason] = useState<OperatorCancelReason | null>(null);
  const [note, setNote] = useState('');
  const needsNote = reason === 'reason_unknown' && note.trim().length === 0;

  const submit = () => {
    if (!reason || needsNote) return;
    cancel.mutate(
      { orderId: order.order_id, body: { reason, ...(note.trim() ? { note: note.trim() } : {}) } },
      {
        onSuccess: () => {
          notify({ message: t('console.board.cancel.done', { orderId: order.order_id }), tone: 'success' });
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('console.board.cancel.title', { orderId: order.order_id })} centered>
      <Stack gap="md">
        <Select
          label={t('console.board.cancel.reason')}
          data={OPERATOR_CANCEL_REASONS.map((value) => ({ value, label: t(`cancel.reason.${value}`) }))}
          value={reason}
          onChange={(value) => setReason(value as OperatorCancelReason | null)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label={t('console.board.cancel.note')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
          error={needsNote ? t('console.error.board.note-required') : undefined}
        />
        {cancel.isError && (
          <Alert color="red" role="alert">
            {errorText(cancel.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('console.cancel')}
          </Button>
          <Button color="red" disabled={!reason || needsNote} loading={cancel.isPending} onClick={submit}>
            {t('console.board.cancel.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
