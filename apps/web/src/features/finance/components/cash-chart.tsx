import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { fromMinor } from '@riderdesk/domain/money';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney } from '../../../shared/format/format.ts';

const localeOf = (language: string) => (language.startsWith('ur') ? 'ur-PK-u-nu-latn' : 'en-GB');

/** Cash riders collected for the merchant per day (the last 30 days in the country's zone). */
export function CashChart({ days, currency }: { days: { day: string; collected_minor: number }[]; currency: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const isRtl = i18n.dir(language) === 'rtl';
  const dayFormat = new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const data = days.map((day) => ({
    label: dayFormat.format(new Date(`${day.day}T12:00:00Z`)),
    collected: fromMinor(day.collected_minor, currency),
  }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="label"
      accessibilityLayer={false}
      series={[{ name: 'collected', label: t('finance.chart.series'), color: 'teal.6' }]}
      valueFormatter={(value) => formatMoney(value, currency, language)}
      xAxisProps={{ reversed: isRtl }}
      yAxisProps={{
        orientation: isRtl ? 'right' : 'left',
        width: 72,
        tickFormatter: (value: number) => formatCount(value, language),
      }}
    />
  );
}
