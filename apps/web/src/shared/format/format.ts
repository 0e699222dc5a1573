/** Money in the deployment's currency, one form per language (domain money.ts). */
export { formatMoney } from '@riderdesk/domain/money';

const DATE_TIME_OPTIONS = {
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  // 24-hour clock in both languages: an AM/PM suffix reorders confusingly inside right-to-left text.
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  day: { day: 'numeric', month: 'short' },
  dayKey: { year: 'numeric', month: '2-digit', day: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per form, locale and zone, made once: making one costs far more than formatting with it (a
 * history page formats hundreds of times, and on a slow phone each new formatter is a millisecond or more).
 */
function dateTimeFormat(form: keyof typeof DATE_TIME_OPTIONS, locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${form} ${locale} ${timeZone}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...DATE_TIME_OPTIONS[form], timeZone });
    dateTimeFormats.set(key, format);
  }
  return format;
}

const localeOf = (language: string) => (language.startsWith('ur') ? 'ur-PK-u-nu-latn' : 'en-GB');

/**
 * Date and time in the country's time zone, never the browser's; the time on the same 24-hour clock as
 * formatTime in every language.
 */
export function formatDateTime(date: Date | number, timeZone: string, language: string): string {
  return dateTimeFormat('dateTime', localeOf(language), timeZone).format(date);
}

/** Time of day in the country's time zone (today's orders need no date). */
export function formatTime(date: Date | number, timeZone: string, language: string): string {
  return dateTimeFormat('time', localeOf(language), timeZone).format(date);
}

const dayKey = (date: Date | number, timeZone: string) => dateTimeFormat('dayKey', 'en-CA', timeZone).format(date);

/** Calendar days from today to the date as the country's clock counts them: 0 today, 1 tomorrow, -1 yesterday. */
export function daysFromToday(date: Date | number, now: Date | number, timeZone: string): number {
  return Math.round((Date.parse(dayKey(date, timeZone)) - Date.parse(dayKey(now, timeZone))) / 86_400_000);
}

/** Day and month in the country's time zone ('25 Nov'). */
export function formatDay(date: Date | number, timeZone: string, language: string): string {
  return dateTimeFormat('day', localeOf(language), timeZone).format(date);
}

/** A count with the language's grouping, in Latin digits like every other figure of the product. */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language.startsWith('ur') ? 'ur-PK-u-nu-latn' : 'en').format(value);
}
