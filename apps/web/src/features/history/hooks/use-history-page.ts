import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { ExportFormat } from '@riderdesk/domain/contracts/order-list';
import type { HistoryDrill } from '@riderdesk/domain/insights/drill';
import { calendarDayInZone, resolveHistoryRange } from '@riderdesk/domain/order-history';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { describeError } from '../../../shared/api/describe-error.ts';
import { useOrder } from '../../../shared/api/get-order.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { notify } from '../../../shared/notify.ts';
import { useRequestExportJob } from '../api/export-jobs.ts';
import { useExportOrders } from '../api/export-orders.ts';
import { useOrderHistory } from '../api/get-order-history.ts';
import {
  coversToday,
  drillPhrases,
  historyBody,
  historyQuery,
  historySearch,
  initialShownRange,
  nextShownRange,
  selectedOrderOf,
} from '../history-view.ts';
import { type HistoryFilters, useHistoryFilters } from './use-history-filters.ts';
import { useHistoryLiveUpdates } from './use-history-live-updates.ts';

const NO_DRILL: HistoryDrill = {};

// The server search waits for the typing to pause.
export const HISTORY_SEARCH_DEBOUNCE_MS = 400;

/** The history page's wiring: filters, search, the paged orders, the selected order and the exports. */
export function useHistoryPage(input: {
  vendorId: string | null;
  includeOutlets: boolean;
  selectedOrderId: string | null;
  isGuest: boolean;
  linkedFilters?: HistoryFilters | null;
  /** The narrowing of a link from insights, kept in the URL until cleared. */
  drill?: HistoryDrill;
}) {
  const { vendorId, includeOutlets, selectedOrderId } = input;
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  const isWide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false }) ?? false;
  // The presets are computed once per visit; a page left open past midnight keeps the day it was opened on.
  const [now] = useState(() => new Date());
  const [filters, setFilters] = useHistoryFilters(input.linkedFilters ?? null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, HISTORY_SEARCH_DEBOUNCE_MS);
  const searched = historySearch(debouncedSearch, { isGuest: input.isGuest, countryCode: country.code });
  const range = useMemo(
    () => resolveHistoryRange(filters.range, now, country.timeZone),
    [filters.range, now, country.timeZone],
  );
  const [shownRange, setShownRange] = useState(() => initialShownRange(filters.range, now, country.timeZone));
  const nextRange = nextShownRange(shownRange, range);
  if (nextRange !== shownRange) setShownRange(nextRange);
  useHistoryLiveUpdates(country.timeZone, coversToday(shownRange, now, country.timeZone));
  const drill = input.drill ?? NO_DRILL;
  const query = useMemo(
    () =>
      historyQuery({
        vendorId,
        includeOutlets,
        range: shownRange,
        status: filters.status,
        search: searched.sent,
        drill,
      }),
    [vendorId, includeOutlets, shownRange, filters.status, searched.sent, drill],
  );
  const history = useOrderHistory(query);
  const orders = useMemo(() => history.data?.pages.flatMap((page) => page.orders) ?? [], [history.data]);
  const exporter = useExportOrders();
  const emailExport = useRequestExportJob();
  // A direct XLSX download past 10 000 rows is refused: the page then offers the e-mailed file.
  const [isXlsxTooLarge, setXlsxTooLarge] = useState(false);
  const [isStatementOpen, setStatementOpen] = useState(false);

  const listedOrder = selectedOrderOf(orders, selectedOrderId, undefined).listed;
  // An order_id from a link may lie outside the loaded pages or the filters: it is fetched on its own.
  const fetchedOrder = useOrder(vendorId, selectedOrderId, !listedOrder && !history.isPending);
  const { selected: selectedOrder } = selectedOrderOf(orders, selectedOrderId, fetchedOrder.data);

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

  return {
    now,
    isWide,
    today: calendarDayInZone(now, country.timeZone),
    filters,
    setFilters,
    rangeError: range.ok ? null : range.error,
    drillPhrases: drillPhrases(drill, t),
    search,
    setSearch,
    searchedTerm: debouncedSearch.trim(),
    searchRefusal: searched.refusal,
    query,
    history,
    orders,
    body: historyBody({
      isPending: history.isPending,
      isStale: history.isPlaceholderData,
      isError: history.isError,
      orderCount: orders.length,
      search: debouncedSearch,
    }),
    selectedOrder,
    isSelectedOrderMissing: selectedOrderId !== null && fetchedOrder.isError,
    exports: {
      download,
      sendByEmail,
      isPending: exporter.isPending || emailExport.isPending,
      isEmailPending: emailExport.isPending,
      isXlsxTooLarge,
    },
    statement: { isOpen: isStatementOpen, open: () => setStatementOpen(true), close: () => setStatementOpen(false) },
  };
}
