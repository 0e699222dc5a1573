// Reads a checked bulk file off the event loop (docs/decisions/051-bulk-file-checks.md), as the task of a
// worker pool (piscina). Plain JavaScript so the same file runs in a worker thread from source and, bundled
// as dist/bulk-parse-worker.js, in production. Input: { bytes, kind, limits, maxRows }. Output:
// { ok: true, sheet, rows } or { ok: false, key }.

import * as XLSX from '@e965/xlsx';
import { storedZip, unpackEntries, ZipRefusal, zipEntries } from './zip-reader.mjs';

/**
 * The workbook as the reader gets it: its zip read again here (nothing from the main thread is trusted),
 * every entry unpacked within the budget, then written back as stored entries, so SheetJS, which follows
 * local headers and inflates without a bound, never inflates anything itself.
 */
function unpackedWorkbook(bytes, limits) {
  try {
    return storedZip(unpackEntries(bytes, zipEntries(bytes, limits), limits));
  } catch (error) {
    throw new Error(error instanceof ZipRefusal && error.reason === 'unsafe' ? 'unsafe' : 'invalid');
  }
}

const CSV_SEPARATORS = [',', ';', '\t', '|'];

/**
 * CSV text in the form that SheetJS can only read as delimited text: it picks a reader by the first bytes
 * (HTML or SpreadsheetML for "<", SYLK for "ID", DIF, RTF…), so the text is led by a "sep=" line naming the
 * separator its header line uses most, outside quotes.
 */
function delimitedText(text) {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (/^sep=.(\r\n|\r|\n)/.test(body)) return body;
  const counts = new Map(CSV_SEPARATORS.map((separator) => [separator, 0]));
  let quoted = false;
  for (const char of body.slice(0, 1024)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char) + 1);
  }
  let separator = ',';
  for (const [candidate, count] of counts) if (count > counts.get(separator)) separator = candidate;
  return `sep=${separator}\n${body}`;
}

function firstOrderSheet(workbook) {
  // The template's second sheet holds the instructions; the orders are on the first.
  const name = workbook.SheetNames[0];
  return name === undefined ? null : { name, sheet: workbook.Sheets[name] };
}

function cellValue(value) {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function parse({ bytes, kind, limits, maxRows }) {
  const buffer = Buffer.from(bytes);
  const options = {
    dense: true,
    // Phone numbers and amounts stay as written; dates stay Excel day numbers, read in the country's zone.
    raw: kind === 'csv',
    cellDates: false,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    // One past the limit, so a file over it is told apart from one exactly at it.
    sheetRows: maxRows + 2,
  };
  const workbook =
    kind === 'csv'
      ? XLSX.read(delimitedText(buffer.toString('utf8')), { ...options, type: 'string' })
      : XLSX.read(unpackedWorkbook(buffer, limits), { ...options, type: 'buffer' });
  const first = firstOrderSheet(workbook);
  if (!first) throw new Error('empty');
  const rows = XLSX.utils.sheet_to_json(first.sheet, { header: 1, raw: true, defval: null, blankrows: true });
  return { sheet: first.name, rows: rows.map((row) => (Array.isArray(row) ? row.map(cellValue) : [])) };
}

/** The pool's task (parse-file.ts): the worker stays up between files, so the reader is loaded once. */
export default function parseTask(task) {
  try {
    return { ok: true, ...parse(task) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : '';
    const key =
      reason === 'unsafe'
        ? 'bulk.error.unsafe-file'
        : reason === 'empty'
          ? 'bulk.error.no-rows'
          : 'bulk.error.invalid-format';
    return { ok: false, key };
  }
}
