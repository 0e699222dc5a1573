import { Alert, Button, Drawer, Group, Menu, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { ExportFormat } from '@riderdesk/domain/contracts/order-list';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { startOfTodayInZone } from '@riderdesk/domain/date-presets';
import { guestSearchRefusal } from '@riderdesk/domain/guest/guest-rules';
import {
  calendarDayInZone,
  DEFAULT_HISTORY_RANGE,
  rangeQuery,
  resolveHistoryRange,
} from '@riderdesk/domain/order-history';
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
} from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { describeError } from '../../../shared/api/describe-error.ts';
import { useOrder } from '../../../shared/api/get-order.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { notify } from '../../../shared/notify.ts';
import { EmptyPanel } from '../../../shared/ui/empty-panel.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useRequestExportJob } from '../api/export-jobs.ts';
import { useExportOrders } from '../api/export-orders.ts';
import { type HistoryQuery, useOrderHistory } from '../api/get-order-history.ts';
import { useHistoryFilters } from '../hooks/use-history-filters.ts';
import { useHistoryLiveUpdates } from '../hooks/use-history-live-updates.ts';
import { ExportJobsPanel } from './export-jobs-panel.tsx';
import { HistoryFiltersBar } from './history-filters-bar.tsx';
import { HistoryTable } from './history-table.tsx';
import { StatementDialog } from './statement-dialog.tsx';

