import { BULK_FILE_EXTENSION, BULK_FILE_MAX_BYTES, BULK_FILE_MIME_TYPE } from '@riderdesk/domain/constants';
import type { BulkRow, BulkRowError } from '@riderdesk/domain/contracts/bulk';

/** The files the upload takes: the template's XLSX, or CSV (read by the same columns). */
export const ACCEPTED_EXTENSIONS = [`.${BULK_FILE_EXTENSION}`, '.csv'] as const;
export const ACCEPTED_MIME_TYPES = [BULK_FILE_MIME_TYPE, 'text/csv', 'application/vnd.ms-excel'] as const;

/**
 * spec §5 bulk upload checked before sending: the spec §8 "invalid format" and "over 5 MB" keys, or null.
 * The server checks the bytes again; this spares a merchant a pointless upload.
 */
export function fileProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'bulk.error.invalid-format';
  if (file.size > BULK_FILE_MAX_BYTES) return 'bulk.error.too-large';
  return null;
}

/**
 * A row's problem in the merchant's words. The keys are the single order's (spec §5), so the request page's
 * text applies, except where that text speaks of its own controls (a map pin): `bulk.row-errors.<key>`
 * words those for a spreadsheet.
 */
export function rowErrorText(
  error: BulkRowError,
  t: (key: string, values?: Record<string, string>) => string,
  exists: (key: string) => boolean,
): string {
  const values = error.values ?? {};
  const sheetWording = `bulk.row-errors.${error.key}`;
  if (exists(sheetWording)) return t(sheetWording, values);
  if (exists(error.key)) return t(error.key, values);
  return t('bulk.error.invalid-value');
}

/** Every problem of a row, its error first (a row read before the server listed them has only its error). */
export function rowErrors(row: Pick<BulkRow, 'error' | 'errors'>): BulkRowError[] {
  if (row.errors && row.errors.length > 0) return row.errors;
  return row.error ? [row.error] : [];
}
