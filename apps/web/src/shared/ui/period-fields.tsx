import '@mantine/dates/styles.css';
import { Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { DATE_PRESETS, type DatePreset } from '@riderdesk/domain/date-presets';
import { CUSTOM_RANGE_ERRORS, HISTORY_MAX_RANGE_DAYS, type HistoryDateRange } from '@riderdesk/domain/order-history';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A period as History chooses it (spec §3): a preset, or custom first and last days in the country's time zone.
 * History's filters and the insights page both use it.
 */
export function PeriodFields({
  label,
  range,
  onChange,
  rangeError,
  today,
}: {
  label: string;
  range: HistoryDateRange;
  onChange: (range: HistoryDateRange) => void;
  /** A custom range's problem (History's message keys), or null. */
  rangeError: string | null;
  /** The last day a custom range may end on: today in the country time zone (YYYY-MM-DD). */
  today: string;
}) {
  const { t } = useTranslation();
  const custom = range.preset === 'Custom' ? range : null;
  const choosePreset = (preset: DatePreset) =>
    onChange(preset === 'Custom' ? { preset, start: null, end: null } : { preset });
  return (
    <>
      <Select
        label={label}
        data={DATE_PRESETS.map((preset) => ({ value: preset, label: t(`history.filters.preset.${preset}`) }))}
        value={range.preset}
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
          onChange={([start, end]) => onChange({ preset: 'Custom', start: start ?? null, end: end ?? null })}
          maxDate={today}
          allowSingleDateInRange
          valueFormat="D MMM YYYY"
          // An unfinished range is a hint (what was shown stays); only a wrong one is an error.
          description={rangeError === CUSTOM_RANGE_ERRORS.incomplete ? t(rangeError) : undefined}
          error={
            rangeError && rangeError !== CUSTOM_RANGE_ERRORS.incomplete
              ? t(rangeError, { days: HISTORY_MAX_RANGE_DAYS })
              : undefined
          }
          w={{ base: '100%', xs: 280 }}
        />
      )}
    </>
  );
}
