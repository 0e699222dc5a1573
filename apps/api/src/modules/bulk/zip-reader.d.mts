export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
}

export interface ZipEntry {
  name: string;
  nameBytes: Buffer;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Offset of the entry's local header. */
  localOffset: number;
  /** Offset of the entry's data, after its local header. */
  dataOffset: number;
}

export class ZipRefusal extends Error {
  reason: 'invalid' | 'unsafe';
  constructor(reason: 'invalid' | 'unsafe');
}

export function zipEntries(bytes: Buffer, limits: ZipLimits): ZipEntry[];

export function unpackEntries(
  bytes: Buffer,
  entries: readonly ZipEntry[],
  limits: ZipLimits,
): { nameBytes: Buffer; data: Buffer }[];

export function storedZip(files: readonly { nameBytes: Buffer; data: Buffer }[]): Buffer;
