import '@mantine/charts/styles.css';
import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { InsightsChart } from '@riderdesk/domain/contracts/insights';
import type { ExportFormat } from '@riderdesk/domain/contracts/order-list';
import { CancellationReasonSchema } from '@riderdesk/domain/insights/drill';
import { type InsightsTable, insightsTable } from '@riderdesk/domain/insights/tables';
import { calendarDayInZone } from '@riderdesk/domain/order-history';
import { IconChartBar } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/describe-error.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { notify } from '../../../shared/notify.ts';
import { EmptyPanel } from '../../../shared/ui/empty-panel.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { PeriodFields } from '../../../shared/ui/period-fields.tsx';
import { useExportInsights } from '../api/export-insights.ts';
import { useInsights } from '../api/get-insights.ts';
import { useInsightsRange } from '../hooks/use-insights-range.ts';
import { hasOrders, historyLink, resolvePeriod } from '../insights-view.ts';
import { ChartCard } from './chart-card.tsx';
import {
  CancellationsChart,
  DurationChart,
  HourHeatmap,
  MoneyPerDayChart,
  OnTimeChart,
  OrdersPerDayChart,
} from './insights-charts.tsx';
import { formatCalendarDay, formatDecimal } from './insights-format.ts';
import { OutletsTable } from './outlets-table.tsx';
import { SummaryGrid } from './summary-grid.tsx';

const DAY_COLUMNS = ['delivered', 'returned', 'cancelled', 'new', 'collected', 'preorder'] as const;

export interface InsightsPageProps {
  vendorId: string | null;
  vendorName: string | null;
  /** A parent's figures with its outlets', and the outlets side by side (the shell's outlet toggle). */
  includeOutlets: boolean;
}

