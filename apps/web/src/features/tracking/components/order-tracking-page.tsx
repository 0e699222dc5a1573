import { Alert, Box, Button, Group, Paper, ScrollArea, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { Order } from '@riderdesk/domain/contracts/orders';
import { guestSearchRefusal } from '@riderdesk/domain/guest/guest-rules';
import { IconAlertTriangle, IconClick, IconMotorbike, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../../shared/api/describe-error.ts';
import { useOrder } from '../../../shared/api/get-order.ts';
import { orderKeys } from '../../../shared/api/query-keys.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import type { LiveStatus } from '../../../shared/live/live-connection.ts';
import { EmptyPanel } from '../../../shared/ui/empty-panel.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useActiveOrders, usePreorders } from '../api/get-active-orders.ts';
import { useServerSearch } from '../api/search-orders.ts';
import { useFallbackRefresh } from '../hooks/use-fallback-refresh.ts';
import { useLiveOrderUpdates } from '../hooks/use-live-order-updates.ts';
import { useNow } from '../hooks/use-now.ts';
import { useSearchHistory } from '../hooks/use-search-history.ts';
import type { ProofFlags } from '../order-detail-view.ts';
import { groupOrders, mergeOrders, searchOrders, serverSearchFor } from '../tracking-rules.ts';
import { OrderDetail } from './order-detail.tsx';
import { OrderList } from './order-list.tsx';
import { OrderSearch } from './order-search.tsx';
import classes from './tracking.module.css';

// The clock that moves pre-orders into "new" and opens the PAYMENT_COMMITTED cancel window.
const CLOCK_TICK_MS = 15_000;
// Server lookups of the search wait for the typing to pause.
export const SERVER_SEARCH_DEBOUNCE_MS = 500;

export type OrderTrackingPageProps = {
  vendorId: string | null;
  includeOutlets: boolean;
  /** The order_id query of the URL: the URL is the only place the selection lives. */
  selectedOrderId: string | null;
  onSelectOrder: (orderId: string | null) => void;
  requestPath: string;
  /** Where each branch collects from, for the map. */
  liveStatus: LiveStatus;
  isDelayedCancellationOn: boolean;
  isDynamicTimeEstimationOn: boolean;
  isGuest: boolean;
  proofFlags: ProofFlags;
  /** Where an order is edited; absent when the ModifyOrderButton flag is off. */
  orderEditPath?: (order: Order) => string;
};

function LiveIndicator({ status }: { status: LiveStatus }) {
  const { t } = useTranslation();
  const isLive = status === 'connected';
  return (
    <Tooltip label={t(`tracking.live.${isLive ? 'connected-hint' : 'offline-hint'}`)}>
      <Group
        gap={8}
        px="sm"
        py={6}
        style={{ borderRadius: 999, border: '1px solid var(--mantine-color-gray-3)' }}
        bg="var(--mantine-color-body)"
        role="status"
      >
        {isLive ? (
          <span className={classes.livePulse} aria-hidden />
        ) : (
          <Box w={8} h={8} bg="gray.5" style={{ borderRadius: '50%' }} aria-hidden />
        )}
        <Text fz="xs" fw={600} c={isLive ? 'var(--mantine-color-success)' : 'dimmed'}>
          {t(`tracking.live.${isLive ? 'connected' : status === 'connecting' ? 'connecting' : 'offline'}`)}
        </Text>
      </Group>
    </Tooltip>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="xs" p="sm" aria-hidden>
      {[0, 1, 2, 3, 4].map((index) => (
        <Skeleton key={index} h={64} radius="md" />
      ))}
    </Stack>
  );
}

/** spec §2 order tracking: today's orders of the selected branch, live, with a detail and a map. */
export function OrderTrackingPage(props: OrderTrackingPageProps) {
  const { vendorId, includeOutlets, selectedOrderId, onSelectOrder } = props;
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  const queryClient = useQueryClient();
  const now = useNow(CLOCK_TICK_MS);
  const isWide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false }) ?? false;
  const [searchTerm, setSearchTerm] = useState('');
  const searchHistory = useSearchHistory();

  const active = useActiveOrders(vendorId, includeOutlets, country.timeZone);
  const preorders = usePreorders(vendorId, includeOutlets, country.timeZone);
  const lastLiveUpdateAt = useLiveOrderUpdates(vendorId, includeOutlets, country.timeZone);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
  useFallbackRefresh({
    isEnabled: Boolean(vendorId),
    isFast: props.isDynamicTimeEstimationOn || props.isGuest,
    lastUpdateAt: () => Math.max(lastLiveUpdateAt(), active.dataUpdatedAt, active.errorUpdatedAt),
    refresh,
  });

  const orders = useMemo(() => mergeOrders(active.data, preorders.data), [active.data, preorders.data]);
  const groups = useMemo(() => groupOrders(orders, now), [orders, now]);
  // spec §5: a guest searches by a valid phone only, never by order id.
  const guestRefusal = props.isGuest ? guestSearchRefusal(searchTerm, country.code) : null;
  const localResults = useMemo(
    () => (searchTerm.trim() ? (guestRefusal ? [] : searchOrders(orders, searchTerm)) : null),
    [orders, searchTerm, guestRefusal],
  );
  // Only a settled term the loaded orders cannot answer goes to the server (spec §4, §5).
  const [debouncedTerm] = useDebouncedValue(searchTerm, SERVER_SEARCH_DEBOUNCE_MS);
  const serverSearch = useMemo(() => {
    if (!vendorId || !localResults || guestRefusal || debouncedTerm !== searchTerm || !active.isSuccess) return null;
    const search = serverSearchFor(searchTerm, vendorId, country.code);
    if (search?.kind === 'order' && orders.some((order) => order.order_id.toUpperCase() === search.orderId)) {
      return null;
    }
    if (search?.kind === 'phone' && localResults.length > 0) return null;
    return search;
  }, [vendorId, localResults, guestRefusal, debouncedTerm, searchTerm, active.isSuccess, orders, country.code]);
  const server = useServerSearch(vendorId, includeOutlets, country.timeZone, serverSearch);
  const searchResults = useMemo(
    () => (localResults && server.orders.length > 0 ? mergeOrders(localResults, server.orders) : localResults),
    [localResults, server.orders],
  );
  const searchError =
    (guestRefusal && t(guestRefusal)) ||
    (server.error &&
      (describeError(server.error, t, 'error.offline', (key) => i18n.exists(key)) || server.error.message));

  const listedOrder = orders.find((order) => order.order_id === selectedOrderId) ?? null;
  // An order_id from a link may be older than today's lists: it is fetched on its own.
  const fetchedOrder = useOrder(vendorId, selectedOrderId, !listedOrder && active.isSuccess);
  const selectedOrder = listedOrder ?? fetchedOrder.data ?? null;

  const selectOrder = (order: Order) => {
    if (searchResults) searchHistory.remember(searchTerm);
    onSelectOrder(order.order_id);
  };

  const error = active.error ?? preorders.error;
  const isLoading = active.isPending && Boolean(vendorId);

  const header = (
    <PageHeader
      title={t('tracking.title')}
      description={t(includeOutlets ? 'tracking.description-all-outlets' : 'tracking.description')}
      actions={
        <>
          <LiveIndicator status={props.liveStatus} />
          <Tooltip label={t('tracking.refresh')}>
            <Button
              variant="default"
              size="sm"
              onClick={refresh}
              loading={active.isFetching && !isLoading}
              aria-label={t('tracking.refresh')}
              px="xs"
            >
              <IconRefresh size={16} />
            </Button>
          </Tooltip>
          <Button component={Link} to={props.requestPath} leftSection={<IconPlus size={16} />} size="sm">
            {t('tracking.new-request')}
          </Button>
        </>
      }
    />
  );

  const errorAlert = error && (
    <Alert color="red" variant="light" radius="md" icon={<IconAlertTriangle size={18} />} role="alert" mb="md">
      <Text fz="sm" fw={600}>
        {t('error.cant-retrieve-current-orders')}
      </Text>
      <Text fz="sm">{describeError(error, t, 'error.offline', (key) => i18n.exists(key)) || error.message}</Text>
      <Button size="xs" variant="white" color="red" mt="xs" onClick={refresh}>
        {t('tracking.retry')}
      </Button>
    </Alert>
  );

  if (!vendorId) {
    return (
      <>
        {header}
        <EmptyPanel
          icon={<IconMotorbike size={30} />}
          title={t('tracking.no-branch.title')}
          description={t('tracking.no-branch.body')}
        />
      </>
    );
  }

  const hasNoOrders = !isLoading && !error && orders.length === 0;

  const orderList = (
    <OrderList
      groups={groups}
      searchResults={searchResults}
      searchTerm={searchTerm}
      isSearching={server.isPending}
      searchError={searchError || null}
      now={now}
      selectedOrderId={selectedOrderId}
      showsOutlet={includeOutlets}
      onSelect={selectOrder}
    />
  );
  const list = (
    <Paper
      withBorder
      radius="lg"
      className={classes.listPanel}
      h={isWide ? 'calc(100dvh - 210px)' : undefined}
      mih={isWide ? 480 : undefined}
    >
      <Box p="sm" pb={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <OrderSearch
          {...(props.isGuest ? { placeholder: t('guest.search.placeholder') } : {})}
          term={searchTerm}
          onTermChange={setSearchTerm}
          onCommit={searchHistory.remember}
          recentTerms={searchHistory.terms}
          onClearRecent={searchHistory.clear}
        />
        <Box h={8} />
      </Box>
      {isLoading ? (
        <ListSkeleton />
      ) : isWide ? (
        <ScrollArea className={classes.listScroll} type="auto" offsetScrollbars>
          {orderList}
        </ScrollArea>
      ) : (
        <Box px={8} pb="sm">
          {orderList}
        </Box>
      )}
    </Paper>
  );

  const detail = selectedOrder ? (
    <OrderDetail
      key={selectedOrder.order_id}
      order={selectedOrder}
      now={now}
      isDelayedCancellationOn={props.isDelayedCancellationOn}
      proofFlags={props.proofFlags}
      onBack={isWide ? undefined : () => onSelectOrder(null)}
      editPath={props.orderEditPath?.(selectedOrder) ?? null}
      isGuest={props.isGuest}
    />
  ) : selectedOrderId && fetchedOrder.isPending && !listedOrder ? (
    <Skeleton h={480} radius="lg" />
  ) : selectedOrderId && fetchedOrder.isError ? (
    <EmptyPanel
      icon={<IconAlertTriangle size={30} />}
      title={t('tracking.not-found.title')}
      description={t('tracking.not-found.body', { id: selectedOrderId })}
      actions={
        <Button variant="default" onClick={() => onSelectOrder(null)}>
          {t('tracking.back')}
        </Button>
      }
    />
  ) : hasNoOrders ? (
    <EmptyPanel
      icon={<IconMotorbike size={30} />}
      title={t('tracking.empty.title')}
      description={t('tracking.empty.body')}
      actions={
        <Button component={Link} to={props.requestPath}>
          {t('tracking.empty.action')}
        </Button>
      }
    />
  ) : (
    <EmptyPanel
      icon={<IconClick size={30} />}
      title={t('tracking.select.title')}
      description={t('tracking.select.body')}
      minHeight={480}
    />
  );

  if (!isWide) {
    return (
      <>
        {!selectedOrderId && header}
        {errorAlert}
        {selectedOrderId ? detail : list}
      </>
    );
  }

  return (
    <>
      {header}
      {errorAlert}
      <Box
        style={{
          display: 'grid',
          gridTemplateColumns: 'minmax(320px, 380px) minmax(0, 1fr)',
          gap: 'var(--mantine-spacing-lg)',
          alignItems: 'start',
        }}
      >
        {list}
        <Box miw={0}>{detail}</Box>
      </Box>
    </>
  );
}
