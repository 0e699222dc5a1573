import { BarChart, MatrixChart } from '@mantine/charts';
import type { Insights } from '@riderdesk/domain/contracts/insights';
import type { DayPeriod } from '@riderdesk/domain/insights/figures';
import { HOURS_OF_DAY, ISO_WEEKDAYS, percent, reasonLabelKey } from '@riderdesk/domain/insights/tables';
import type { OrderBucket } from '@riderdesk/domain/order-status';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DAY_BUCKETS, historyLink } from '../insights-view.ts';
import { formatCalendarDay, formatCount, formatDecimal, formatMoney } from './insights-format.ts';

// The charts (@mantine/charts, recharts), right to left in Urdu: the time axis runs from the right and the value
// axis stands on the right. Every bar opens History on its orders, or on the closest set History can filter.

interface ChartProps {
  insights: Insights;
  vendorId: string;
}

function useChartDirection() {
  const { i18n } = useTranslation();
  const isRtl = i18n.dir(i18n.language) === 'rtl';
  return {
    isRtl,
    language: i18n.language,
    xAxisProps: { reversed: isRtl },
    yAxisProps: { orientation: isRtl ? ('right' as const) : ('left' as const), width: 48 },
  };
}

/** recharts hands a bar's click its row as `payload`. */
const rowOf = <T,>(data: unknown) => (data as { payload: T }).payload;

export function OrdersPerDayChart({ insights, vendorId }: ChartProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language, xAxisProps, yAxisProps } = useChartDirection();
  const data = insights.days.map((day) => ({ ...day, label: formatCalendarDay(day.day, language) }));
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="label"
      type="stacked"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      accessibilityLayer={false}
      series={DAY_BUCKETS.map(({ bucket, color }) => ({ name: bucket, label: t(`insights.bucket.${bucket}`), color }))}
      valueFormatter={(value) => formatCount(value, language)}
      xAxisProps={xAxisProps}
      yAxisProps={yAxisProps}
      barProps={(series) => ({
        cursor: 'pointer',
        onClick: (bar: unknown) => {
          const { day } = rowOf<{ day: string }>(bar);
          navigate(historyLink(vendorId, { start: day, end: day }, series.name as OrderBucket));
        },
      })}
    />
  );
}

export function HourHeatmap({ insights, vendorId, isNarrow }: ChartProps & { isNarrow: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isRtl, language } = useChartDirection();
  const hours = isRtl ? [...HOURS_OF_DAY].reverse() : HOURS_OF_DAY;
  const hourLabel = (hour: number) => String(hour).padStart(2, '0');
  const weekdayLabel = (weekday: number) => t(`insights.weekday-short.${weekday}`);
  const data = insights.hours.map((cell) => ({
    x: hourLabel(cell.hour),
    y: weekdayLabel(cell.weekday),
    value: cell.orders,
  }));
  return (
    <MatrixChart
      data={data}
      xLabels={hours.map(hourLabel)}
      yLabels={ISO_WEEKDAYS.map(weekdayLabel)}
      withXLabels
      withYLabels
      xLabelsRotation={0}
      xLabelsHeight={24}
      yLabelsWidth={isNarrow ? 44 : 64}
      cellSize={isNarrow ? 11 : 22}
      gap={isNarrow ? 1 : 2}
      fontSize={isNarrow ? 9 : 11}
      withTooltip
      getTooltipLabel={(cell) => `${cell.y} ${cell.x}:00 — ${formatCount(cell.value ?? 0, language)}`}
      colors={['blue.1', 'blue.3', 'blue.5', 'blue.7', 'blue.9']}
      getCellProps={() => ({
        style: { cursor: 'pointer' },
        onClick: () => navigate(historyLink(vendorId, insights.period)),
      })}
      style={{ maxWidth: '100%' }}
    />
  );
}

