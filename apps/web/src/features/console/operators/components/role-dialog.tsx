import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { OperatorRole } from '@riderdesk/domain/console/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useChangeOperatorRole } from '../api/change-operator.ts';
import { type OperatorRowView, ROLE_CHOICES, roleHintKey } from '../operators-view.ts';

/** A new role for an operator: what it allows, and that their sessions end. */
export function RoleDialog({ operator, onClose }: { operator: OperatorRowView; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const change = useChangeOperatorRole();
  const [role, setRole] = useState<OperatorRole>(operator.role);
  return (
    <Modal opened onClose={onClose} title={t('console.operators.change-role-of', { name: operator.name })} centered>
      <Stack gap="md">
        <Select
          label={t('console.operators.role')}
          description={t(roleHintKey(role))}
          data={ROLE_CHOICES.map((choice) => ({ value: choice, label: t(`console.role.${choice}`) }))}
          value={role}
          onChange={(value) => value && setRole(value as OperatorRole)}
          allowDeselect={false}
          data-autofocus
          comboboxProps={{ withinPortal: false }}
        />
        <Text fz="sm" c="dimmed">
          {t('console.operators.role-ends-sessions')}
        </Text>
        {change.isError && (
          <Alert color="red" role="alert">
            {errorText(change.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('console.cancel')}
          </Button>
          <Button
            disabled={role === operator.role}
            loading={change.isPending}
            onClick={() => change.mutate({ operatorId: operator.id, role }, { onSuccess: onClose })}
          >
            {t('console.operators.change-role')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
