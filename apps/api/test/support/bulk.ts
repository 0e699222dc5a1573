import { deflateRawSync } from 'node:zlib';
import type { TestApp } from './app.ts';
import type { Merchant } from './factories.ts';

/** The template as a merchant downloads it. */
export async function downloadTemplate(t: Pick<TestApp, 'app'>, merchant: Merchant, language?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/bulk-job/example-file${language ? `?language=${language}` : ''}`,
    headers: merchant.headers,
  });
  if (response.statusCode !== 200) throw new Error(`template failed: ${response.body}`);
  return response.rawPayload;
}

export function uploadBulkFile(
  t: Pick<TestApp, 'app'>,
  merchant: Merchant,
  file: Buffer,
  options: { vendorId?: string; fileName?: string; uploadId?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/bulk-job/create',
    headers: merchant.headers,
    payload: {
      vendor_id: options.vendorId ?? merchant.vendorId,
      content: file.toString('base64'),
      file_name: options.fileName ?? 'orders.xlsx',
      ...(options.uploadId ? { upload_id: options.uploadId } : {}),
    },
  });
}

export interface ZipPart {
  name: string;
  data: Buffer;
  /** What the headers claim the entry unpacks to; the real size by default. */
  declaredSize?: number;
  /** What the central directory says instead of what the local header says (method 0 stored, 8 deflate). */
  central?: { method?: number; compressedSize?: number; uncompressedSize?: number };
  /** Sizes written in the local header instead of the real ones. */
  local?: { compressedSize?: number; uncompressedSize?: number };
}

/** A zip archive written by hand, so a test can make one whose headers lie about its sizes. */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const compressed = deflateRawSync(part.data);
    const name = Buffer.from(part.name, 'utf8');
    const size = part.declaredSize ?? part.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.local?.compressedSize ?? compressed.length, 18);
    local.writeUInt32LE(part.local?.uncompressedSize ?? size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.central?.method ?? 8, 10);
    central.writeUInt32LE(part.central?.compressedSize ?? compressed.length, 20);
    central.writeUInt32LE(part.central?.uncompressedSize ?? size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts a workbook must have, with `sheet` as its only worksheet. */
export function workbookParts(sheet: ZipPart): ZipPart[] {
  const text = (value: string) => Buffer.from(value, 'utf8');
  return [
    { name: '[Content_Types].xml', data: text('<Types/>') },
    { name: 'xl/workbook.xml', data: text('<workbook/>') },
    { ...sheet, name: 'xl/worksheets/sheet1.xml' },
  ];
}
