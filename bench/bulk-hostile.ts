// Bulk parse peak memory (issue 33): a hostile workbook whose local header says "deflate" while its directory
// entry says "stored, 0 bytes", beside an anchor — a good workbook of about the same size — each checked and
// parsed as an upload is (file checks, then the parse worker), each in a process of its own, in the same run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDeflateRaw } from 'node:zlib';
import { bulkWorkbook } from './bulk-upload.ts';
import { nodeChild } from './child-process.ts';

export interface ParseMemory {
  /** The hostile file goes through the checks and the worker as an upload does, then to the worker alone. */
  file: 'anchor' | 'hostile' | 'hostile, worker alone';
  fileBytes: number;
  /** How the upload was answered: 'parsed (N rows)' or the refusal's key. */
  outcome: string;
  /** Peak resident memory of the process while the file was checked and parsed, over what it held before. */
  peakMb: number;
  ms: number;
}

export interface BulkHostileResult {
  runs: { anchor: ParseMemory; hostile: ParseMemory[]; ratios: number[] }[];
  loadAverage: number;
}

const CHILD = fileURLToPath(new URL('./bulk-hostile-child.ts', import.meta.url));

/** The deflate stream of `bytes` zero bytes, made a megabyte at a time. */
async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const megabyte = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < bytes; written += megabyte.length) {
    if (!deflate.write(megabyte)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * A workbook's three parts, the sheet's data deflated while both of its headers say "0 bytes" and the
 * directory says "stored": every declared size passes the checks.
 */
function hostileWorkbook(hidden: Buffer): Buffer {
  const parts = [
    { name: '[Content_Types].xml', packed: Buffer.from('<Types/>'), method: 0, lying: false },
    { name: 'xl/workbook.xml', packed: Buffer.from('<workbook/>'), method: 0, lying: false },
    { name: 'xl/worksheets/sheet1.xml', packed: hidden, method: 8, lying: true },
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const size = part.lying ? 0 : part.packed.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(size, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.packed);
    centrals.push(central, name);
    offset += local.length + name.length + part.packed.length;
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

/** A good workbook of at least `bytes` bytes (rows added until it is). */
function anchorWorkbook(bytes: number): Buffer {
  let rows = Math.max(10, Math.round(bytes / 185));
  let file = bulkWorkbook(rows);
  while (file.length < bytes) {
    rows = Math.ceil(rows * (bytes / file.length) * 1.02);
    file = bulkWorkbook(rows);
  }
  return file;
}

export async function benchBulkHostile(options: { hiddenMb: number; runs: number }): Promise<BulkHostileResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bulk-hostile-'));
  try {
    const hostile = hostileWorkbook(await deflatedZeros(options.hiddenMb * 1024 * 1024));
    const anchor = anchorWorkbook(hostile.length);
    const files = { anchor: path.join(dir, 'anchor.xlsx'), hostile: path.join(dir, 'hostile.xlsx') };
    writeFileSync(files.anchor, anchor);
    writeFileSync(files.hostile, hostile);
    const measure = (file: ParseMemory['file']) =>
      nodeChild<Omit<ParseMemory, 'file'>>(['--import', 'tsx', CHILD], {
        BENCH_BULK_FILE: file === 'anchor' ? files.anchor : files.hostile,
        BENCH_BULK_CHECKS: file === 'hostile, worker alone' ? '0' : '1',
      }).then((result) => ({ file, ...result }));
    const runs: BulkHostileResult['runs'] = [];
    for (let run = 0; run < options.runs; run++) {
      const anchorMemory = await measure('anchor');
      const hostileMemory = [await measure('hostile'), await measure('hostile, worker alone')];
      runs.push({
        anchor: anchorMemory,
        hostile: hostileMemory,
        ratios: hostileMemory.map((memory) => memory.peakMb / anchorMemory.peakMb),
      });
    }
    return { runs, loadAverage: loadavg()[0] ?? 0 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatBulkHostile(result: BulkHostileResult): string {
  const lines = [
    '| file | bytes | outcome | peak memory over the start | time | hostile ÷ anchor |',
    '| --- | ---: | --- | ---: | ---: | ---: |',
  ];
  for (const run of result.runs) {
    for (const [index, memory] of [run.anchor, ...run.hostile].entries()) {
      const ratio = index === 0 ? '' : (run.ratios[index - 1] ?? 0).toFixed(2);
      lines.push(
        `| ${memory.file} | ${memory.fileBytes.toLocaleString('en')} | ${memory.outcome} | ${memory.peakMb.toFixed(1)} MB | ${memory.ms} ms | ${ratio} |`,
      );
    }
  }
  lines.push(`load average ${result.loadAverage.toFixed(1)}`);
  return lines.join('\n');
}
