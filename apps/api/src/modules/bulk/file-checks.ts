import { BULK_FILE_MAX_BYTES } from '@riderdesk/domain/constants';
import { keyedError } from '../../errors.ts';
import { zipEntries as readZipEntries, type ZipEntry, ZipRefusal } from './zip-reader.mjs';

/**
 * Limits on what a workbook may unpack to (docs/decisions/051-bulk-file-checks.md). A real 5 MB workbook of
 * 25 000 rows unpacks to about 40 MB, mostly its sheet; a zip bomb declares or hides gigabytes.
 */
export const UNPACK_LIMITS = {
  /** Entries of the zip: a workbook has a dozen or two. */
  maxEntries: 500,
  /** Uncompressed bytes of one entry. */
  maxEntryBytes: 96 * 1024 * 1024,
  /** Uncompressed bytes of all entries together. */
  maxTotalBytes: 160 * 1024 * 1024,
  /** Uncompressed over compressed size of an entry, once it is larger than `ratioFloorBytes`. */
  maxRatio: 120,
  ratioFloorBytes: 1024 * 1024,
} as const;

export type BulkFileKind = 'xlsx' | 'csv';

export type { ZipEntry };

const invalidFormat = () => keyedError(400, 'InvalidFormat', 'bulk.error.invalid-format', 'content');
const unsafeFile = () => keyedError(400, 'UnsafeFile', 'bulk.error.unsafe-file', 'content');
const tooLarge = () => keyedError(413, 'FileTooLarge', 'bulk.error.too-large', 'content');

const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * The zip's central directory, each entry checked against its local header (zip-reader.mjs). Throws on a
 * broken structure, and on headers that disagree.
 */
export function zipEntries(bytes: Buffer): ZipEntry[] {
  try {
    return readZipEntries(bytes, UNPACK_LIMITS);
  } catch (error) {
    if (error instanceof ZipRefusal) throw error.reason === 'unsafe' ? unsafeFile() : invalidFormat();
    throw invalidFormat();
  }
}

/** Refuses an archive whose declared sizes exceed the limits; cheap, as it reads headers only. */
export function assertDeclaredSizes(entries: readonly ZipEntry[]): void {
  let total = 0;
  for (const entry of entries) {
    if (entry.method !== STORED && entry.method !== DEFLATED) throw invalidFormat();
    if (entry.uncompressedSize > UNPACK_LIMITS.maxEntryBytes) throw unsafeFile();
    if (
      entry.uncompressedSize > UNPACK_LIMITS.ratioFloorBytes &&
      entry.uncompressedSize > Math.max(1, entry.compressedSize) * UNPACK_LIMITS.maxRatio
    ) {
      throw unsafeFile();
    }
    total += entry.uncompressedSize;
    if (total > UNPACK_LIMITS.maxTotalBytes) throw unsafeFile();
  }
}

/** The parts every XLSX workbook has (ECMA-376 package): anything else zipped is not one. */
function assertWorkbookStructure(entries: readonly ZipEntry[]): void {
  const names = new Set(entries.map((entry) => entry.name));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) throw invalidFormat();
  if (!entries.some((entry) => /^xl\/worksheets\/[^/]+\.xml$/.test(entry.name))) throw invalidFormat();
}

function isUtf8Text(bytes: Buffer): boolean {
  // Binary files (images, old .xls) hold NUL bytes early on; text never does.
  if (bytes.subarray(0, 64 * 1024).includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Text that opens as markup (HTML, SpreadsheetML, any XML): a spreadsheet reader would take it for one. */
function isMarkup(bytes: Buffer): boolean {
  return /^\uFEFF?\s*</.test(bytes.subarray(0, 1024).toString('utf8'));
}

/**
 * spec §5 bulk upload, before any parser sees the file: at most 5 242 880 bytes; an XLSX workbook (zip
 * signature, central directory, the workbook's parts, sizes within UNPACK_LIMITS) or, for a `.csv` name,
 * UTF-8 text that is not markup. The name and the bytes must say the same: a zip named `.csv` and HTML named
 * `.csv` are refused. Everything here reads headers, so a refusal costs milliseconds whatever the file claims.
 */
export function checkBulkFile(
  bytes: Buffer,
  fileName: string | undefined,
): { kind: BulkFileKind; entries: ZipEntry[] } {
  if (bytes.length > BULK_FILE_MAX_BYTES) throw tooLarge();
  if (bytes.length < 4) throw invalidFormat();
  const isCsvName = /\.csv$/i.test(fileName ?? '');
  if (bytes.readUInt32LE(0) === LOCAL_HEADER) {
    if (isCsvName) throw invalidFormat();
    const entries = zipEntries(bytes);
    assertWorkbookStructure(entries);
    assertDeclaredSizes(entries);
    return { kind: 'xlsx', entries };
  }
  if (isCsvName && isUtf8Text(bytes) && !isMarkup(bytes)) return { kind: 'csv', entries: [] };
  throw invalidFormat();
}
