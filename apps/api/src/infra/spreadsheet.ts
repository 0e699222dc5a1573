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

/** A wall-clock time in the country's zone, "yyyy-MM-dd HH:mm[:ss]": a date in an XLSX, that text in a CSV. */
export interface ExportTime {
  readonly time: string;
}
export type ExportCell = string | number | ExportTime | null;

/** A time cell, or an empty one. */
export const exportTime = (text: string | null): ExportTime | null => (text === null ? null : { time: text });

// OWASP "CSV injection": a spreadsheet reads a cell starting with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

export function startsLikeFormula(value: string): boolean {
  return FORMULA_START.test(value);
}

// What a spreadsheet reads as a plain value although it starts with + or -: a number ("-5", "+1.5") or a phone
// number in its international form ("+923001234567"). OWASP's guidance leaves such strictly numeric values alone.
const SIGNED_NUMBER = /^[+-](\d+(\.\d+)?|\.\d+)$/;
const INTERNATIONAL_PHONE = /^\+\d{7,15}$/;

/** Text a spreadsheet would run as a formula: it starts like one and is not a number or a phone number. */
export function runsAsFormula(text: string): boolean {
  return startsLikeFormula(text) && !SIGNED_NUMBER.test(text) && !INTERNATIONAL_PHONE.test(text);
}

/**
 * CSV has no cell types: a leading apostrophe makes a spreadsheet keep text that would run as a formula as
 * text; numbers and phone numbers are written as they are. A time is its text, which spreadsheets read as a
 * date. Bidi controls are left out, as in the XLSX (withoutBidiControls).
 */
export function neutraliseForCsv(cell: ExportCell): string | number | null {
  if (cell === null || typeof cell === 'number') return cell;
  if (typeof cell !== 'string') return cell.time;
  const text = withoutBidiControls(cell);
  return runsAsFormula(text) ? `'${text}` : text;
}

// A cell is quoted when it holds a comma, a quote or a line break (RFC 4180), as csv-stringify does.
const CSV_QUOTE_WHEN = /[",\n\r]/;

/**
 * One CSV record ended by a line feed, its cells neutralised (neutraliseForCsv) unless told otherwise: byte
 * for byte what csv-stringify writes with its default options (tested), without its per-cell option
 * handling, which cost about as much as the rest of the export (bench/LOG.md, order-history).
 */
export function csvRecord(cells: readonly ExportCell[], { neutralise = true } = {}): string {
  let record = '';
  for (let index = 0; index < cells.length; index++) {
    if (index > 0) record += ',';
    const cell = cells[index];
    if (cell === null || cell === undefined) continue;
    if (typeof cell === 'number') {
      record += String(cell);
      continue;
    }
    const text = neutralise ? String(neutraliseForCsv(cell)) : typeof cell === 'string' ? cell : cell.time;
    record += CSV_QUOTE_WHEN.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  }
  return `${record}\n`;
}

/** The content type of a CSV export. */
export const CSV_TYPE = 'text/csv; charset=utf-8';
// Spreadsheets read a CSV as UTF-8 (Urdu included) only when it starts with the byte order mark.
export const BOM = '\uFEFF';

/**
 * A CSV file, streamed: the headings as they are (never neutralised), then every row of every batch, a batch a
 * chunk, each cell neutralised (csvRecord).
 */
export async function* csvChunks<T>(
  batches: AsyncIterable<readonly T[]>,
  headings: readonly string[],
  row: (record: T) => ExportCell[],
): AsyncGenerator<Buffer> {
  yield Buffer.from(BOM + csvRecord(headings, { neutralise: false }), 'utf8');
  for await (const batch of batches) {
    let chunk = '';
    for (const record of batch) chunk += csvRecord(row(record));
    yield Buffer.from(chunk, 'utf8');
  }
}
