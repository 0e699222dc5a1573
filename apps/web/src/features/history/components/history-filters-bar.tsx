import '@mantine/dates/styles.css';
import { ActionIcon, Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { DATE_PRESETS, type DatePreset } from '@riderdesk/domain/date-presets';
import { CUSTOM_RANGE_ERRORS, type CustomRangeError, HISTORY_MAX_RANGE_DAYS } from '@riderdesk/domain/order-history';
import { STATUS_FILTERS, type StatusFilter } from '@riderdesk/domain/order-status';
import { IconCalendar, IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
  const custom = filters.range.preset === 'Custom' ? filters.range : null;
  const choosePreset = (preset: DatePreset) =>
    onChange({
      range: preset === 'Custom' ? { preset, start: null, end: null } : { preset },
    });
  return (
    <Group gap="sm" align="flex-start" wrap="wrap" role="search" aria-label={t('history.filters.label')}>
      <Select
        label={t('history.filters.range')}
        data={DATE_PRESETS.map((preset) => ({ value: preset, label: t(`history.filters.preset.${preset}`) }))}
        value={filters.range.preset}
        onChange={(value) => value && choosePreset(value as DatePreset)}
        allowDeselect={false}
        w={{ base: '100%', xs: 180 }}
        comboboxProps={{ withinPortal: true }}
      />
      {custom && (
        <DatePickerInput
          type="range"
          label={t('history.filters.dates')}
          placeholder={t('history.filters.dates-placeholder')}
          leftSection={<IconCalendar size={16} />}
          value={[custom.start, custom.end]}
          onChange={([start, end]) => onChange({ range: { preset: 'Custom', start: start ?? null, end: end ?? null } })}
          maxDate={today}
          allowSingleDateInRange
          valueFormat="D MMM YYYY"
          // An unfinished range is a hint (the last orders stay listed); only a wrong one is an error.
          description={rangeError === CUSTOM_RANGE_ERRORS.incomplete ? t(rangeError) : undefined}
          error={
            rangeError && rangeError !== CUSTOM_RANGE_ERRORS.incomplete
              ? t(rangeError, { days: HISTORY_MAX_RANGE_DAYS })
              : undefined
          }
          w={{ base: '100%', xs: 280 }}
        />
      )}
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
