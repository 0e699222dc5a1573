import { BULK_FILE_MAX_BYTES } from '@riderdesk/domain/constants';
import { keyedError } from '../../errors.ts';

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

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Offset of the entry's local header. */
  localOffset: number;
}

const invalidFormat = () => keyedError(400, 'InvalidFormat', 'bulk.error.invalid-format', 'content');
const unsafeFile = () => keyedError(400, 'UnsafeFile', 'bulk.error.unsafe-file', 'content');
const tooLarge = () => keyedError(413, 'FileTooLarge', 'bulk.error.too-large', 'content');

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
// The end record is 22 bytes plus a comment of at most 65 535.
const END_RECORD_MIN = 22;
const END_SEARCH_SPAN = END_RECORD_MIN + 0xffff;
const STORED = 0;
const DEFLATED = 8;

/** The zip's central directory: the entries with the sizes they declare. Throws on a broken structure. */
export function zipEntries(bytes: Buffer): ZipEntry[] {
  let end = -1;
  for (let at = bytes.length - END_RECORD_MIN; at >= Math.max(0, bytes.length - END_SEARCH_SPAN); at--) {
    if (bytes.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw invalidFormat();
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  // ZIP64 (0xffff / 0xffffffff markers) is never needed by a 5 MB workbook.
  if (count === 0xffff || directoryOffset === 0xffffffff) throw unsafeFile();
  if (count > UNPACK_LIMITS.maxEntries) throw unsafeFile();
  if (directoryOffset + directorySize > end) throw invalidFormat();

  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL_HEADER) throw invalidFormat();
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      uncompressedSize: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (entry.localOffset + 30 > directoryOffset || bytes.readUInt32LE(entry.localOffset) !== LOCAL_HEADER) {
      throw invalidFormat();
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
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

/**
 * spec §5 bulk upload, before any parser sees the file: at most 5 242 880 bytes; an XLSX workbook (zip
 * signature, central directory, the workbook's parts, sizes within UNPACK_LIMITS) or, for a `.csv` name,
 * UTF-8 text. Everything here reads headers, so a refusal costs milliseconds whatever the file claims.
 */
export function checkBulkFile(
  bytes: Buffer,
  fileName: string | undefined,
): { kind: BulkFileKind; entries: ZipEntry[] } {
  if (bytes.length > BULK_FILE_MAX_BYTES) throw tooLarge();
  if (bytes.length < 4) throw invalidFormat();
  if (bytes.readUInt32LE(0) === LOCAL_HEADER) {
    const entries = zipEntries(bytes);
    assertWorkbookStructure(entries);
    assertDeclaredSizes(entries);
    return { kind: 'xlsx', entries };
  }
  const isCsvName = /\.csv$/i.test(fileName ?? '');
  if (isCsvName && isUtf8Text(bytes)) return { kind: 'csv', entries: [] };
  throw invalidFormat();
}
