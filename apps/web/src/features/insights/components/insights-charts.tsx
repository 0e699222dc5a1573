import { BarChart, MatrixChart } from '@mantine/charts';
import { Group, Stack, Text } from '@mantine/core';
import type { Insights } from '@riderdesk/domain/contracts/insights';
import { CancellationReasonSchema } from '@riderdesk/domain/insights/drill';
import type { DayPeriod } from '@riderdesk/domain/insights/figures';
import { HOURS_OF_DAY, ISO_WEEKDAYS, percent, reasonLabelKey } from '@riderdesk/domain/insights/tables';
import type { OrderBucket } from '@riderdesk/domain/order-status';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DAY_BUCKETS, historyLink } from '../insights-view.ts';
import { formatCalendarDay, formatCount, formatDecimal, formatMoney } from './insights-format.ts';

// The charts (@mantine/charts, recharts), right to left in Urdu: the time axis runs from the right and the value
// axis stands on the right. Every bar and cell opens History on its orders.

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

/**
 * What every bar chart of the page shares: a legend under it, and no keyboard layer of recharts' own (each chart
 * has its numbers as a table for screen readers and keyboards).
 */
const BAR_CHART_DEFAULTS = {
  withLegend: true,
  legendProps: { verticalAlign: 'bottom' as const },
  accessibilityLayer: false,
};

/** recharts hands a bar's click its row as `payload`. */
const rowOf = <T,>(data: unknown) => (data as { payload: T }).payload;

/** The weekday and hour of a heat-map cell, as its data row carries them. */
const cellOf = (cell: unknown): { weekday: number; hour: number } | null => {
  const { weekday, hour } = (cell ?? {}) as { weekday?: unknown; hour?: unknown };
  return typeof weekday === 'number' && typeof hour === 'number' ? { weekday, hour } : null;
};

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
      {...BAR_CHART_DEFAULTS}
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
    weekday: cell.weekday,
    hour: cell.hour,
  }));
  const cellSize = isNarrow ? 11 : 22;
  const gap = isNarrow ? 1 : 2;
  const fontSize = isNarrow ? 9 : 11;
  // The weekdays stand beside the grid as a column of their own, so in Urdu they stand on the right, where the
  // hours start (the chart itself always draws its row labels on the left).
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" style={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Stack gap={gap} aria-hidden style={{ flexShrink: 0 }}>
        {ISO_WEEKDAYS.map((weekday) => (
          <Text key={weekday} fz={fontSize} c="dimmed" h={cellSize} lh={`${cellSize}px`} ta="end">
            {weekdayLabel(weekday)}
          </Text>
        ))}
      </Stack>
      <MatrixChart
        data={data}
        xLabels={hours.map(hourLabel)}
        yLabels={ISO_WEEKDAYS.map(weekdayLabel)}
        withXLabels
        xLabelsRotation={0}
        xLabelsHeight={24}
        cellSize={cellSize}
        gap={gap}
        fontSize={fontSize}
        withTooltip
        getTooltipLabel={(cell) => `${cell.y} ${cell.x}:00 — ${formatCount(cell.value ?? 0, language)}`}
        colors={['blue.1', 'blue.3', 'blue.5', 'blue.7', 'blue.9']}
        getCellProps={(cell) => ({
          style: { cursor: 'pointer' },
          onClick: () => {
            const at = cellOf(cell);
            if (at) navigate(historyLink(vendorId, insights.period, null, at));
          },
        })}
        style={{ flexShrink: 0 }}
      />
    </Group>
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
  const data = buckets.slice(0, Math.max(last + 1, 1)).map((bucket, index) => ({
    // The histogram lists every bucket from the first (1-based, as History's filter names them).
    bucket: index + 1,
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
      {...BAR_CHART_DEFAULTS}
      series={[
        { name: 'orders', label: t('insights.column.orders'), color: 'blue.6' },
        { name: 'previous_orders', label: t('insights.column.previous_orders'), color: 'gray.4' },
      ]}
      valueFormatter={(value) => formatCount(value, language)}
      xAxisProps={{ ...xAxisProps, interval: 'preserveStartEnd' }}
      yAxisProps={yAxisProps}
      barProps={{
        cursor: 'pointer',
        onClick: (bar: unknown) => {
          const { bucket } = rowOf<{ bucket: number }>(bar);
          const drill = measure === 'delivery_minutes' ? { delivery_bucket: bucket } : { pickup_bucket: bucket };
          navigate(historyLink(vendorId, insights.period, measure === 'delivery_minutes' ? 'delivered' : null, drill));
        },
      }}
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
      {...BAR_CHART_DEFAULTS}
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
    key: row.reason,
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
      {...BAR_CHART_DEFAULTS}
      series={[
        { name: 'orders', label: t('insights.column.orders'), color: 'red.6' },
        { name: 'previous_orders', label: t('insights.column.previous_orders'), color: 'gray.4' },
      ]}
      valueFormatter={(value) => formatCount(value, language)}
      xAxisProps={xAxisProps}
      yAxisProps={{ ...yAxisProps, width: 130 }}
      barProps={{
        cursor: 'pointer',
        onClick: (bar: unknown) => {
          const reason = CancellationReasonSchema.safeParse(rowOf<{ key: string }>(bar).key);
          const drill = reason.success ? { cancel_reason: reason.data } : {};
          navigate(historyLink(vendorId, insights.period, 'cancelled', drill));
        },
      }}
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
      {...BAR_CHART_DEFAULTS}
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
