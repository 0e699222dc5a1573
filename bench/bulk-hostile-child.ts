// One measurement of bench/bulk-hostile.ts, in a process of its own: the file in BENCH_BULK_FILE checked and
// parsed as an upload is, with the process's peak resident memory over what it held before.
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { BULK_MAX_ROWS } from '@riderdesk/domain/bulk/bulk-sheet';
import { AppError } from '../apps/api/src/errors.ts';
import { checkBulkFile } from '../apps/api/src/modules/bulk/file-checks.ts';
import { parseBulkFile } from '../apps/api/src/modules/bulk/parse-file.ts';
import { bulkWorkbook } from './bulk-upload.ts';

// BENCH_BULK_CHECKS=0 hands the file to the parse worker without the checks, as if they had let it through.
const withChecks = process.env.BENCH_BULK_CHECKS !== '0';

async function upload(bytes: Buffer): Promise<string> {
  try {
    const checked = withChecks ? checkBulkFile(bytes, 'orders.xlsx') : { kind: 'xlsx' as const };
    const { rows } = await parseBulkFile(bytes, checked, BULK_MAX_ROWS);
    return `parsed (${rows.length - 1} rows)`;
  } catch (error) {
    return error instanceof AppError ? error.message : String(error);
  }
}

/** Peak resident memory since the last reset (Linux: VmHWM), in bytes. */
function residentPeak(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

const file = readFileSync(process.env.BENCH_BULK_FILE ?? '');
// The parse worker and its reader loaded first, so the figure is the file's, not the reader's start.
await upload(bulkWorkbook(10));
globalThis.gc?.();
const before = process.memoryUsage.rss();
// Writing 5 to clear_refs resets VmHWM to the present size; sampling covers a kernel without it.
try {
  writeFileSync('/proc/self/clear_refs', '5');
} catch {}
let sampled = before;
const sampler = setInterval(() => {
  sampled = Math.max(sampled, process.memoryUsage.rss());
}, 2);
const started = performance.now();
const outcome = await upload(file);
const ms = Math.round(performance.now() - started);
clearInterval(sampler);
const peak = Math.max(sampled, residentPeak());
process.stdout.write(
  JSON.stringify({ fileBytes: file.length, outcome, peakMb: Math.max(0, peak - before) / 2 ** 20, ms }),
);
process.exit(0);
