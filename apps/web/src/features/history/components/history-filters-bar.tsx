import { ActionIcon, Group, Select, TextInput } from '@mantine/core';
import type { CustomRangeError } from '@riderdesk/domain/order-history';
import { STATUS_FILTERS, type StatusFilter } from '@riderdesk/domain/order-status';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PeriodFields } from '../../../shared/ui/period-fields.tsx';
import type { HistoryFilters } from '../hooks/use-history-filters.ts';

export type HistoryFiltersBarProps = {
  filters: HistoryFilters;
  onChange: (change: Partial<HistoryFilters>) => void;
  rangeError: CustomRangeError | null;
  search: string;
  /** A guest's search takes a phone only (spec §5). */
  searchPlaceholder?: string;
  searchError?: string | null;
  onSearchChange: (term: string) => void;
  /** The last day a custom range may end on: today in the country time zone (YYYY-MM-DD). */
  today: string;
};

/** spec §3 filters: date range (presets or custom dates), status and search. */
export function HistoryFiltersBar({
  filters,
  onChange,
  rangeError,
  search,
  searchPlaceholder,
  searchError,
  onSearchChange,
  today,
}: HistoryFiltersBarProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-start" wrap="wrap" role="search" aria-label={t('history.filters.label')}>
      <PeriodFields
        label={t('history.filters.range')}
        range={filters.range}
        onChange={(range) => onChange({ range })}
        rangeError={rangeError}
        today={today}
      />
      <Select
        label={t('history.filters.status')}
        data={STATUS_FILTERS.map((status) => ({ value: status, label: t(`history.filters.status-value.${status}`) }))}
        value={filters.status}
        onChange={(value) => value && onChange({ status: value as StatusFilter })}
        allowDeselect={false}
        w={{ base: '100%', xs: 180 }}
      />
      <TextInput
        label={t('history.filters.search')}
        placeholder={searchPlaceholder ?? t('history.filters.search-placeholder')}
        error={searchError || undefined}
        leftSection={<IconSearch size={16} />}
        value={search}
        // A phone number or an order id reads left to right in an Urdu page too, an Urdu name right to left;
        // the field itself (its icons) keeps the page's direction.
        styles={{ input: { unicodeBidi: 'plaintext' } }}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        rightSection={
          search ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => onSearchChange('')}
              aria-label={t('history.filters.clear-search')}
            >
              <IconX size={14} />
            </ActionIcon>
          ) : null
        }
        type="search"
        maxLength={64}
        style={{ flex: '1 1 240px' }}
      />
    </Group>
  );
}