// The server search waits for the typing to pause.
export const HISTORY_SEARCH_DEBOUNCE_MS = 400;

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
  const { country } = useConfig();
  const isWide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false }) ?? false;
  // The presets are computed once per visit; a page left open past midnight keeps the day it was opened on.
  const [now] = useState(() => new Date());
  const [filters, setFilters] = useHistoryFilters();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, HISTORY_SEARCH_DEBOUNCE_MS);
  // spec §5: guests may not search history by order id; only a valid phone is sent.
  const guestRefusal = props.isGuest ? guestSearchRefusal(debouncedSearch, country.code) : null;
  const sentSearch = guestRefusal ? '' : debouncedSearch;
  const range = useMemo(
    () => resolveHistoryRange(filters.range, now, country.timeZone),
    [filters.range, now, country.timeZone],
  );
  // While a custom range is being picked, the last complete range's orders stay on screen.
  const [shownRange, setShownRange] = useState<{ from: Date; to: Date }>(() => {
    if (range.ok) return range;
    const fallback = resolveHistoryRange(DEFAULT_HISTORY_RANGE, now, country.timeZone);
    return fallback.ok ? fallback : { from: now, to: now };
  });
  if (
    range.ok &&
    (range.from.getTime() !== shownRange.from.getTime() || range.to.getTime() !== shownRange.to.getTime())
  )
    setShownRange(range);
  // A range that covers today follows today's orders live too.
  useHistoryLiveUpdates(
    country.timeZone,
    shownRange.to.getTime() > startOfTodayInZone(now, country.timeZone).getTime(),
  );
  const query: HistoryQuery | null = useMemo(
    () =>
      vendorId
        ? { vendorId, includeOutlets, ...rangeQuery(shownRange), status: filters.status, search: sentSearch }
        : null,
    [vendorId, includeOutlets, shownRange, filters.status, sentSearch],
  );
  const history = useOrderHistory(query);
  const orders = useMemo(() => history.data?.pages.flatMap((page) => page.orders) ?? [], [history.data]);
  const exporter = useExportOrders();
  const emailExport = useRequestExportJob();
  // A direct XLSX download past 10 000 rows is refused: the page then offers the e-mailed file.
  const [isXlsxTooLarge, setXlsxTooLarge] = useState(false);
  const [isStatementOpen, setStatementOpen] = useState(false);

  const listedOrder = orders.find((order) => order.order_id === selectedOrderId) ?? null;
  // An order_id from a link may lie outside the loaded pages or the filters: it is fetched on its own.
  const fetchedOrder = useOrder(vendorId, selectedOrderId, !listedOrder && !history.isPending);
  const selectedOrder = listedOrder ?? fetchedOrder.data ?? null;

  const download = (format: ExportFormat) => {
    if (!query) return;
    setXlsxTooLarge(false);
    exporter.mutate(
      { query, format, language: i18n.language },
      {
        onSuccess: () => notify({ message: t('history.export.done'), tone: 'success' }),
        onError: (error) => {
          if (error instanceof ApiRequestError && error.firstTranslationKey === 'history.export.too-large') {
            setXlsxTooLarge(true);
          }
          notify({
            message: describeError(error, t, 'history.export.failed', (key) => i18n.exists(key)),
            tone: 'error',
          });
        },
      },
    );
  };

  const sendByEmail = (format: ExportFormat) => {
    if (!query) return;
    emailExport.mutate(
      { query, format, language: i18n.language },
      {
        onSuccess: (job) => {
          setXlsxTooLarge(false);
          notify({ message: t('history.export.email-started', { email: job.email }), tone: 'success' });
        },
        onError: (error) =>
          notify({
            message: describeError(error, t, 'history.export.email-failed', (key) => i18n.exists(key)),
            tone: 'error',
          }),
      },
    );
  };

  const header = (
    <PageHeader
      title={t('history.title')}
      description={t('history.description')}
      actions={
        vendorId &&
        !props.isGuest && (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconReceipt size={16} />} onClick={() => setStatementOpen(true)}>
              {t('statement.button')}
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  rightSection={<IconChevronDown size={14} />}
                  loading={exporter.isPending || emailExport.isPending}
                  disabled={!query}
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

  const isSearching = debouncedSearch.trim() !== '';
  // The last answer's rows, shown dimmed while the new filters load (keepsRowsOf).
  const isStale = history.isPlaceholderData;
  const body =
    history.isPending || (isStale && orders.length === 0) ? (
      <TableSkeleton />
    ) : history.isError && orders.length === 0 ? (
      <Alert color="red" variant="light" radius="md" icon={<IconAlertTriangle size={18} />} role="alert" m="md">
        <Text fz="sm" fw={600}>
          {t('error.cant-retrieve-past-orders')}
        </Text>
        <Text fz="sm">{describeError(history.error, t, 'error.offline', (key) => i18n.exists(key))}</Text>
        <Button size="xs" variant="white" color="red" mt="xs" onClick={() => void history.refetch()}>
          {t('history.retry')}
        </Button>
      </Alert>
    ) : orders.length === 0 ? (
      isSearching ? (
        <EmptyPanel
          icon={<IconSearch size={30} />}
          title={t('history.search-empty.title')}
          description={t('history.search-empty.body', { term: debouncedSearch.trim() })}
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
          filters={filters}
          onChange={setFilters}
          rangeError={range.ok ? null : range.error}
          search={search}
          onSearchChange={setSearch}
          {...(props.isGuest
            ? { searchPlaceholder: t('guest.search.placeholder'), searchError: guestRefusal && t(guestRefusal) }
            : {})}
          today={calendarDayInZone(now, country.timeZone)}
        />
      </Paper>
      {isXlsxTooLarge && (
        <Alert color="yellow" variant="light" radius="md" mb="md" icon={<IconMail size={18} />}>
          <Text fz="sm">{t('history.export.too-large')}</Text>
          <Button
            size="xs"
            mt="xs"
            variant="white"
            leftSection={<IconMail size={14} />}
            loading={emailExport.isPending}
            onClick={() => sendByEmail('xlsx')}
          >
            {t('history.export.email-instead')}
          </Button>
        </Alert>
      )}
      <ExportJobsPanel vendorId={vendorId} />
      <StatementDialog
        opened={isStatementOpen}
        onClose={() => setStatementOpen(false)}
        vendorId={vendorId}
        includeOutlets={includeOutlets}
        now={now}
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
        {selectedOrder ? (
          props.renderOrderDetail(selectedOrder)
        ) : selectedOrderId && fetchedOrder.isError ? (
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
