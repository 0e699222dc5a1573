import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Insights, InsightsTotals } from '@riderdesk/domain/contracts/insights';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { trendOf } from '../insights-view.ts';
import { formatCount, formatDecimal, formatMoney, formatPercent } from './insights-format.ts';

type Kind = 'count' | 'minutes' | 'share' | 'money';

const FIGURES: readonly { key: string; kind: Kind; read: (totals: InsightsTotals) => number | null }[] = [
  { key: 'orders', kind: 'count', read: (t) => t.orders },
  { key: 'delivered', kind: 'count', read: (t) => t.delivered },
  { key: 'cancelled', kind: 'count', read: (t) => t.cancelled },
  { key: 'delivery_median', kind: 'minutes', read: (t) => t.delivery_minutes.median },
  { key: 'pickup_wait_median', kind: 'minutes', read: (t) => t.pickup_wait_minutes.median },
  { key: 'on_time_share', kind: 'share', read: (t) => t.on_time.share },
  { key: 'delivery_spend', kind: 'money', read: (t) => t.delivery_spend },
  { key: 'cash_collected', kind: 'money', read: (t) => t.cash_collected },
  { key: 'voucher_savings', kind: 'money', read: (t) => t.voucher_savings },
];

/** The period's main figures, each beside the previous period's. */
export function SummaryGrid({ insights }: { insights: Insights }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const shown = (kind: Kind, value: number | null) => {
    if (value === null) return '–';
    if (kind === 'count') return formatCount(value, language);
    if (kind === 'minutes') return t('insights.minutes', { value: formatDecimal(value, language) });
    if (kind === 'share') return formatPercent(value, language);
    return formatMoney(value, insights.currency, language);
  };
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0 }}>
      {FIGURES.map(({ key, kind, read }) => {
        const current = read(insights.totals);
        const previous = read(insights.previous_totals);
        const { trend, change } = trendOf(current, previous);
        const Icon = trend === 'up' ? IconArrowUpRight : trend === 'down' ? IconArrowDownRight : IconMinus;
        const changeText =
          trend === 'up' || trend === 'down'
            ? t(`insights.change.${trend}`, { value: formatPercent(Math.abs(change ?? 0), language) })
            : t(`insights.change.${trend}`);
        return (
          <Paper key={key} component="li" withBorder radius="md" p="sm">
            <Stack gap={2}>
              <Text fz="xs" c="dimmed" fw={600}>
                {t(`insights.figure.${key}`)}
              </Text>
              <Text fz="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {shown(kind, current)}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Icon size={14} aria-hidden="true" />
                <Text fz="xs" c="dimmed">
                  {changeText}
                </Text>
              </Group>
              <Text fz="xs" c="dimmed">
                {t('insights.vs-previous', { value: shown(kind, previous) })}
              </Text>
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
