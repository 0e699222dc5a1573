/** Money in the deployment's currency, one form per language (domain money.ts). */
export { formatMoney } from '@riderdesk/domain/money';

/**
 * Date and time in the country's time zone, never the browser's; the time on the same 24-hour clock as
 * formatTime in every language.
 */
export function formatDateTime(date: Date | number, timeZone: string, language: string): string {
  const locale = language.startsWith('ur') ? 'ur-PK-u-nu-latn' : 'en-GB';
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(date);
}

/** Time of day in the country's time zone (today's orders need no date). */
export function formatTime(date: Date | number, timeZone: string, language: string): string {
  const locale = language.startsWith('ur') ? 'ur-PK-u-nu-latn' : 'en-GB';
  // 24-hour clock in both languages: an AM/PM suffix reorders confusingly inside right-to-left text.
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    date,
  );
}
