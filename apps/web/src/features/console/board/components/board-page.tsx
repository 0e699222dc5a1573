import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { BOARD_GROUPS, type BoardGroup } from '@riderdesk/domain/console/board';
import { mayOperate } from '@riderdesk/domain/console/roles';
import type { BoardOrder } from '@riderdesk/domain/contracts/console-board';
import type { OperatorSelf } from '@riderdesk/domain/contracts/console-sign-in';
import { statusLabelKey } from '@riderdesk/domain/order-status';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithRetry } from '../../../../shared/lazy/retry-import.ts';
import type { MapPosition } from '../../../../shared/map/map-shell.tsx';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useBoard } from '../api/get-board.ts';
import { ageOf, areasOf, type BoardFilters, filterBoard, LISTED_ROWS } from '../board-view.ts';
import { useBoardLive } from '../use-board-live.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { ContactDialog } from './contact-dialog.tsx';
import { ReassignDialog } from './reassign-dialog.tsx';

const BoardMap = lazyWithRetry(
  () => import('./board-map.tsx'),
  (m) => m.default,
);

type Dialog = { kind: 'reassign' | 'cancel' | 'contact'; order: BoardOrder } | null;

const MAP_HEIGHT = 340;

/**
 * The live operations board (decision 181): every active order of every vendor on a map and in a list, the
 * exceptions first with their age, and the actions that fix them. The actions shown follow the role; the server
 * refuses any other.
 */
export function BoardPage({
  self,
  tileUrl,
  centre,
}: {
  self: OperatorSelf;
  tileUrl: string | null;
  centre: MapPosition;
}) {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const board = useBoard();
  const live = useBoardLive();
  const [filters, setFilters] = useState<BoardFilters>({ group: 'exceptions', area: null });
  const [dialog, setDialog] = useState<Dialog>(null);
  const canReassign = mayOperate(self.role, ['operations']);
  const canCancel = mayOperate(self.role, ['operations', 'support']);

  const orders = board.data?.orders;
  const shown = useMemo(() => filterBoard(orders ?? [], filters), [orders, filters]);
  const areas = useMemo(() => areasOf(orders ?? []), [orders]);
  const now = board.data ? Date.parse(board.data.now) + (Date.now() - board.dataUpdatedAt) : Date.now();

  return (
    <>
      <PageHeader
        title={t('console.board.title')}
        actions={
          <Badge color={live ? 'green' : 'gray'} variant="light" role="status">
            {live ? t('console.board.live.on') : t('console.board.live.off')}
          </Badge>
        }
      />
      <Group gap="md" mb="md" align="end" wrap="wrap">
        <div>
          <Text fz="sm" fw={500} mb={4} id="board-group-label">
            {t('console.board.group.label')}
          </Text>
          <SegmentedControl
            aria-labelledby="board-group-label"
            value={filters.group}
            onChange={(group) => setFilters((current) => ({ ...current, group: group as BoardGroup }))}
            data={BOARD_GROUPS.map((group) => ({ value: group, label: t(`console.board.group.${group}`) }))}
          />
        </div>
        <Select
          label={t('console.board.area.label')}
          value={filters.area ?? ''}
          onChange={(area) => setFilters((current) => ({ ...current, area: area ? area : null }))}
          data={[
            { value: '', label: t('console.board.area.all') },
            ...areas.map((area) => ({ value: area, label: area })),
          ]}
          allowDeselect={false}
          w={220}
        />
      </Group>
      {board.isPending && <Loader aria-label={t('console.loading')} />}
      {board.isError && (
        <Alert color="red" role="alert">
          {errorText(board.error)}
        </Alert>
      )}
      {board.isSuccess && (
        <Stack gap="md">
          <Box>
            <Suspense fallback={<Loader size="sm" type="dots" />}>
              <BoardMap
                orders={shown}
                tileUrl={tileUrl}
                label={t('console.board.map-label')}
                centre={centre}
                height={MAP_HEIGHT}
              />
            </Suspense>
          </Box>
          <Paper withBorder>
            <Text fz="sm" c="dimmed" px="sm" pt="xs" role="status" data-testid="board-count">
              {t('console.board.count', { shown: shown.length, total: board.data.orders.length })}
            </Text>
            <Table.ScrollContainer minWidth={680}>
              <Table verticalSpacing="xs" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('console.board.column.order')}</Table.Th>
                    <Table.Th>{t('console.board.column.needs')}</Table.Th>
                    <Table.Th>{t('console.board.column.status')}</Table.Th>
                    <Table.Th>{t('console.board.column.rider')}</Table.Th>
                    <Table.Th>{t('console.board.column.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.slice(0, LISTED_ROWS).map((order) => {
                    const age = order.exception_since ? ageOf(order.exception_since, now) : null;
                    return (
                      <Table.Tr key={order.order_id} data-testid="board-row" data-order-id={order.order_id}>
                        <Table.Td>
                          <Text fz="sm" fw={600} dir="ltr" ta="start">
                            {order.order_id}
                          </Text>
                          <Text fz="xs" c="dimmed">
                            {order.merchant.name}
                            {order.area ? ` · ${order.area}` : ''}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {order.exception && (
                            // Words, not a badge: a badge cuts "No courier found" short on a tablet.
                            <Stack gap={0}>
                              <Text fz="xs" fw={700} c="red.8">
                                {t(`console.board.exception.${order.exception}`)}
                              </Text>
                              {age && (
                                <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                                  {t(age.key, { hours: age.hours, minutes: age.minutes })}
                                </Text>
                              )}
                            </Stack>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm">{t(statusLabelKey(order.status))}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm">{order.rider ? order.rider.name : t('console.board.no-rider')}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            {canReassign && order.can_reassign && (
                              <Button
                                size="compact-xs"
                                variant="light"
                                onClick={() => setDialog({ kind: 'reassign', order })}
                              >
                                {t('console.board.action.reassign')}
                              </Button>
                            )}
                            {canCancel && order.can_cancel && (
                              <Button
                                size="compact-xs"
                                variant="light"
                                color="red"
                                onClick={() => setDialog({ kind: 'cancel', order })}
                              >
                                {t('console.board.action.cancel')}
                              </Button>
                            )}
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              onClick={() => setDialog({ kind: 'contact', order })}
                            >
                              {t('console.board.action.contact')}
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {shown.length === 0 && (
              <Text fz="sm" p="md">
                {t('console.board.empty')}
              </Text>
            )}
            {shown.length > LISTED_ROWS && (
              <Text fz="sm" p="md" c="dimmed">
                {t('console.board.more', { count: shown.length - LISTED_ROWS })}
              </Text>
            )}
          </Paper>
        </Stack>
      )}
      {dialog?.kind === 'reassign' && <ReassignDialog order={dialog.order} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'cancel' && <CancelDialog order={dialog.order} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'contact' && <ContactDialog order={dialog.order} onClose={() => setDialog(null)} />}
    </>
  );
}
