import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Menu,
  Paper,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { OperatorSelf } from '@riderdesk/domain/contracts/console-sign-in';
import { IconDots, IconShieldCheck, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format.ts';
import { notify } from '../../../../shared/notify.ts';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useReinviteOperator, useResetOperator } from '../api/change-operator.ts';
import { useOperators } from '../api/get-operators.ts';
import { type OperatorRowView, operatorRows } from '../operators-view.ts';
import { DeactivateDialog } from './deactivate-dialog.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { RoleDialog } from './role-dialog.tsx';

type Dialog = { kind: 'invite' } | { kind: 'role' | 'deactivate'; operator: OperatorRowView } | null;

/** The console's Operators page (admins): every operator, and invitations, roles and deactivations. */
export function OperatorsPage({ self, timeZone }: { self: OperatorSelf; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const errorText = useConsoleErrorText();
  const operators = useOperators();
  const reinvite = useReinviteOperator();
  const reset = useResetOperator();
  const [dialog, setDialog] = useState<Dialog>(null);
  const rows = operatorRows(operators.data ?? [], self.id);

  const sendAgain = (row: OperatorRowView) =>
    reinvite.mutate(row.id, {
      onSuccess: () =>
        notify({ message: t('console.operators.invitation-sent', { email: row.email }), tone: 'success' }),
      onError: (error) => notify({ message: errorText(error), tone: 'error' }),
    });

  const resetCredentials = (row: OperatorRowView, what: 'password' | 'two-factor') =>
    reset.mutate(
      { operatorId: row.id, what },
      {
        onSuccess: () => notify({ message: t('console.operators.reset-done', { email: row.email }), tone: 'success' }),
        onError: (error) => notify({ message: errorText(error), tone: 'error' }),
      },
    );

  return (
    <>
      <PageHeader
        title={t('console.operators.title')}
        description={t('console.operators.description')}
        actions={
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setDialog({ kind: 'invite' })}>
            {t('console.operators.invite')}
          </Button>
        }
      />
      {operators.isPending && <Loader aria-label={t('console.loading')} />}
      {operators.isError && (
        <Alert color="red" role="alert">
          {errorText(operators.error)}
        </Alert>
      )}
      {operators.isSuccess && (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('console.operators.name')}</Table.Th>
                  <Table.Th>{t('console.operators.role')}</Table.Th>
                  <Table.Th>{t('console.operators.status')}</Table.Th>
                  <Table.Th>{t('console.operators.last-sign-in')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('console.operators.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="operator-row">
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text fw={600} fz="sm">
                          {row.name}
                        </Text>
                        {row.isYou && (
                          <Badge size="sm" variant="light">
                            {t('console.operators.you')}
                          </Badge>
                        )}
                      </Group>
                      <Text fz="xs" c="dimmed" dir="ltr" ta="start">
                        {row.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t(row.roleKey)}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Badge color={row.statusColor} variant="light">
                          {t(row.statusKey)}
                        </Badge>
                        {row.hasSecondFactor && (
                          <IconShieldCheck size={18} aria-label={t('console.operators.second-factor')} role="img" />
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">
                        {row.lastSignInAt
                          ? formatDateTime(row.lastSignInAt, timeZone, i18n.language)
                          : t('console.operators.never')}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="end">
                      {(row.canChangeRole || row.canDeactivate || row.canReinvite || row.canResetCredentials) && (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={t('console.operators.actions-of', { name: row.name })}
                            >
                              <IconDots size={18} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {row.canChangeRole && (
                              <Menu.Item onClick={() => setDialog({ kind: 'role', operator: row })}>
                                {t('console.operators.change-role')}
                              </Menu.Item>
                            )}
                            {row.canReinvite && (
                              <Menu.Item onClick={() => sendAgain(row)}>{t('console.operators.reinvite')}</Menu.Item>
                            )}
                            {row.canResetCredentials && (
                              <>
                                <Menu.Item onClick={() => resetCredentials(row, 'password')}>
                                  {t('console.operators.reset-password')}
                                </Menu.Item>
                                <Menu.Item onClick={() => resetCredentials(row, 'two-factor')}>
                                  {t('console.operators.reset-two-factor')}
                                </Menu.Item>
                              </>
                            )}
                            {row.canDeactivate && (
                              <Menu.Item color="red" onClick={() => setDialog({ kind: 'deactivate', operator: row })}>
                                {t('console.operators.deactivate')}
                              </Menu.Item>
                            )}
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {dialog?.kind === 'invite' && (
        <InviteDialog
          onClose={() => setDialog(null)}
          onInvited={(email) => {
            setDialog(null);
            notify({ message: t('console.operators.invitation-sent', { email }), tone: 'success' });
          }}
        />
      )}
      {dialog?.kind === 'role' && <RoleDialog operator={dialog.operator} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'deactivate' && <DeactivateDialog operator={dialog.operator} onClose={() => setDialog(null)} />}
    </>
  );
}
