import { formatCount, formatMoney } from '../../../shared/format/format.ts';

// Numbers and days as the page shows them: the language's grouping in Latin digits (like every figure of the
// product), days and months in the language's words.

const numberFormats = new Map<string, Intl.NumberFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const localeOf = (language: string) => (language.startsWith('ur') ? 'ur-PK-u-nu-latn' : 'en-GB');

export function formatDecimal(value: number, language: string): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 });
    numberFormats.set(language, format);
  }
  return format.format(value);
}

export const formatPercent = (share: number, language: string) => `${formatDecimal(share * 100, language)}%`;

/** A calendar day ('2026-03-09') as '9 Mar' in the language. */
export function formatCalendarDay(day: string, language: string): string {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', timeZone: 'UTC' });
    dayFormats.set(language, format);
  }
  return format.format(new Date(`${day}T12:00:00Z`));
}

export { formatCount, formatMoney };
