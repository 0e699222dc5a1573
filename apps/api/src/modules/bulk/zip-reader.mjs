// The bulk file's zip, read by us and never by the spreadsheet reader (docs/decisions/113-bulk-zip-unpacked-once.md).
// Plain JavaScript, as the parse worker (parse-worker.mjs) imports it and runs without a TypeScript loader;
// the file checks (file-checks.ts) import the same code, so both read a zip the same way.

import { inflateRawSync } from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
// The end record is 22 bytes plus a comment of at most 65 535.
const END_RECORD_MIN = 22;
const END_SEARCH_SPAN = END_RECORD_MIN + 0xffff;
const STORED = 0;
const DEFLATED = 8;
// Bit 0: encrypted; bit 6: strong encryption; bit 13: the local header is masked.
const ENCRYPTION_FLAGS = 0x2041;
// Bit 3: the sizes follow the data, in a data descriptor; the local header may hold zeros instead.
const SIZES_AFTER_DATA = 0x0008;

/** A file refused while its zip is read: 'invalid' (not a well-formed zip) or 'unsafe' (built to mislead). */
export class ZipRefusal extends Error {
  constructor(reason) {
    super(reason);
    this.name = 'ZipRefusal';
    this.reason = reason;
  }
}

const invalid = () => new ZipRefusal('invalid');
const unsafe = () => new ZipRefusal('unsafe');

/**
 * The zip's entries as its central directory lists them, each checked against its local header: a reader
 * that follows the local headers (as SheetJS does) must find the same method, flags, name and sizes, or the
 * file is refused, since the checks and the reader would otherwise see two different archives.
 */
export function zipEntries(bytes, limits) {
  if (bytes.length < END_RECORD_MIN || bytes.readUInt32LE(0) !== LOCAL_HEADER) throw invalid();
  let end = -1;
  for (let at = bytes.length - END_RECORD_MIN; at >= Math.max(0, bytes.length - END_SEARCH_SPAN); at--) {
    if (bytes.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw invalid();
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  // ZIP64 (0xffff / 0xffffffff markers) is never needed by a 5 MB workbook.
  if (count === 0xffff || directoryOffset === 0xffffffff) throw unsafe();
  if (count > limits.maxEntries) throw unsafe();
  if (directoryOffset + directorySize > end) throw invalid();

  const entries = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL_HEADER) throw invalid();
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength > end) throw invalid();
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const uncompressedSize = bytes.readUInt32LE(at + 24);
    const localOffset = bytes.readUInt32LE(at + 42);
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    if (flags & ENCRYPTION_FLAGS) throw invalid();
    if (method !== STORED && method !== DEFLATED) throw invalid();
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localOffset === 0xffffffff) {
      throw unsafe();
    }
    if (localOffset + 30 > directoryOffset || bytes.readUInt32LE(localOffset) !== LOCAL_HEADER) throw invalid();

    const localFlags = bytes.readUInt16LE(localOffset + 6);
    const localMethod = bytes.readUInt16LE(localOffset + 8);
    const localCompressed = bytes.readUInt32LE(localOffset + 18);
    const localUncompressed = bytes.readUInt32LE(localOffset + 22);
    const localNameLength = bytes.readUInt16LE(localOffset + 26);
    const localExtraLength = bytes.readUInt16LE(localOffset + 28);
    const dataOffset = localOffset + 30 + localNameLength + localExtraLength;
    const sizesAfterData = (localFlags & SIZES_AFTER_DATA) !== 0;
    const sizesAgree =
      (localCompressed === compressedSize && localUncompressed === uncompressedSize) ||
      (sizesAfterData && localCompressed === 0 && localUncompressed === 0);
    if (
      localMethod !== method ||
      (localFlags & ENCRYPTION_FLAGS) !== 0 ||
      !sizesAgree ||
      localNameLength !== nameLength ||
      !bytes.subarray(localOffset + 30, localOffset + 30 + nameLength).equals(nameBytes)
    ) {
      throw unsafe();
    }
    if (dataOffset + compressedSize > directoryOffset) throw invalid();
    if (method === STORED && compressedSize !== uncompressedSize) throw unsafe();
    entries.push({
      name: nameBytes.toString('utf8'),
      nameBytes,
      method,
      compressedSize,
      uncompressedSize,
      localOffset,
      dataOffset,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Every entry's bytes, unpacked with a hard bound whatever any header claims: an entry may give at most
 * `maxEntryBytes`, and all of them together at most `maxTotalBytes`, so inflation stops at the first byte
 * past the budget rather than after it. An entry that unpacks to another size than it declares is refused.
 */
export function unpackEntries(bytes, entries, limits) {
  let budget = limits.maxTotalBytes;
  const files = [];
  for (const entry of entries) {
    const bound = Math.min(limits.maxEntryBytes, budget);
    if (entry.uncompressedSize > bound) throw unsafe();
    const packed = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
    let data;
    if (entry.method === STORED) {
      data = packed;
    } else {
      try {
        // One byte past the declared size is enough to know the header lied.
        data = inflateRawSync(packed, { maxOutputLength: Math.max(1, Math.min(bound, entry.uncompressedSize + 1)) });
      } catch (error) {
        throw error && error.code === 'ERR_BUFFER_TOO_LARGE' ? unsafe() : invalid();
      }
    }
    if (data.length !== entry.uncompressedSize) throw unsafe();
    budget -= data.length;
    files.push({ nameBytes: entry.nameBytes, data });
  }
  return files;
}

/**
 * The unpacked entries as a zip of stored entries whose headers agree: the only archive the spreadsheet reader
 * is given, so it copies bytes and never inflates anything. The CRC fields hold 0, as that reader does not
 * check them and the bytes were checked while they were unpacked.
 */
export function storedZip(files) {
  const parts = [];
  const directory = [];
  let offset = 0;
  for (const file of files) {
    const name = file.nameBytes;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(file.data.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_HEADER, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(file.data.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, file.data);
    directory.push(central, name);
    offset += local.length + name.length + file.data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directoryBytes, end]);
}
