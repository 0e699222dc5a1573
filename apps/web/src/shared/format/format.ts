/** Money in the deployment's currency, in the reader's language (digits stay Latin for Urdu, as in PK retail). */
export function formatMoney(amount: number, currency: string, language: string): string {
  const locale = language.startsWith('ur') ? 'ur-PK-u-nu-latn' : 'en';
  return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 2 }).format(amount);
}

/** Date and time in the country's time zone, never the browser's. */
export function formatDateTime(date: Date | number, timeZone: string, language: string): string {
  const locale = language.startsWith('ur') ? 'ur-PK-u-nu-latn' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/** Time of day in the country's time zone (today's orders need no date). */
export function formatTime(date: Date | number, timeZone: string, language: string): string {
  const locale = language.startsWith('ur') ? 'ur-PK-u-nu-latn' : 'en-GB';
  // 24-hour clock in both languages: an AM/PM suffix reorders confusingly inside right-to-left text.
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    date,
  );
}
