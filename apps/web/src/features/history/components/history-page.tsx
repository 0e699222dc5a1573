import { Alert, Badge, Button, Drawer, Group, Menu, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { Order } from '@riderdesk/domain/contracts/orders';
import type { HistoryDrill } from '@riderdesk/domain/insights/drill';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconHistory,
  IconMail,
  IconReceipt,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../../shared/api/describe-error.ts';
import { EmptyPanel } from '../../../shared/ui/empty-panel.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import type { HistoryFilters } from '../hooks/use-history-filters.ts';
import { useHistoryPage } from '../hooks/use-history-page.ts';
import { ExportJobsPanel } from './export-jobs-panel.tsx';
import { HistoryFiltersBar } from './history-filters-bar.tsx';
import { HistoryTable } from './history-table.tsx';
import { StatementDialog } from './statement-dialog.tsx';

export type HistoryPageProps = {
  vendorId: string | null;
  includeOutlets: boolean;
  /** The order_id query of the URL: the URL is the only place the selection lives. */
  selectedOrderId: string | null;
  onSelectOrder: (orderId: string | null) => void;
  requestPath: string;
  /** The same order detail as tracking, composed by the route (features do not import each other). */
  renderOrderDetail: (order: Order) => ReactNode;
  /** A guest searches by a valid phone only and has no export (spec §5, decision 080). */
  isGuest?: boolean;
  /** A period and status a link opened History on (insights' bars): applied as if chosen. */
  linkedFilters?: HistoryFilters | null;
  /** The narrowing of a link from insights (weekday and hour, a duration bucket, a cancellation reason). */
  drill?: HistoryDrill;
  onClearDrill?: () => void;
};

function TableSkeleton() {
  return (
    <Stack gap="xs" p="md" aria-hidden>
      {[0, 1, 2, 3, 4, 5].map((index) => (
        <Skeleton key={index} h={44} radius="sm" />
      ))}
    </Stack>
  );
}

/** spec §2 all orders: past orders with date-range and status filters, search and export. */
export function HistoryPage(props: HistoryPageProps) {
  const { vendorId, includeOutlets, selectedOrderId, onSelectOrder } = props;
  const { t, i18n } = useTranslation();
  const page = useHistoryPage({
    vendorId,
    includeOutlets,
    selectedOrderId,
    isGuest: props.isGuest ?? false,
    linkedFilters: props.linkedFilters ?? null,
    ...(props.drill ? { drill: props.drill } : {}),
  });
  const { history, orders, isWide, exports } = page;
  const { download, sendByEmail } = exports;

  const header = (
    <PageHeader
      title={t('history.title')}
      description={t('history.description')}
      actions={
        vendorId &&
        !props.isGuest && (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconReceipt size={16} />} onClick={page.statement.open}>
              {t('statement.button')}
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  rightSection={<IconChevronDown size={14} />}
                  loading={exports.isPending}
                  disabled={!page.query}
                >
                  {t('history.export.button')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => download('csv')}>
                  {t('history.export.csv')}
                </Menu.Item>
                <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => download('xlsx')}>
                  {t('history.export.xlsx')}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Label>{t('history.export.email')}</Menu.Label>
                <Menu.Item leftSection={<IconMail size={16} />} onClick={() => sendByEmail('csv')}>
                  {t('history.export.email-csv')}
                </Menu.Item>
                <Menu.Item leftSection={<IconMail size={16} />} onClick={() => sendByEmail('xlsx')}>
                  {t('history.export.email-xlsx')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        )
      }
    />
  );

  if (!vendorId) {
    return (
      <>
        {header}
        <EmptyPanel
          icon={<IconHistory size={30} />}
          title={t('history.no-branch.title')}
          description={t('history.no-branch.body')}
        />
      </>
    );
  }

  // The last answer's rows, shown dimmed while the new filters load (keepsRowsOf).
  const isStale = history.isPlaceholderData;
  const body =
    page.body === 'loading' ? (
      <TableSkeleton />
    ) : page.body === 'error' ? (
      <Alert color="red" variant="light" radius="md" icon={<IconAlertTriangle size={18} />} role="alert" m="md">
        <Text fz="sm" fw={600}>
          {t('error.cant-retrieve-past-orders')}
        </Text>
        <Text fz="sm">{describeError(history.error, t, 'error.offline', (key) => i18n.exists(key))}</Text>
        <Button size="xs" variant="white" color="red" mt="xs" onClick={() => void history.refetch()}>
          {t('history.retry')}
        </Button>
      </Alert>
    ) : page.body !== 'orders' ? (
      page.body === 'search-empty' ? (
        <EmptyPanel
          icon={<IconSearch size={30} />}
          title={t('history.search-empty.title')}
          description={t('history.search-empty.body', { term: page.searchedTerm })}
          minHeight={280}
        />
      ) : (
        <EmptyPanel
          icon={<IconHistory size={30} />}
          title={t('history.empty.title')}
          description={t('history.empty.body')}
          minHeight={280}
          actions={
            <Button component={Link} to={props.requestPath} variant="light">
              {t('history.empty.action')}
            </Button>
          }
        />
      )
    ) : (
      <Paper
        withBorder={isWide}
        radius="lg"
        style={{ overflow: 'hidden', opacity: isStale ? 0.6 : 1, transition: 'opacity 150ms ease' }}
        bg={isWide ? undefined : 'transparent'}
        aria-busy={isStale}
      >
        <HistoryTable
          orders={orders}
          selectedOrderId={selectedOrderId}
          showsOutlet={includeOutlets}
          isWide={isWide}
          onSelect={(order) => onSelectOrder(order.order_id)}
        />
        <Group justify="space-between" p="md" gap="sm">
          <Text fz="sm" c="dimmed" role="status">
            {history.hasNextPage
              ? t('history.shown', { count: orders.length })
              : t('history.all-shown', { count: orders.length })}
          </Text>
          {history.hasNextPage && !isStale && (
            <Button variant="light" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
              {t('history.load-more')}
            </Button>
          )}
        </Group>
        {history.isFetchNextPageError && (
          <Alert color="red" variant="light" m="md" role="alert">
            {t('error.cant-retrieve-past-orders')}
          </Alert>
        )}
      </Paper>
    );

  return (
    <>
      {header}
      <Paper withBorder radius="lg" mb="md" p="md">
        <HistoryFiltersBar
          filters={page.filters}
          onChange={page.setFilters}
          rangeError={page.rangeError}
          search={page.search}
          onSearchChange={page.setSearch}
          {...(props.isGuest
            ? {
                searchPlaceholder: t('guest.search.placeholder'),
                searchError: page.searchRefusal && t(page.searchRefusal),
              }
            : {})}
          today={page.today}
        />
        {page.drillPhrases.length > 0 && (
          <Group gap="xs" mt="sm" wrap="wrap" role="status">
            <Text fz="sm" c="dimmed">
              {t('history.drill.label')}
            </Text>
            {page.drillPhrases.map((phrase) => (
              <Badge key={phrase} variant="light" size="lg" radius="sm" tt="none" fw={500}>
                {phrase}
              </Badge>
            ))}
            {props.onClearDrill && (
              <Button size="compact-sm" variant="subtle" leftSection={<IconX size={14} />} onClick={props.onClearDrill}>
                {t('history.drill.clear')}
              </Button>
            )}
          </Group>
        )}
      </Paper>
      {exports.isXlsxTooLarge && (
        <Alert color="yellow" variant="light" radius="md" mb="md" icon={<IconMail size={18} />}>
          <Text fz="sm">{t('history.export.too-large')}</Text>
          <Button
            size="xs"
            mt="xs"
            variant="white"
            leftSection={<IconMail size={14} />}
            loading={exports.isEmailPending}
            onClick={() => sendByEmail('xlsx')}
          >
            {t('history.export.email-instead')}
          </Button>
        </Alert>
      )}
      <ExportJobsPanel vendorId={vendorId} />
      <StatementDialog
        opened={page.statement.isOpen}
        onClose={page.statement.close}
        vendorId={vendorId}
        includeOutlets={includeOutlets}
        now={page.now}
      />
      {body}
      <Drawer
        opened={selectedOrderId !== null}
        onClose={() => onSelectOrder(null)}
        position="right"
        size={isWide ? 880 : '100%'}
        title={t('history.detail.title')}
        closeButtonProps={{ 'aria-label': t('history.detail.close') }}
        padding={isWide ? 'lg' : 'sm'}
      >
        {page.selectedOrder ? (
          props.renderOrderDetail(page.selectedOrder)
        ) : page.isSelectedOrderMissing ? (
          <Alert color="red" variant="light" role="alert">
            {t('history.detail.not-found', { id: selectedOrderId })}
          </Alert>
        ) : (
          <Skeleton h={480} radius="lg" />
        )}
      </Drawer>
    </>
  );
}
