/** Half-hour steps of a day, as the quiet hours' selects offer them ('00:00' … '23:30'). */
export const QUIET_TIMES: readonly string[] = Array.from({ length: 48 }, (_, index) => {
  const hours = String(Math.floor(index / 2)).padStart(2, '0');
  return `${hours}:${index % 2 === 0 ? '00' : '30'}`;
});

/** 'HHMM:HHMM' (the server's form, as service hours are written) as the two times the page shows. */
export function fromQuietHours(value: string | null): { from: string; to: string } | null {
  const match = value ? /^(\d{2})(\d{2}):(\d{2})(\d{2})$/.exec(value) : null;
  return match ? { from: `${match[1]}:${match[2]}`, to: `${match[3]}:${match[4]}` } : null;
}

/** The two times as 'HHMM:HHMM'; the same time twice is no quiet hours at all (null). */
export function toQuietHours(from: string, to: string): string | null {
  if (from === to) return null;
  return `${from.replace(':', '')}:${to.replace(':', '')}`;
}
