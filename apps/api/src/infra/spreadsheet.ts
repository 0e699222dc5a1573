/** A spreadsheet column's letters from its zero-based index: 0 is A, 25 is Z, 26 is AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

// Unicode's Bidi_Control characters: the Arabic letter mark, the left-to-right and right-to-left marks, the
// embeddings, overrides and isolates. In a cell they reorder what is shown, so "\u202Egpj.exe" reads "exe.jpg"
// (CVE-2021-42574, "Trojan Source"). Urdu text needs none of them: a right-to-left sheet reads from the right.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Text for an exported cell: the bidi controls a client could have typed into it are left out. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

// Spreadsheets count days from 1899-12-30 (Excel's day 0, its 1900 leap-year bug included).
const DAY_ZERO_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 24 * 60 * 60 * 1000;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A wall-clock time written "yyyy-MM-dd HH:mm[:ss]" (already in the country's zone) as a spreadsheet's day
 * number, which a date format shows as that same time; null for text that is no such time.
 */
export function spreadsheetDayNumber(wallTime: string): number | null {
  const match = WALL_TIME.exec(wallTime.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const at = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const back = new Date(at);
  if (back.getUTCMonth() !== month! - 1 || back.getUTCDate() !== day! || hour! > 23 || minute! > 59) return null;
  return (at - DAY_ZERO_MS) / DAY_MS;
}

/** Whether a wall-clock time's text carries seconds ("yyyy-MM-dd HH:mm:ss"). */
export const hasSeconds = (wallTime: string): boolean => /:\d{2}:\d{2}$/.test(wallTime.trim());