export function DurationChart({
  insights,
  vendorId,
  measure,
}: ChartProps & { measure: 'delivery_minutes' | 'pickup_wait_minutes' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language, xAxisProps, yAxisProps } = useChartDirection();
  // Buckets past the last one used in either period are left off the axis.
  const buckets = insights[measure];
  const last = buckets.findLastIndex((bucket) => bucket.orders > 0 || bucket.previous_orders > 0);
  const data = buckets.slice(0, Math.max(last + 1, 1)).map((bucket) => ({
    label:
      bucket.to === null
        ? t('insights.orders-from', { from: bucket.from })
        : t('insights.orders-range', { from: bucket.from, to: bucket.to }),
    orders: bucket.orders,
    previous_orders: bucket.previous_orders,
  }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="label"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      accessibilityLayer={false}
      series={[
        { name: 'orders', label: t('insights.column.orders'), color: 'blue.6' },
        { name: 'previous_orders', label: t('insights.column.previous_orders'), color: 'gray.4' },
      ]}
      valueFormatter={(value) => formatCount(value, language)}
      xAxisProps={{ ...xAxisProps, interval: 'preserveStartEnd' }}
      yAxisProps={yAxisProps}
      barProps={{ cursor: 'pointer', onClick: () => navigate(historyLink(vendorId, insights.period, 'delivered')) }}
    />
  );
}

export function OnTimeChart({ insights, vendorId }: ChartProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language, xAxisProps, yAxisProps } = useChartDirection();
  const rows = [
    { name: t('insights.all-outlets'), vendorId, totals: insights.totals, previous: insights.previous_totals },
    ...(insights.outlets.length > 1
      ? insights.outlets.map((outlet) => ({
          name: outlet.name,
          vendorId: outlet.vendor_id,
          totals: outlet.totals,
          previous: outlet.previous_totals,
        }))
      : []),
  ];
  const data = rows.map((row) => ({
    name: row.name,
    vendorId: row.vendorId,
    share: percent(row.totals.on_time.share) ?? 0,
    previous: percent(row.previous.on_time.share) ?? 0,
  }));
  return (
    <BarChart
      h={Math.max(120, 44 * data.length + 40)}
      data={data}
      dataKey="name"
      orientation="vertical"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      accessibilityLayer={false}
      series={[
        { name: 'share', label: t('insights.column.on_time_share'), color: 'teal.6' },
        { name: 'previous', label: t('insights.column.previous_share'), color: 'gray.4' },
      ]}
      valueFormatter={(value) => `${formatDecimal(value, language)}%`}
      // Bars grow from the start of the line: from the right in Urdu.
      xAxisProps={{ ...xAxisProps, domain: [0, 100] }}
      yAxisProps={{ ...yAxisProps, width: 110 }}
      barProps={{
        cursor: 'pointer',
        onClick: (bar: unknown) =>
          navigate(historyLink(rowOf<{ vendorId: string }>(bar).vendorId, insights.period, 'delivered')),
      }}
    />
  );
}

export function CancellationsChart({ insights, vendorId }: ChartProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language, xAxisProps, yAxisProps } = useChartDirection();
  const data = insights.cancellations.map((row) => ({
    reason: t(reasonLabelKey(row.reason)),
    orders: row.orders,
    previous_orders: row.previous_orders,
  }));
  return (
    <BarChart
      h={Math.max(120, 40 * data.length + 40)}
      data={data}
      dataKey="reason"
      orientation="vertical"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      accessibilityLayer={false}
      series={[
        { name: 'orders', label: t('insights.column.orders'), color: 'red.6' },
        { name: 'previous_orders', label: t('insights.column.previous_orders'), color: 'gray.4' },
      ]}
      valueFormatter={(value) => formatCount(value, language)}
      xAxisProps={xAxisProps}
      yAxisProps={{ ...yAxisProps, width: 130 }}
      barProps={{ cursor: 'pointer', onClick: () => navigate(historyLink(vendorId, insights.period, 'cancelled')) }}
    />
  );
}

export function MoneyPerDayChart({ insights, vendorId }: ChartProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language, xAxisProps, yAxisProps } = useChartDirection();
  const data = insights.days.map((day) => ({ ...day, label: formatCalendarDay(day.day, language) }));
  return (
    <BarChart
      h={240}
      data={data}
      dataKey="label"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      accessibilityLayer={false}
      series={[
        { name: 'delivery_spend', label: t('insights.column.delivery_spend'), color: 'violet.6' },
        { name: 'cash_collected', label: t('insights.column.cash_collected'), color: 'teal.6' },
        { name: 'voucher_savings', label: t('insights.column.voucher_savings'), color: 'yellow.6' },
      ]}
      valueFormatter={(value) => formatMoney(value, insights.currency, language)}
      xAxisProps={xAxisProps}
      yAxisProps={{ ...yAxisProps, width: 72, tickFormatter: (value: number) => formatCount(value, language) }}
      barProps={{
        cursor: 'pointer',
        onClick: (bar: unknown) => {
          const { day } = rowOf<{ day: string }>(bar);
          const period: DayPeriod = { start: day, end: day };
          navigate(historyLink(vendorId, period, 'delivered'));
        },
      }}
    />
  );
}
