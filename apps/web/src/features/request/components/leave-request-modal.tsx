import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asked before a navigation would drop the request being typed (another branch restarts the flow, spec §4). */
export function LeaveRequestModal(props: { opened: boolean; onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onStay} title={t('request.leave.title')} centered>
      <Stack gap="md">
        <Text fz="sm">{t('request.leave.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onStay} data-autofocus>
            {t('request.leave.stay')}
          </Button>
          <Button color="red" onClick={props.onLeave}>
            {t('request.leave.discard')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