/** Issue 39: how the branch's deliveries went in a period, beside the period before, in charts and tables. */
export function InsightsPage({ vendorId, vendorName, includeOutlets }: InsightsPageProps) {
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  const language = i18n.language;
  const isNarrow = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false }) ?? false;
  // The presets are computed once per visit, as History's.
  const [now] = useState(() => new Date());
  const [range, setRange] = useInsightsRange();
  const resolved = useMemo(() => resolvePeriod(range, now, country.timeZone), [range, now, country.timeZone]);
  const request =
    vendorId && resolved.ok
      ? { vendorId, includeOutlets, start: resolved.period.start, end: resolved.period.end }
      : null;
  const query = useInsights(request);
  const exporter = useExportInsights();
  const [exporting, setExporting] = useState<InsightsChart | null>(null);
  const insights = query.data;

  const onExport = (chart: InsightsChart, format: ExportFormat) => {
    if (!request) return;
    setExporting(chart);
    exporter.mutate(
      { request, chart, format, language },
      {
        onSuccess: () => notify({ message: t('insights.export.done'), tone: 'success' }),
        onError: (error) =>
          notify({
            message: describeError(error, t, 'insights.export.failed', (key) => i18n.exists(key)),
            tone: 'error',
          }),
        onSettled: () => setExporting(null),
      },
    );
  };

  const rangeError = resolved.ok ? null : resolved.error;
  const periodBar = (
    <Group gap="sm" align="flex-start" wrap="wrap" role="group" aria-label={t('insights.period')}>
      <PeriodFields
        label={t('insights.period')}
        range={range}
        onChange={setRange}
        rangeError={rangeError}
        today={calendarDayInZone(now, country.timeZone)}
      />
      {insights && (
        <Text fz="sm" c="dimmed" pt={{ base: 0, xs: 30 }}>
          {t('insights.compared', {
            start: formatCalendarDay(insights.previous_period.start, language),
            end: formatCalendarDay(insights.previous_period.end, language),
          })}
        </Text>
      )}
    </Group>
  );

  const header = (
    <PageHeader
      title={t('insights.title')}
      description={
        includeOutlets && vendorName ? t('insights.outlets-included', { name: vendorName }) : t('insights.description')
      }
    />
  );

  if (!vendorId) {
    return (
      <>
        {header}
        <EmptyPanel
          icon={<IconChartBar size={30} />}
          title={t('history.no-branch.title')}
          description={t('history.no-branch.body')}
        />
      </>
    );
  }

  const tableOf = (chart: InsightsChart): InsightsTable => insightsTable(insights!, chart, (key) => t(key));
  const card = { onExport, isExporting: false };
  const exportingOf = (chart: InsightsChart) => ({ ...card, isExporting: exporting === chart && exporter.isPending });
  const minutes = (value: number | null) =>
    value === null ? '–' : t('insights.minutes', { value: formatDecimal(value, language) });

  return (
    <Stack gap="md">
      {header}
      {periodBar}
      {query.isError && !insights && (
        <Alert color="red" title={t('insights.failed')}>
          <Button variant="light" color="red" size="xs" onClick={() => query.refetch()}>
            {t('insights.retry')}
          </Button>
        </Alert>
      )}
      {request && !insights && !query.isError && (
        <Stack gap="sm" aria-busy="true" aria-label={t('insights.loading')}>
          <Skeleton h={90} radius="md" />
          <Skeleton h={260} radius="md" />
          <Skeleton h={220} radius="md" />
        </Stack>
      )}
      {insights && !hasOrders(insights) && (
        <EmptyPanel
          icon={<IconChartBar size={30} />}
          title={t('insights.empty')}
          description={t('insights.description')}
        />
      )}
      {insights && hasOrders(insights) && (
        <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isPlaceholderData}>
          <ChartCard chart="summary" table={tableOf('summary')} {...exportingOf('summary')}>
            <SummaryGrid insights={insights} />
          </ChartCard>
          <ChartCard
            chart="orders_per_day"
            table={tableOf('orders_per_day')}
            linkOf={(row, column) => {
              const day = insights.days[row];
              // The table's columns: the day, a column per bucket (insights/tables.ts), then all of them.
              return day
                ? historyLink(vendorId, { start: day.day, end: day.day }, DAY_COLUMNS[column - 1] ?? null)
                : null;
            }}
            {...exportingOf('orders_per_day')}
          >
            <OrdersPerDayChart insights={insights} vendorId={vendorId} />
          </ChartCard>
          <ChartCard
            chart="orders_by_hour"
            description={t('insights.heatmap-hint')}
            table={tableOf('orders_by_hour')}
            linkOf={(row, column) =>
              // The table's rows are the weekdays from Monday, its columns after the first the hours from 0.
              column > 0 ? historyLink(vendorId, insights.period, null, { weekday: row + 1, hour: column - 1 }) : null
            }
            {...exportingOf('orders_by_hour')}
          >
            <HourHeatmap insights={insights} vendorId={vendorId} isNarrow={isNarrow} />
          </ChartCard>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ChartCard
              chart="delivery_time"
              description={t('insights.chart-note.delivery_time', {
                median: minutes(insights.totals.delivery_minutes.median),
                p90: minutes(insights.totals.delivery_minutes.p90),
              })}
              table={tableOf('delivery_time')}
              // The orders column (from, to, orders, previous) links to the bucket's orders of the period.
              linkOf={(row, column) =>
                column === 2 ? historyLink(vendorId, insights.period, 'delivered', { delivery_bucket: row + 1 }) : null
              }
              {...exportingOf('delivery_time')}
            >
              <DurationChart insights={insights} vendorId={vendorId} measure="delivery_minutes" />
            </ChartCard>
            <ChartCard
              chart="pickup_wait"
              description={t('insights.chart-note.pickup_wait', {
                median: minutes(insights.totals.pickup_wait_minutes.median),
                p90: minutes(insights.totals.pickup_wait_minutes.p90),
              })}
              table={tableOf('pickup_wait')}
              linkOf={(row, column) =>
                column === 2 ? historyLink(vendorId, insights.period, null, { pickup_bucket: row + 1 }) : null
              }
              {...exportingOf('pickup_wait')}
            >
              <DurationChart insights={insights} vendorId={vendorId} measure="pickup_wait_minutes" />
            </ChartCard>
            <ChartCard
              chart="on_time"
              description={t('insights.chart-note.on_time')}
              table={tableOf('on_time')}
              {...exportingOf('on_time')}
            >
              <OnTimeChart insights={insights} vendorId={vendorId} />
            </ChartCard>
            <ChartCard
              chart="cancellations"
              description={t('insights.chart-note.cancellations')}
              table={tableOf('cancellations')}
              linkOf={(row, column) => {
                // The orders column (reason, who, orders, previous) links to the reason's orders of the period.
                const reason = CancellationReasonSchema.safeParse(insights.cancellations[row]?.reason);
                return column === 2 && reason.success
                  ? historyLink(vendorId, insights.period, 'cancelled', { cancel_reason: reason.data })
                  : null;
              }}
              {...exportingOf('cancellations')}
            >
              {insights.cancellations.length > 0 ? (
                <CancellationsChart insights={insights} vendorId={vendorId} />
              ) : null}
            </ChartCard>
          </SimpleGrid>
          <ChartCard
            chart="money_per_day"
            table={tableOf('money_per_day')}
            linkOf={(row) => {
              const day = insights.days[row];
              return day ? historyLink(vendorId, { start: day.day, end: day.day }, 'delivered') : null;
            }}
            {...exportingOf('money_per_day')}
          >
            <MoneyPerDayChart insights={insights} vendorId={vendorId} />
          </ChartCard>
          {insights.outlets.length > 1 && (
            <ChartCard
              chart="outlets"
              table={tableOf('outlets')}
              {...exportingOf('outlets')}
              accessibleBody={<OutletsTable insights={insights} />}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
