import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** spec §4: a fee recomputed after SignatureExpired that differs waits for the user's confirmation. */
export function FeeChangedModal(props: {
  opened: boolean;
  fee: string;
  previousFee: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={t('error.fee.delivery-fee-changed')} centered>
      <Stack gap="md">
        <Text fz="sm">{t('request.fee-changed.body', { fee: props.fee, old: props.previousFee })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {t('request.fee-changed.cancel')}
          </Button>
          <Button leftSection={<IconCheck size={16} />} onClick={props.onConfirm}>
            {t('request.fee-changed.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
