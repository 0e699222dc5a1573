import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { languageTag } from '@riderdesk/domain/config';
import type { Order } from '@riderdesk/domain/contracts/orders';
import {
  CANCEL_NOTE_MAX_LENGTH,
  isRiderAssigned,
  MERCHANT_CANCEL_REASONS,
  type MerchantCancelReason,
  OTHER_CANCEL_REASON,
} from '@riderdesk/domain/order-status';
import { IconCreditCardRefund, IconMotorbike } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatMoney } from '../../../shared/format/format.ts';
import { notify } from '../../../shared/notify.ts';
import { isCantCancelError, useCancelOrder } from '../api/cancel-order.ts';

/**
 * spec §2/§8: cancel the rider with one of the merchant's cancel reasons, in the page's alphabetical order with
 * "Other reason" last; "Other reason" asks for the merchant's own words.
 */
export function CancelOrderDialog({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  const [reason, setReason] = useState<MerchantCancelReason | null>(null);
  const [note, setNote] = useState('');
  const [isNoteTouched, setNoteTouched] = useState(false);
  const cancel = useCancelOrder();
  const reasons = useMemo(() => {
    const collator = new Intl.Collator(languageTag(i18n.language));
    const named = MERCHANT_CANCEL_REASONS.filter((value) => value !== OTHER_CANCEL_REASON)
      .map((value) => ({ value, label: t(`cancel.reason.${value}`) }))
      .sort((a, b) => collator.compare(a.label, b.label));
    return [...named, { value: OTHER_CANCEL_REASON, label: t(`cancel.reason.${OTHER_CANCEL_REASON}`) }];
  }, [t, i18n.language]);
  const isOther = reason === OTHER_CANCEL_REASON;
  const trimmedNote = note.trim();
  const isNoteMissing = isOther && trimmedNote === '';
  // A card payment taken for the order goes back to the card when it is cancelled.
  const refund =
    order.payment?.status === 'captured' && order.payment.paid_amount > 0
      ? formatMoney(order.payment.paid_amount, country.currency, i18n.language)
      : null;

  const close = () => {
    setReason(null);
    setNote('');
    setNoteTouched(false);
    cancel.reset();
    onClose();
  };

  // The answer is awaited rather than handed to mutate's callbacks: the cancel refreshes the order, which
  // then offers no cancel and unmounts this dialog, and callbacks of an unmounted mutation never run.
  const submit = async () => {
    if (!reason) return;
    if (isNoteMissing) {
      setNoteTouched(true);
      return;
    }
    try {
      const message = await cancel.mutateAsync({
        vendor_id: order.vendor_id,
        order_id: order.order_id,
        reason,
        ...(isOther ? { note: trimmedNote } : {}),
      });
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
        {refund && (
          <Alert variant="light" color="blue" icon={<IconCreditCardRefund size={18} />}>
            {t('tracking.cancel.refund', { amount: refund })}
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
          data={reasons}
          value={reason}
          onChange={(value) => setReason(value as MerchantCancelReason | null)}
          searchable
          required
          comboboxProps={{ withinPortal: true }}
          maxDropdownHeight={260}
        />
        {isOther && (
          <Textarea
            label={t('tracking.cancel.note')}
            placeholder={t('tracking.cancel.note-placeholder')}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            onBlur={() => setNoteTouched(true)}
            error={isNoteTouched && isNoteMissing ? t('cancel.note.required') : undefined}
            maxLength={CANCEL_NOTE_MAX_LENGTH}
            autosize
            minRows={2}
            required
            data-autofocus
          />
        )}
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
