import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BulkCell } from '@riderdesk/domain/bulk/bulk-sheet';
import { keyedError } from '../../errors.ts';
import { type BulkFileKind, UNPACK_LIMITS, type ZipEntry } from './file-checks.ts';

export interface ParsedSheet {
  sheet: string;
  rows: BulkCell[][];
}

/** Files parsed at once by this process; more wait their turn, so uploads cannot take every core. */
const MAX_PARALLEL_PARSES = 2;
/** A parse still running after this is stopped: no honest 5 MB file takes that long. */
const PARSE_TIMEOUT_MS = 60_000;
/** The worker's heap: a 5 MB workbook parses in a few hundred MB at most. */
const WORKER_HEAP_MB = 768;

// From source the worker is parse-worker.mjs beside this file; the build bundles it as bulk-parse-worker.js
// beside the bundle (scripts/build.mjs).
const WORKER_FILE = [
  new URL('./bulk-parse-worker.js', import.meta.url),
  new URL('./parse-worker.mjs', import.meta.url),
].find((url) => existsSync(fileURLToPath(url)));

let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL_PARSES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

type WorkerAnswer = ({ ok: true } & ParsedSheet) | { ok: false; key: string };

/**
 * Reads a checked file (file-checks.ts) in a worker thread, so the event loop keeps answering other
 * merchants while a large workbook is unpacked and parsed. Refusals answer with a spec §8 bulk key.
 */
export function parseBulkFile(
  bytes: Buffer,
  checked: { kind: BulkFileKind; entries: ZipEntry[] },
  maxRows: number,
): Promise<ParsedSheet> {
  if (!WORKER_FILE) throw new Error('the bulk parse worker is missing from the build');
  const workerFile = WORKER_FILE;
  return slot(
    () =>
      new Promise<ParsedSheet>((resolve, reject) => {
        const copy = new Uint8Array(bytes);
        const worker = new Worker(workerFile, {
          workerData: { bytes: copy, kind: checked.kind, entries: checked.entries, limits: UNPACK_LIMITS, maxRows },
          transferList: [copy.buffer],
          resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
        });
        const unreadable = () => keyedError(400, 'InvalidFormat', 'bulk.error.invalid-format', 'content');
        const timer = setTimeout(() => {
          void worker.terminate();
          reject(keyedError(400, 'UnsafeFile', 'bulk.error.unsafe-file', 'content'));
        }, PARSE_TIMEOUT_MS);
        const settle = () => clearTimeout(timer);
        worker.once('message', (answer: WorkerAnswer) => {
          settle();
          void worker.terminate();
          if (answer.ok) resolve({ sheet: answer.sheet, rows: answer.rows });
          else
            reject(
              keyedError(
                400,
                answer.key === 'bulk.error.unsafe-file' ? 'UnsafeFile' : 'InvalidFormat',
                answer.key,
                'content',
              ),
            );
        });
        // Out of memory or a crash in the reader: the file is refused, never a 5xx.
        worker.once('error', () => {
          settle();
          reject(unreadable());
        });
        worker.once('exit', (code) => {
          settle();
          if (code !== 0) reject(unreadable());
        });
      }),
  );
}
