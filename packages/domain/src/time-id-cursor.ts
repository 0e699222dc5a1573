/**
 * The cursor of a list kept newest first by (time, bigint id): the merchant API's calls (decision 161), the
 * console's audit log (decision 170). The last row's time in ms and its id, so rows of the same millisecond are
 * not skipped.
 */
export function timeIdCursorOf(at: Date, id: string): string {
  return `${at.getTime()}.${id}`;
}

/** The time and id a cursor names, or null for anything else. */
export function parseTimeIdCursor(cursor: string): { at: Date; id: string } | null {
  const match = /^(\d{1,15})\.(\d{1,19})$/.exec(cursor);
  if (!match) return null;
  return { at: new Date(Number(match[1])), id: match[2] as string };
}
