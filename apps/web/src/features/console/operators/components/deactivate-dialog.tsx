import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useDeactivateOperator } from '../api/change-operator.ts';
import type { OperatorRowView } from '../operators-view.ts';

/** Deactivating is final here: the operator's sessions end and they can no longer sign in. */
export function DeactivateDialog({ operator, onClose }: { operator: OperatorRowView; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const deactivate = useDeactivateOperator();
  return (
    <Modal opened onClose={onClose} title={t('console.operators.deactivate-title', { name: operator.name })} centered>
      <Stack gap="md">
        <Text fz="sm">{t('console.operators.deactivate-body', { email: operator.email })}</Text>
        {deactivate.isError && (
          <Alert color="red" role="alert">
            {errorText(deactivate.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('console.cancel')}
          </Button>
          <Button
            color="red"
            loading={deactivate.isPending}
            onClick={() => deactivate.mutate(operator.id, { onSuccess: onClose })}
          >
            {t('console.operators.deactivate')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
