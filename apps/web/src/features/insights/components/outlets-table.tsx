import { Anchor, ScrollArea, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Insights } from '@riderdesk/domain/contracts/insights';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  historyLink,
  OUTLET_COLUMN_BUCKET,
  OUTLET_COLUMNS,
  type OutletColumn,
  outletValue,
  type SortDirection,
  sortOutlets,
} from '../insights-view.ts';
import { formatCount, formatDecimal, formatMoney, formatPercent } from './insights-format.ts';

/** The outlets side by side, sortable by each figure; a count opens those orders in History. */
export function OutletsTable({ insights }: { insights: Insights }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [sort, setSort] = useState<{ column: OutletColumn | 'name'; direction: SortDirection }>({
    column: 'orders',
    direction: 'descending',
  });
  const collator = useMemo(() => new Intl.Collator(language.split('_')[0]), [language]);
  const rows = sortOutlets(insights.outlets, sort.column, sort.direction, collator);
  const sortBy = (column: OutletColumn | 'name') =>
    setSort((current) => ({
      column,
      direction: current.column === column && current.direction === 'descending' ? 'ascending' : 'descending',
    }));
  const header = (column: OutletColumn | 'name') => {
    const label = t(`insights.column.${column === 'name' ? 'outlet' : column}`);
    const isSorted = sort.column === column;
    const Icon = !isSorted ? IconArrowsSort : sort.direction === 'ascending' ? IconSortAscending : IconSortDescending;
    return (
      <Table.Th key={column} scope="col" aria-sort={isSorted ? sort.direction : 'none'}>
        <UnstyledButton
          onClick={() => sortBy(column)}
          fz="sm"
          fw={600}
          style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}
          aria-label={t('insights.sort', { column: label })}
        >
          {label}
          <Icon size={14} aria-hidden="true" />
        </UnstyledButton>
      </Table.Th>
    );
  };
  const cell = (column: OutletColumn, value: number | null) => {
    if (value === null) return '–';
    if (column === 'on_time_share') return formatPercent(value, language);
    if (column === 'delivery_median' || column === 'pickup_wait_median')
      return t('insights.minutes', { value: formatDecimal(value, language) });
    if (column === 'delivery_spend' || column === 'cash_collected' || column === 'voucher_savings')
      return formatMoney(value, insights.currency, language);
    return formatCount(value, language);
  };
  return (
    <ScrollArea
      type="auto"
      offsetScrollbars
      viewportProps={{ tabIndex: 0, role: 'group', 'aria-label': t('insights.chart.outlets') }}
    >
      <Table striped highlightOnHover withTableBorder fz="sm" miw={900}>
        {/* The card's title says it on screen. */}
        <VisuallyHidden component="caption">{t('insights.chart.outlets')}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            {header('name')}
            {OUTLET_COLUMNS.map(header)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((outlet) => (
            <Table.Tr key={outlet.vendor_id}>
              <Table.Th scope="row" fw={500} miw={180}>
                {outlet.name}
              </Table.Th>
              {OUTLET_COLUMNS.map((column) => {
                const value = outletValue(outlet.totals, column);
                const bucket = OUTLET_COLUMN_BUCKET[column];
                const shown = cell(column, value);
                return (
                  <Table.Td key={column} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {bucket !== undefined && value !== null && value > 0 ? (
                      <Anchor component={Link} to={historyLink(outlet.vendor_id, insights.period, bucket)} fz="sm">
                        {shown}
                      </Anchor>
                    ) : (
                      shown
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
