import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { BulkJob } from '@riderdesk/domain/contracts/bulk';
import { formatMoney } from '@riderdesk/domain/money';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../shared/format/format.ts';

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={24} fw={700} c={color}>
        {value}
      </Text>
    </Paper>
  );
}

/** spec §3 bulk job totals: rows, orders to be placed (or placed), errors and the total fee. */
export function BulkTotals({ job }: { job: BulkJob }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatCount(value, i18n.language);
  const isPlaced = job.placement !== 'NOT_STARTED';
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="md">
      <Figure label={t('bulk.results.total-rows')} value={number(job.totals.total_rows)} />
      <Figure
        label={isPlaced ? t('bulk.history.orders') : t('bulk.results.to-place')}
        value={number(isPlaced ? job.totals.orders_placed : job.totals.orders_to_be_placed)}
        color="teal.8"
      />
      <Figure
        label={t('bulk.results.errors')}
        value={number(job.totals.errors)}
        color={job.totals.errors > 0 ? 'red.8' : undefined}
      />
      <Figure label={t('bulk.results.total-fee')} value={formatMoney(job.total_fee, job.currency, i18n.language)} />
    </SimpleGrid>
  );
}
